import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildUser } from '../../../test/factories';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reports the process up and the database reachable', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('counts categories and cards for the home page in one query', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/stats/public/' })).json();
    const user = await buildUser(t.database.db);
    const category = await buildCategory(t.database.db, { userId: user.id });
    await buildCard(t.database.db, { categoryId: category.id });
    await buildCard(t.database.db, { categoryId: category.id });

    t.database.queries.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/stats/public/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      categories_count: before.categories_count + 1,
      cards_count: before.cards_count + 2,
    });
    expect(t.database.queries).toHaveLength(1);
  });

  it('describes the deployment without revealing secrets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site/' });
    expect(response.json()).toEqual({
      name: 'Flashcards',
      contact_email: 'contact@localhost',
      google_sign_in: false,
      daily_card_limit: 30,
      trial_days: 30,
      social_links: [],
      demo_videos: [],
      teacher_videos: { language: [], science: [] },
    });
  });

  it('serves the OpenAPI description and the interactive docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/site/', '/api/stats/public/']),
    );
    expect(
      document.paths['/api/stats/public/'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('cards_count');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('site content from configuration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flashcards-site-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves the configured videos, social links and Google sign-in flag', async () => {
    const content = {
      demo_videos: [
        {
          title_en: 'Getting started',
          title_bg: 'Първи стъпки',
          url: 'https://www.youtube-nocookie.com/embed/abc',
        },
      ],
      social_links: [{ network: 'facebook', url: 'https://facebook.com/flashcards' }],
    };
    const file = path.join(dir, 'site.json');
    await writeFile(file, JSON.stringify(content));
    const t = await buildTestApp({
      SITE_CONTENT_FILE: file,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const site = (await t.app.inject({ method: 'GET', url: '/api/site/' })).json();
      expect(site.demo_videos).toEqual(content.demo_videos);
      expect(site.social_links).toEqual(content.social_links);
      expect(site.teacher_videos).toEqual({ language: [], science: [] });
      expect(site.google_sign_in).toBe(true);
      expect(JSON.stringify(site)).not.toContain('secret');
    } finally {
      await t.close();
    }
  });

  it('refuses a content file that does not match the schema, naming the file', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ demo_videos: [{ title_en: 'x', url: 'http://insecure' }] }));
    await expect(buildTestApp({ SITE_CONTENT_FILE: file })).rejects.toThrow(
      /SITE_CONTENT_FILE .*bad\.json is not valid/,
    );
  });
});
