import { fileURLToPath } from 'node:url';

// This file sits one level below the server package both as source (src/) and when bundled (dist/),
// so the package root is the same in development, tests and production.
export const migrationsDir = fileURLToPath(new URL('../drizzle', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
