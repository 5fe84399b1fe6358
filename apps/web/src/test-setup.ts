import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
// The texts that the router loads with every page but the home page, for components rendered on their own.
import './lib/page-texts';

/**
 * What jsdom lacks and Mantine asks for, for every unit test: media queries (the colour scheme, reduced
 * motion), size observers (scroll areas, transitions) and font loading events (growing text areas); and
 * the DOM matchers (`toBeVisible`, `toHaveTextContent`, …) that assert on what a person would see.
 */
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});

// What a test waits for (`findBy…`, `waitFor`) can take a few seconds when the two cores are busy.
configure({ asyncUtilTimeout: 5000 });
