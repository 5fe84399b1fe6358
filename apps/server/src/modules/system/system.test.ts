import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildUser } from '../../../test/factories';
import { startTcpRelay, type TcpRelay } from '../../../test/tcp-relay';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createServices, type Services } from '../../services';

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
    t.database.queries.length = 0;
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
    // Load balancers ask often: the schema check is one statement.
    expect(t.database.queries).toHaveLength(1);
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
      learned_threshold: 10,
      trial_days: 30,
      premium_for_all: false,
      social_links: [],
      demo_videos: [],
      teacher_videos: { language: [], science: [] },
    });
  });

  it("names the configured learned threshold, which the cards page's progress counts up to", async () => {
    const other = await buildTestApp({ LEARNED_THRESHOLD: '4' });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/site/' });
      expect(response.json().learned_threshold).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('tells the web app when every account is premium, so that it offers nothing for sale', async () => {
    const other = await buildTestApp({ PREMIUM_FOR_ALL: 'true' });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/site/' });
      expect(response.json().premium_for_all).toBe(true);
    } finally {
      await other.close();
    }
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

const notReady = { detail: 'The service is temporarily unavailable.', code: 'service_unavailable' };

describe('readiness', () => {
  const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/ready' });

  /** A fresh app whose database is then damaged by `statement`. */
  const damaged = async (statement: string) => {
    const t = await buildTestApp();
    try {
      expect((await ready(t)).statusCode).toBe(200);
      await t.database.db.execute(sql.raw(statement));
      return await ready(t);
    } finally {
      await t.close();
    }
  };

  it('answers 503 when a table of the schema is gone', async () => {
    const response = await damaged('drop table cards cascade');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(notReady);
  });

  it('answers 503 when a migration the server ships is not applied', async () => {
    const response = await damaged(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(notReady);
  });

  it('answers 503 when the record of the migrations is gone', async () => {
    const response = await damaged('drop table drizzle.__drizzle_migrations');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(notReady);
  });

  it('answers 503 when the database is closed', async () => {
    const t = await buildTestApp();
    try {
      expect((await ready(t)).statusCode).toBe(200);
      await t.database.close();
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(notReady);
    } finally {
      // The services' own close meets the database already closed.
      await t.close().catch(() => {});
      await rm(t.dataDir, { recursive: true, force: true });
    }
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('on a PostgreSQL server that goes away', () => {
    // The server sits behind a TCP relay the test cuts and restores.
    let relay: TcpRelay;
    let t: TestApp;
    let relayed: { app: App; services: Services };
    beforeAll(async () => {
      // The test app makes the throw-away database; a second app, as a server process would be built,
      // reaches it through the relay.
      t = await buildTestApp();
      relay = await startTcpRelay(t.database.url!);
      const url = new URL(relay.url);
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: url.toString(),
      };
      const config = loadConfig(env);
      const log = pino({ level: 'silent' });
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      const services = await createServices({ config, database, log, runJobs: false });
      relayed = { app: await buildApp({ services, log }), services };
    });
    afterAll(async () => {
      await relay.restore();
      await relayed.app.close();
      await relayed.services.close();
      await relay.close();
      await t.close();
    });

    it('answers 503 while connections are refused, and 200 again once the server is back', async () => {
      const ready = () => relayed.app.inject({ method: 'GET', url: '/api/ready' });
      expect((await ready()).statusCode).toBe(200);
      await relay.cut();
      const down = await ready();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual(notReady);
      await relay.restore();
      expect((await ready()).statusCode).toBe(200);
    });
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
