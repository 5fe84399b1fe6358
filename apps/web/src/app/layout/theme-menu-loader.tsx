import { lazy, Suspense } from 'react';
import { ThemeButton } from './theme-button';

// The menu's dropdown code (Mantine's Menu and its positioning) is not needed to show the page: it comes
// just after, in its own chunk, while the same button stands in for it.
const ThemeMenu = lazy(() => import('./theme-menu').then((module) => ({ default: module.ThemeMenu })));

export function ThemeMenuLoader() {
  return (
    <Suspense fallback={<ThemeButton />}>
      <ThemeMenu />
    </Suspense>
  );
}
