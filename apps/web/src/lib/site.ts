import { queryOptions, useQuery } from '@tanstack/react-query';

/** The deployment's public facts; they do not change while the page is open. */
export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => import('./shell-calls').then((calls) => calls.getSite(signal)),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSite = () => useQuery(siteQuery);

/**
 * Whether prices, plans, trials and affiliates may be mentioned: not on a server where every account is
 * premium (`premium_for_all`), where nothing is for sale. Shown until the site's facts say otherwise.
 */
export const useSalesShown = () => useSite().data?.premium_for_all !== true;

/** Whether the deployment has demo videos to show: their menu item and link are left out until it does. */
export const useDemoVideosShown = () => (useSite().data?.demo_videos.length ?? 0) > 0;
