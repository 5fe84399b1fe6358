import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs share a machine; the mail catcher, the OpenID provider and the seeding API of
// the test server take the next three ports.
const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://127.0.0.1:${port}`;
const seedPort = port + 3;
// Where e2e/seed.ts reaches the seeding API (test-server/seed-api.ts).
process.env.E2E_SEED_URL ??= `http://127.0.0.1:${seedPort}`;

// A fresh database for every run. Workers load this file again but inherit the variable, so the run
// shares one directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'flashcards-e2e-'));
// Where the mail catcher of the test server puts every mail it receives (read by e2e/support.ts).
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DATA_DIR, 'mail');

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  // Two workers, the server and the browsers share two cores: a page can take more than 10 s to settle
  // after a navigation (its bundle and the route's chunks parsed on a starved core). 20 s is an upper bound
  // that passing tests do not wait for. The test server runs on PostgreSQL when E2E_DATABASE_URL names one
  // (as CI does), else on the embedded database, whose one connection both workers share.
  expect: { timeout: 20_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  projects: [
    {
      name: 'e2e',
      testIgnore: /screens\.spec\.ts$/,
      // What a test looks at is the app's behaviour: without the animated background and the transitions,
      // two browsers and the server share the two cores far better. Tests of motion ask for it themselves.
      use: { reducedMotion: 'reduce' },
    },
    // Screenshots of the screens for people to look at (npm run screenshots), not part of npm test.
    { name: 'screenshots', testMatch: /screens\.spec\.ts$/ },
  ],
  use: {
    baseURL,
    // Installing the service worker downloads the whole app shell into every context: only the offline
    // specs ask for it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    browserName: 'chromium',
    // Debian's Chromium: Playwright never downloads a browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'en-GB',
    // An action waiting for an element that never comes fails at its own step, not at the test's end.
    actionTimeout: 30_000,
    // The DOM snapshots and the network of a failed test, without the screencast: encoding its frames on
    // two shared cores slowed every page of the run.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: {
    // The real server, serving the built web app (the root `npm run test:e2e` builds it first), with a
    // real SMTP server catching its mails, a local OpenID provider standing in for Google and the
    // seeding API, which starts last: once it listens, everything is up.
    command: 'node --trace-deprecation --import tsx e2e/test-server/serve.ts',
    port: seedPort,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      E2E_SMTP_PORT: String(port + 1),
      E2E_OIDC_PORT: String(port + 2),
      E2E_SEED_PORT: String(seedPort),
    },
    // The server's warnings (slow requests, errors) show in the run's output beside the tests.
    stdout: 'pipe',
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
