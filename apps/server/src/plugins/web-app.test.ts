import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';

describe('web app serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'flashcards-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Flashcards","start_url":"/"}');
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the app for its routes, so the app shows its own pages (and its 404)', async () => {
    for (const url of ['/', '/my-categories', '/school-exam/12', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API and media paths JSON, and answers other methods of pages with 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown/'],
      ['GET', '/api'],
      ['GET', '/media/x.png'],
      ['POST', '/some-page'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('serves the service worker and the manifest revalidated, the manifest as a web manifest', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('addEventListener');

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Flashcards' });
  });
});

describe('web app serving, built without a service worker', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'flashcards-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers a missing service worker or manifest with 404, not with the app', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/sw.js?v=2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toContain('text/html');
    }
    // Pages around them are still the app's.
    expect((await t.app.inject({ method: 'GET', url: '/sw' })).statusCode).toBe(200);
  });
});
