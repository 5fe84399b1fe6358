import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { mediaCacheName } from '../src/lib/offline-cache-names';
import { cardsApi, drawnPng, wavTone } from './cards-support';
import { createActiveUser, withCookieConsent } from './support';

// The service worker is what these tests look at (Playwright's default, said here so that it stays so).
test.use({ serviceWorkers: 'allow' });
// The first visit precaches the whole app shell (about 3.6 MB in some 420 files) on two busy cores.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => withCookieConsent(page));

const homeHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Learn anything, one card at a time' });

/** Opens the home page and waits until the service worker is active and controls the page (after a reload). */
async function controlledHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  // Resolves once a worker is active: installed, with the whole shell precached.
  const scope = await page.evaluate(() =>
    navigator.serviceWorker.ready.then((registration) => registration.scope),
  );
  expect(new URL(scope).pathname).toBe('/');
  // A page loaded before the worker was active is not taken over (no clientsClaim); the next load is its.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  await expect(homeHeading(page)).toBeVisible();
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test('the app can be installed: its manifest is linked and valid, and its icons load', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(appleIcon!)).headers()['content-type']).toBe('image/png');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Flashcards',
    short_name: expect.any(String),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  const icons = manifest.icons.map(({ sizes, purpose = 'any' }) => `${sizes} ${purpose}`);
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const file = await request.get(new URL(icon.src, response.url()).href);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
});

test('the service worker keeps the app shell: offline, the home page and other pages still open', async ({
  page,
  context,
}) => {
  await controlledHome(page);

  await context.setOffline(true);
  await page.reload();
  await expect(homeHeading(page)).toBeVisible();
  // Another page, whose code and texts load with it: precached as well.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  // The API is never answered by the worker.
  expect(
    await page.evaluate(() =>
      fetch('/api/site/').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  await context.setOffline(false);
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  expect(await page.evaluate(() => fetch('/api/site/').then((answer) => answer.status))).toBe(200);
  // Nothing of the API was kept in any cache.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
});

test('card pictures and audio come from the offline media cache, which the page can fill itself', async ({
  page,
  context,
  request,
}) => {
  const account = await createActiveUser(request);
  const api = cardsApi(request, account);
  await controlledHome(page);
  const category = await api.category(`Animals ${randomUUID().slice(0, 6)}`, 'kids');
  const card = (await api.kidsCard(
    category.id,
    'Dog',
    'en',
    await drawnPng(page, '#2f6fb0', 'D'),
    wavTone(),
  )) as unknown as { first_side_url: string; audio_url: string };

  // A picture the app shows goes into the cache on its way.
  await page.evaluate((url) => fetch(url).then((answer) => answer.blob()), card.first_side_url);
  await expect
    .poll(() =>
      page.evaluate(({ name, url }) => caches.open(name).then((cache) => cache.match(url).then(Boolean)), {
        name: mediaCacheName,
        url: card.first_side_url,
      }),
    )
    .toBe(true);
  // A file the page keeps itself (as for a category kept offline), in the same cache.
  await page.evaluate(({ name, url }) => caches.open(name).then((cache) => cache.add(url)), {
    name: mediaCacheName,
    url: card.audio_url,
  });

  await context.setOffline(true);
  const offline = await page.evaluate(
    async ({ picture, audio }) => {
      const image = await fetch(picture);
      // An audio element asks for parts of the file: a part is cut from the stored file.
      const part = await fetch(audio, { headers: { Range: 'bytes=0-43' } });
      return {
        picture: [image.status, image.headers.get('content-type')],
        part: [part.status, (await part.arrayBuffer()).byteLength],
      };
    },
    { picture: card.first_side_url, audio: card.audio_url },
  );
  expect(offline).toEqual({ picture: [200, expect.stringMatching(/^image\//)], part: [206, 44] });
  await context.setOffline(false);
});
