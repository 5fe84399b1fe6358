import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
      setupFiles: ['src/test-setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // A form filled in by userEvent takes a few seconds when the two cores are busy; 5 s is too tight.
      testTimeout: 15_000,
    },
  }),
);
