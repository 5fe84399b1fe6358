import type { User } from '@flashcards/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import {
  createMemoryRouter,
  type Location,
  MemoryRouter,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLocation,
  useRoutes,
} from 'react-router';
import { onTestFinished } from 'vitest';
import { currentUserQuery } from '../lib/current-user';
import '../lib/i18n';
import { clearTokens, storeTokens } from '../lib/session';

export type RenderOptions = {
  /** The route pattern the element is shown at (`/school-exam/:examId`); by default every address. */
  path?: string;
  /** The address the router starts at; by default `/`. */
  at?: string;
  /** A layout route around the element's route, such as a guard (it renders an `<Outlet />`). */
  layout?: ReactNode;
  /** Other routes of the test's router, by path: where a page's links and redirects lead. */
  routes?: Record<string, ReactNode> | RouteObject[];
  /** The signed-in account, as the current-user query holds it (the page reads it from there). */
  user?: Partial<User>;
  /** Stores a pair of tokens, as a signed-in browser has. */
  signedIn?: boolean;
  /** The interface language for this test (back to English after it). */
  language?: 'en' | 'bg';
  /** The query cache; by default a fresh one that does not retry. */
  queryClient?: QueryClient;
  /** Mantine's toasts, for pages that say what they did with one. */
  notifications?: boolean;
  /** Mantine's test environment: no transitions and no portals. */
  mantineEnv?: 'test';
  /** Renders in React's strict mode (effects run twice on mount). */
  strict?: boolean;
  /** A data router (`createMemoryRouter`), as the app has, for pages that block navigation. */
  dataRouter?: boolean;
};

/**
 * Renders an element as the app shows it: query cache, Mantine, a memory router and the i18n texts, with
 * the options a test needs (route and address, language, a signed-in account). Returns the render result
 * with the router's current location and the query cache.
 */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const {
    path = '*',
    at = '/',
    routes = {},
    layout,
    user,
    signedIn = false,
    language,
    notifications: withNotifications = false,
    mantineEnv,
    strict = false,
    dataRouter = false,
  } = options;
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) queryClient.setQueryData(currentUserQuery.queryKey, user as User);
  if (signedIn) {
    storeTokens({ access: 'a', refresh: 'r' });
    onTestFinished(clearTokens);
  }
  if (language) {
    // The texts are bundled, so the language changes before the first render.
    void i18next.changeLanguage(language);
    onTestFinished(async () => {
      await i18next.changeLanguage('en');
    });
  }
  if (withNotifications) onTestFinished(() => notifications.clean());
  const others: RouteObject[] = Array.isArray(routes)
    ? routes
    : Object.entries(routes).map(([route, element]) => ({ path: route, element }));
  const route: RouteObject = { path, element: ui };
  const seen: { location?: Location } = {};
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MantineProvider env={mantineEnv}>
        {withNotifications ? <Notifications /> : null}
        {dataRouter ? (
          <RouterProvider
            router={createMemoryRouter(
              [
                {
                  element: <SeenLocation seen={seen} />,
                  children: [layout ? { element: layout, children: [route] } : route, ...others],
                },
              ],
              { initialEntries: [at] },
            )}
          />
        ) : (
          <MemoryRouter initialEntries={[at]}>
            <TestRoutes
              routes={[layout ? { element: layout, children: [route] } : route, ...others]}
              seen={seen}
            />
          </MemoryRouter>
        )}
      </MantineProvider>
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  /** Where the router is now: the page's navigations and the search it keeps in the address. */
  const location = () => seen.location as Location;
  return { ...result, location, queryClient };
}

function SeenLocation({ seen }: { seen: { location?: Location } }) {
  seen.location = useLocation();
  return <Outlet />;
}

function TestRoutes({ routes, seen }: { routes: RouteObject[]; seen: { location?: Location } }) {
  seen.location = useLocation();
  return useRoutes(routes);
}
