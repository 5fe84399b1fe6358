import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { CaughtMail } from '../../server/test/mail-server';

/** Records cookie consent before any page script runs, so the banner stays out of the way. */
export async function withCookieConsent(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cookiesConsent', 'true'));
}

/**
 * Saves a screenshot of a main screen into e2e/screenshots/ (git-ignored) for people to look at; of the
 * window only for dialogs, which a full-page capture cuts.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`), fullPage });
}

/**
 * Waits until nothing moves on the page but endless loops (loaders, the background): open dialogs faded
 * in all the way, a turned card come to rest.
 */
export async function motionEnded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // A dialog's fade may not have begun yet: it starts from a lower opacity.
      Array.from(document.querySelectorAll('[role="dialog"]')).every(
        (dialog) => getComputedStyle(dialog).opacity === '1',
      ) &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
  );
}

export type Tokens = { access: string; refresh: string };
export type TestAccount = Tokens & { email: string; password: string };

/**
 * A page in a browser context of its own, with cookies accepted, in the language and theme given and, with
 * an account, signed in as it (the tokens stored once the app's origin is open).
 */
export async function pageFor(
  browser: Browser,
  {
    account,
    language,
    theme,
    viewport,
    init,
  }: {
    account?: TestAccount;
    language?: 'en' | 'bg';
    theme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    /** A script run in every document before the page's own, e.g. to stand in for `window.print`. */
    init?: () => void;
  } = {},
): Promise<Page> {
  // A context of its own, not `browser.newPage`, which tracing refuses.
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await withCookieConsent(page);
  if (language) await withLanguage(page, language);
  if (theme) await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  if (init) await page.addInitScript(init);
  if (account) {
    await page.goto('/');
    await storeTokens(page, account);
  }
  return page;
}

/** The window of the screenshots: a laptop's, tall enough for a dialog. */
export const screenshotViewport = { width: 1280, height: 900 };

/**
 * Waits until a page has settled: nothing busy and nothing moving; with `heading`, its title shown; with
 * `pictures`, every picture drawn.
 */
export async function settled(page: Page, { heading = false, pictures = false } = {}): Promise<void> {
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (pictures) await picturesDrawn(page);
  await motionEnded(page);
}

/** Waits until every picture of the page is loaded and drawn. */
export async function picturesDrawn(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

export const PASSWORD = 'Blue-Kettle-81';

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomUUID()}@example.com`;

/** Registers and activates a user through the server's own API and the mail it sends, then signs in. */
export async function createActiveUser(
  request: APIRequestContext,
  name = { first_name: 'Ivana', last_name: 'Petrova' },
): Promise<TestAccount> {
  const email = uniqueEmail();
  const password = PASSWORD;
  const registered = await request.post('/api/user/users/', {
    // As the web app's sign-up: the account keeps the browser's time zone (the browser runs on this machine).
    data: {
      ...name,
      email,
      password,
      re_password: password,
      accepted_terms: true,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
  expect(registered.status()).toBe(201);

  const [, uid, token] = linkIn(await mailTo(email, '/activation/'), '/activation/')
    .pathname.split('/')
    .filter(Boolean);
  expect((await request.post('/api/user/users/activation/', { data: { uid, token } })).ok()).toBe(true);
  return signIn(request, email, password);
}

/** Signs in through the server's API. */
export async function signIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<TestAccount> {
  const signedIn = await request.post('/api/user/jwt/create/', { data: { email, password } });
  expect(signedIn.ok()).toBe(true);
  return { ...((await signedIn.json()) as Tokens), email, password };
}

/**
 * The newest mail to this address carrying a link whose path starts with `pathPrefix`, waiting for it to
 * arrive (mail leaves the server through its job queue, after the response).
 */
export async function mailTo(address: string, pathPrefix: string, timeout = 10_000): Promise<CaughtMail> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        // Dot-files are mails still being written (the mail server renames each one into place when done).
        const files = (await readdir(dir).catch(() => []))
          .filter((file) => file.endsWith('.json') && !file.startsWith('.'))
          .sort();
        for (const file of files.reverse()) {
          const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CaughtMail;
          if (mail.to.includes(address.toLowerCase()) && hasLink(mail, pathPrefix)) {
            found = mail;
            return mail;
          }
        }
        return undefined;
      },
      { timeout, message: `a mail to ${address} with a ${pathPrefix} link` },
    )
    .toBeDefined();
  return found!;
}

const linksOf = (mail: CaughtMail) =>
  (mail.text.match(/https?:\/\/\S+/g) ?? []).map((address) => new URL(address));
const hasLink = (mail: CaughtMail, pathPrefix: string) =>
  linksOf(mail).some((url) => url.pathname.startsWith(pathPrefix));

/** The first link in the mail's text whose path starts with the given prefix. */
export function linkIn(mail: CaughtMail, pathPrefix: string): URL {
  const link = linksOf(mail).find((url) => url.pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in: ${mail.text}`);
  return link;
}

/** Shows the app in this language from the first page on. */
export async function withLanguage(page: Page, language: 'en' | 'bg'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('language', value), language);
}

/** Stores the tokens as the app keeps them (the page must be on the app's origin). */
export async function storeTokens(page: Page, tokens: Partial<Tokens>): Promise<void> {
  await page.evaluate(({ access, refresh }) => {
    if (access) localStorage.setItem('access', access);
    if (refresh) localStorage.setItem('refresh', refresh);
  }, tokens);
}

export const readTokens = (page: Page) =>
  page.evaluate(() => ({ access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh') }));

/** The serious and critical accessibility violations axe finds on the page as it is now. */
export const seriousViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => ({ id, targets: nodes.map(({ target }) => target.join(' ')) }));
};
