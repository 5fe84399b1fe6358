/** Where the build writes the service worker (vite-plugin-pwa, see vite.config.ts). */
export const serviceWorkerUrl = '/sw.js';

/**
 * Registers the service worker that keeps the app shell for offline use, in production builds of browsers
 * that have service workers. It waits for the page's load: installing fetches the whole shell, which
 * must not compete with the first page's own files. A failure leaves the app as it is, online only.
 */
export function registerServiceWorker(
  production: boolean = import.meta.env.PROD,
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!production || !container) return;
  const register = () => {
    container.register(serviceWorkerUrl, { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
