import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { colorSchemeOf, useTheme } from '../lib/theme';
import { queryClient } from './query-client';
import { mantineTheme } from './theme';

// Notifications are shown after an action, never on arrival: their code comes just after the page. One shown
// before then waits in the store and appears when the container does.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={mantineTheme} forceColorScheme={colorSchemeOf(theme)}>
        <Suspense fallback={null}>
          <Notifications position="top-center" />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
