import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { colorSchemeOf, useTheme } from '../lib/theme';
import { queryClient } from './query-client';
import { mantineTheme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={mantineTheme} forceColorScheme={colorSchemeOf(theme)}>
        <Notifications position="top-center" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
