import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { buildCategory } from '../../test/factories';
import { signIn } from '../../test/session';

const script = `${Array.from({ length: 200 }, (_, i) => `console.log('line ${i}');`).join('\n')}\n`;
const page = `<!doctype html><title>app</title><div id="root"></div>${' '.repeat(2000)}`;

/** A built file with the .br and .gz copies the web build writes beside it. */
const writeBuilt = async (file: string, content: string) => {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
};

describe('compression', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'flashcards-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeBuilt(path.join(dist, 'index.html'), page);
    await writeBuilt(path.join(dist, 'assets', 'index-abc123.js'), script);
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('compresses API answers with brotli, else gzip, for the clients that accept it', async () => {
    const { user, call } = await signIn(t);
    for (let i = 0; i < 15; i++) await buildCategory(t.database.db, { userId: user.id });
    const list = (encoding?: string) =>
      call('GET', '/api/card/category/', undefined, encoding ? { 'accept-encoding': encoding } : {});

    const brotli = await list('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(brotliDecompressSync(brotli.rawPayload).toString());
    expect(body.count).toBe(15);
    expect(brotli.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 2);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(body);

    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sends the build’s compressed copies of the web app’s files', async () => {
    const asset = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const brotli = await asset('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the app’s page compressed for its routes too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/my-categories',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });
});
