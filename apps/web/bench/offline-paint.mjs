// The installed app's offline first paint: the built web app (run `npm run build -w @flashcards/web` first;
// this builds nothing) served by the end-to-end tests' server (e2e/test-server/serve.ts, on free ports and
// a fresh embedded database), opened in Debian's Chromium until the service worker controls the page; then
// with the CPU slowed four times (CDP Emulation.setCPUThrottlingRate) and the browser offline, the home
// page is reloaded `--runs` times (5) and the median first-contentful-paint is checked against 1 s.
// Printed beside it: the same reloads online, and the page opened offline in a new tab (as the installed
// app opens, with no page to take down first). Also prints what the worker costs: its own size, and what
// its installation downloads after the first page has loaded.
//
//   npm run bench:offline -w @flashcards/web [-- --runs 9 --rate 4]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const TARGET_MS = 1000;
const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, rate: { type: 'string', default: '4' } },
});
const runs = Number(options.runs);
const rate = Number(options.rate);

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(webDir, 'dist');
if (!existsSync(path.join(dist, 'sw.js'))) {
  console.error(`No service worker in ${dist}: run \`npm run build -w @flashcards/web\` first.`);
  process.exit(1);
}

// What the worker costs: its file, fetched after the page's load, and the shell it precaches then.
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const worker = readFileSync(path.join(dist, 'sw.js'));
const precached = [...worker.toString().matchAll(/url:"([^"]+)"/g)].map(([, url]) => url);
// The server sends the brotli copy when the build made one (text files of 1 KB and more).
const sent = (file) => {
  const full = path.join(dist, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
};
console.log(
  `sw.js: ${kB(worker.length)}, ${kB(gzipSync(worker, { level: 9 }).length)} gzip; it precaches ` +
    `${precached.length} files, ${kB(precached.reduce((sum, file) => sum + statSync(path.join(dist, file)).size, 0))} ` +
    `(${kB(precached.reduce((sum, file) => sum + sent(file), 0))} as sent).`,
);

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// The test server, as Playwright's webServer starts it (playwright.config.ts); it is up once the seeding
// API, which starts last, listens.
const [port, smtpPort, oidcPort, seedPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const dataDir = mkdtempSync(path.join(tmpdir(), 'flashcards-offline-paint-'));
mkdirSync(path.join(dataDir, 'mail'));
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/test-server/serve.ts'], {
  cwd: webDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    E2E_MAIL_DIR: path.join(dataDir, 'mail'),
    E2E_SMTP_PORT: String(smtpPort),
    E2E_OIDC_PORT: String(oidcPort),
    E2E_SEED_PORT: String(seedPort),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', resolve));
let browser;
try {
  // A busy machine's server can take a minute to start.
  const deadline = Date.now() + 180_000;
  while (!(await listening(seedPort))) {
    if (server.exitCode !== null) throw new Error(`the test server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the test server did not start within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  browser = await chromium.launch({
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
  });
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', locale: 'en-GB' });
  // A returning visitor: cookies accepted. And the moment the home page's heading is in the document.
  await context.addInitScript(() => {
    localStorage.setItem('cookiesConsent', 'true');
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main h1')) return;
      window.headingAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();

  // Installed: the first visit registers the worker, which precaches the shell; the next load is its.
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const slowed = async (target) =>
    (await context.newCDPSession(target)).send('Emulation.setCPUThrottlingRate', { rate });
  await slowed(page);
  /** The first contentful paint and when the heading came (ms) of the page just loaded, through the worker. */
  const figuresOf = async (target) => {
    await target.waitForFunction(
      () =>
        window.headingAt !== undefined &&
        performance.getEntriesByName('first-contentful-paint', 'paint').length > 0,
      undefined,
      { timeout: 30_000 },
    );
    const [paint, heading, controlled] = await target.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint', 'paint')[0].startTime,
      window.headingAt,
      navigator.serviceWorker.controller !== null,
    ]);
    if (!controlled) throw new Error('the page was not loaded through the service worker');
    return { paint, heading };
  };
  const reload = async () => {
    await page.reload({ waitUntil: 'load' });
    return figuresOf(page);
  };
  // As the installed app opens from its icon: a new window, no page of its own to take down first.
  const newTab = async () => {
    const tab = await context.newPage();
    await slowed(tab);
    await tab.goto('/', { waitUntil: 'load' });
    const figures = await figuresOf(tab);
    await tab.close();
    return figures;
  };
  // Two reloads unmeasured (the browser compiles and caches the scripts it runs again), then the three
  // ways in turn, so that none gets the quieter moments of a busy machine.
  for (let run = 0; run < 2; run++) await reload();
  const ways = [
    { name: 'offline, reloaded', offline: true, load: reload },
    { name: 'online, reloaded ', offline: false, load: reload },
    { name: 'offline, new tab ', offline: true, load: newTab },
  ].map((way) => ({ ...way, paints: [], headings: [] }));
  for (let run = 0; run < runs; run++) {
    for (const way of ways) {
      await context.setOffline(way.offline);
      const { paint, heading } = await way.load();
      way.paints.push(paint);
      way.headings.push(heading);
    }
  }
  await context.setOffline(false);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const ms = (values) => values.map((value) => Math.round(value)).join(', ');

  // The figures are only as good as the quiet: a busy machine's other work lengthens every paint.
  const [load] = loadavg();
  console.log(
    `The home page ${runs} times each way, CPU slowed ${rate}x, through the service worker ` +
      `(load average ${load.toFixed(2)} on ${availableParallelism()} cores at the end):`,
  );
  for (const { name, paints, headings } of ways) {
    console.log(
      `  ${name}: first contentful paint median ${Math.round(median(paints))} ms (${ms(paints)}); ` +
        `heading in the page median ${Math.round(median(headings))} ms (${ms(headings)})`,
    );
  }
  const result = median(ways[0].paints);
  if (result >= TARGET_MS) {
    console.error(`Offline first paint ${Math.round(result)} ms: over the target of ${TARGET_MS} ms.`);
    process.exitCode = 1;
  } else {
    console.log(`Offline first paint ${Math.round(result)} ms: under the target of ${TARGET_MS} ms.`);
  }
} finally {
  await browser?.close();
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
