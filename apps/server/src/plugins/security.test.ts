import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy and the other helmet headers', async () => {
    const response = await get(t, '/api/health');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Strict-Transport-Security', () => {
  const apps: TestApp[] = [];
  const build = async (env: Record<string, string>) => {
    const t = await buildTestApp(env);
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('is sent when the public address is https, on every answer', async () => {
    const t = await build({ PUBLIC_URL: 'https://cards.example.org' });
    for (const url of ['/api/health', '/api/site/', '/api/no-such-route/', '/some-page']) {
      const response = await get(t, url);
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('is sent behind a TLS-ending proxy, where the request itself arrives over http', async () => {
    const t = await build({ PUBLIC_URL: 'https://cards.example.org/', TRUST_PROXY: 'true' });
    const proxied = await get(t, '/api/health', {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000');
    // The proxy's own health checks come over plain http; browsers ignore the header there anyway.
    const direct = await get(t, '/api/health');
    expect(direct.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('is never sent on a plain-http deployment, whatever a proxy says', async () => {
    const local = await build({});
    expect((await get(local, '/api/health')).headers['strict-transport-security']).toBeUndefined();

    const proxied = await build({ PUBLIC_URL: 'http://cards.lan:8080', TRUST_PROXY: 'true' });
    const response = await get(proxied, '/api/health', { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
