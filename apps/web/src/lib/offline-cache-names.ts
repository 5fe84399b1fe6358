/**
 * The Cache Storage cache of card pictures and audio (`/media/...`). The service worker answers media
 * from it first and adds what it fetches (vite.config.ts); the page puts the files of the categories
 * kept for offline study into the same cache, so that the worker finds them there.
 */
export const mediaCacheName = 'offline-media';
