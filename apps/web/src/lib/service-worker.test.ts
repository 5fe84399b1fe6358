import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, serviceWorkerUrl } from './service-worker';

const fakeContainer = () =>
  ({ register: vi.fn(() => Promise.resolve({})) }) as unknown as ServiceWorkerContainer & {
    register: ReturnType<typeof vi.fn>;
  };

describe('the service worker registration', () => {
  it('registers the worker for the whole app in a production build', () => {
    const container = fakeContainer();
    registerServiceWorker(true, container);
    // The test document has finished loading, so the registration is not put off.
    expect(container.register).toHaveBeenCalledWith(serviceWorkerUrl, { scope: '/' });
  });

  it('waits for the page to load first', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const container = fakeContainer();
    registerServiceWorker(true, container);
    expect(container.register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(container.register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in development, or in a browser without service workers', () => {
    const container = fakeContainer();
    registerServiceWorker(false, container);
    expect(container.register).not.toHaveBeenCalled();
    expect(() => registerServiceWorker(true, undefined)).not.toThrow();
  });

  it('leaves the app as it is when the registration fails', async () => {
    const container = fakeContainer();
    container.register.mockReturnValue(Promise.reject(new Error('refused')));
    registerServiceWorker(true, container);
    await Promise.resolve();
    expect(container.register).toHaveBeenCalled();
  });
});
