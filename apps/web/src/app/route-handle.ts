import type { PageTitleKey } from '../lib/page-title';

/**
 * What every route declares for the shell: its title key, used for the document title, and whether it is
 * a focus mode (an exam being taken: no side menu, footer or links out, only the mark and the language).
 */
export interface RouteHandle {
  title: PageTitleKey;
  focus?: boolean;
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle;
