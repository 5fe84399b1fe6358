import type { PageTitleKey } from '../lib/page-title';

/** What every route declares for the shell: its title key, used for the document title. */
export interface RouteHandle {
  title: PageTitleKey;
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle;
