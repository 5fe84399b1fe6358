/**
 * The end-to-end tests' web server, all in this one process: a mail catcher (real SMTP), an OpenID
 * provider standing in for Google, an OpenAI-compatible chat API answering what the tests queue, a
 * Stripe-compatible payments API (its checkout page is a plain "Test checkout" page; the seeding API
 * delivers the webhooks of a payment), the
 * real server (from its sources, serving the built web app, running its jobs) configured to use them, and
 * the seeding API (seed-api.ts) on the server's own database handle (the embedded database is a single
 * connection inside this process). With E2E_DATABASE_URL naming a PostgreSQL server, the run has a
 * database of its own there instead, so the two workers' requests and the server's sweeps do not queue
 * behind one connection; it is dropped at the end. Playwright starts this as its webServer and stops it
 * with SIGTERM, which stops everything started here.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp, loggerOptions } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config';
import { type Database, openDatabase } from '../../../server/src/db/client';
import { migrateDatabase } from '../../../server/src/db/migrate';
import type { JobQueue } from '../../../server/src/lib/jobs';
import { createServices } from '../../../server/src/services';
import { startMailServer } from '../../../server/test/mail-server';
import { startOidcProvider } from '../../../server/test/oidc-provider';
import { startOpenAiServer } from '../../../server/test/openai-server';
import { startStripeServer } from '../../../server/test/stripe-server';
import { startSeedApi } from './seed-api';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/**
 * The real server, listening as configured by `env`; its database handle and job queue are shared with the
 * seeding API.
 */
async function startServer(env: Record<string, string | undefined>): Promise<{
  db: Database;
  jobs: JobQueue;
  /** The minute's sweep of notifications, run when a test asks (its digests, without waiting for the minute). */
  sweepNotifications: () => Promise<void>;
  /** Where this process reaches the server (the webhook deliveries go there). */
  url: string;
  close: () => Promise<void>;
}> {
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  const log = pino(loggerOptions(config));
  // As main.ts does: the server works the job queue (mail) itself.
  const services = await createServices({ config, database, log, runJobs: config.runJobs });
  const app = await buildApp({ services, log });
  await app.listen({ port: config.port, host: config.host });
  return {
    db: database.db,
    jobs: services.jobs,
    sweepNotifications: () => services.notifications.sweep(),
    url: `http://127.0.0.1:${config.port}`,
    close: async () => {
      await app.close();
      await services.close();
    },
  };
}

/**
 * A new database of this run on the PostgreSQL server of `serverUrl`: its URL, and how to drop it. It is
 * named by the run's port, which no other run holds at the same time, so a database left by a killed run
 * is dropped by the next run on that port.
 */
async function runDatabase(serverUrl: string) {
  const name = `flashcards_e2e_${Number(required('PORT'))}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const postgres = process.env.E2E_DATABASE_URL ? await runDatabase(process.env.E2E_DATABASE_URL) : undefined;
const mail = await startMailServer({
  port: Number(required('E2E_SMTP_PORT')),
  dir: required('E2E_MAIL_DIR'),
});
const oidc = await startOidcProvider({
  publicUrl: required('PUBLIC_URL'),
  port: Number(required('E2E_OIDC_PORT')),
  anyLogin: true,
});
// On a port of its own choosing: only the server and the seeding API, both in this process, need it.
const ai = await startOpenAiServer();
const stripe = await startStripeServer();
const stripeWebhookSecret = 'whsec_e2e';
const server = await startServer({
  ...process.env,
  AI_BASE_URL: ai.baseUrl,
  AI_MODEL: 'e2e-model',
  // AI generations are jobs: this process runs them, as in the embedded mode.
  RUN_JOBS: 'true',
  // Every test signs up its people from this one machine's address.
  SIGN_UPS_PER_ADDRESS: '100000',
  SMTP_URL: mail.url,
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  OIDC_ISSUER: oidc.issuer,
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
  STRIPE_API_URL: stripe.url,
  // Notifications are mailed at the next sweep, which a test may ask for through the seeding API.
  NOTIFICATION_DIGEST_MINUTES: '0',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
// Last: Playwright waits for this port, so the tests begin once everything here is up.
const seedApi = await startSeedApi({
  port: Number(required('E2E_SEED_PORT')),
  db: server.db,
  jobs: server.jobs,
  sweepNotifications: server.sweepNotifications,
  ai,
  stripe,
  webhook: { url: `${server.url}/api/subscriptions/webhook/`, secret: stripeWebhookSecret },
});

// A page that waits on the server shows in the run's output: the server logs each slow request
// (SLOW_REQUEST_MS), and this the moments its event loop was blocked for over a second.
const loopDelay = monitorEventLoopDelay({ resolution: 50 });
loopDelay.enable();
setInterval(() => {
  const worstMs = loopDelay.max / 1e6;
  if (worstMs > 1000) console.warn(`The test server's event loop was blocked for ${Math.round(worstMs)} ms`);
  loopDelay.reset();
}, 5000).unref();

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await seedApi.close();
  await server.close();
  await Promise.all([mail.close(), oidc.close(), ai.close(), stripe.close()]);
  await postgres?.drop();
  process.exit(0);
};

process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
