import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { mediaCacheName } from './src/lib/offline-cache-names.ts';

const apiServer = 'http://localhost:3000';

/**
 * The service worker (dist/sw.js), so that the installed app opens offline. Workbox through
 * vite-plugin-pwa (2.x supports Vite 8) rather than a worker of our own: its precaching (revisions,
 * cleanup, the navigation fallback, range requests of cached audio) is well kept and tested.
 * - Precached: the app shell, that is index.html, every JS and CSS chunk (the locale texts are inside the
 *   chunks: packages/i18n's JSON files are imported, never fetched), the public files and the formula
 *   fonts (woff2 only: every browser with service workers reads it; the ttf and woff copies are never
 *   asked for).
 * - Navigations (not /api/ nor /media/) get the precached index.html at once, online or not: the shell
 *   paints without waiting for the network; a new release's index.html comes with its new worker.
 * - /media/ (card pictures and audio, immutable): cache first in `mediaCacheName`, the cache the page also
 *   fills with the files of the categories kept offline. Only whole 200 answers are stored (an audio
 *   element's 206 parts are not); a range request is answered from a stored file by slicing it.
 * - /api/ is never touched (the app keeps its own data in IndexedDB), nor the live games' socket.
 * - No skipWaiting or clientsClaim: a new worker installs beside the old one and waits until every tab of
 *   the old version is closed; the next visit runs the new version. Taking over running pages would drop
 *   the old precache under them, and a practice session still open on the old release would then fail
 *   to load its next page's chunk (the server has only the new release's files), online or not; a
 *   running page is never reloaded either.
 * Registration is ours (src/lib/service-worker.ts), not the plugin's script or workbox-window: a few
 * lines in the entry chunk.
 */
const serviceWorker = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  // public/manifest.webmanifest is the manifest, linked in index.html.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{html,js,css,svg,png,woff2,webmanifest}'],
    globIgnores: ['**/*.{br,gz}', '.vite/**'],
    // Hashed file names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    // The largest chunk (the charts) is about 420 kB.
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/media(\/|$)/],
    cleanupOutdatedCaches: true,
    skipWaiting: false,
    clientsClaim: false,
    // One file to serve revalidated (see apps/server/src/plugins/web-app.ts), no workbox-*.js beside it.
    inlineWorkboxRuntime: true,
    sourcemap: false,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
        method: 'GET',
        handler: 'CacheFirst',
        options: {
          cacheName: mediaCacheName,
          cacheableResponse: { statuses: [200] },
          rangeRequests: true,
          // A file the page stored itself matches whatever the element asking for it accepts.
          matchOptions: { ignoreVary: true },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies of every text file, at the highest levels, made once here: the server sends
    // them to the browsers that accept them instead of compressing each response again.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: /\.vite[\\/]/ }),
    serviceWorker,
  ],
  server: {
    port: 5173,
    // `ws`: the live games' socket is under /api too.
    proxy: { '/api': { target: apiServer, ws: true }, '/media': apiServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-budget.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Everything
        // else goes with the pages that use it, so that a page loads only its own code and texts.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
