import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useDocumentTitle } from '../lib/page-title';
import { captureReferralCode } from '../lib/referral';
import { useIsSignedIn } from '../lib/session';
import { AppFrame } from './layout/app-frame';
import { NavigationProgress } from './layout/navigation-progress';
import { isRouteHandle } from './route-handle';

function useRouteHandle() {
  return useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
}

function useRouteTitle(): string {
  const { t } = useTranslation('pages');
  return t(`titles.${useRouteHandle()?.title ?? 'home'}`);
}

/** Nothing of one user's data may linger in the cache for the next one. */
function useForgetDataOnSignOut(signedIn: boolean) {
  const queryClient = useQueryClient();
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) queryClient.clear();
    wasSignedIn.current = signedIn;
  }, [signedIn, queryClient]);
}

export function RootLayout() {
  const { search } = useLocation();
  useEffect(() => captureReferralCode(search), [search]);
  useDocumentTitle(useRouteTitle());
  useForgetDataOnSignOut(useIsSignedIn());
  return (
    <AppFrame focus={useRouteHandle()?.focus ?? false}>
      <ScrollRestoration />
      <NavigationProgress />
      <Outlet />
    </AppFrame>
  );
}
