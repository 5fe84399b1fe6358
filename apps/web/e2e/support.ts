import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Records cookie consent before any page script runs, so the banner stays out of the way. */
export async function withCookieConsent(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cookiesConsent', 'true'));
}

/** Saves a screenshot of a main screen into e2e/screenshots/ (git-ignored) for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(import.meta.dirname, 'screenshots', `${name}.png`),
    fullPage: true,
  });
}

export type Tokens = { access: string; refresh: string };

/** Registers and activates a user through the server's own API and e-mail outbox, then signs in. */
export async function createActiveUser(
  request: APIRequestContext,
  name = { first_name: 'Ivana', last_name: 'Petrova' },
): Promise<Tokens> {
  const email = `e2e-${randomUUID()}@example.com`;
  const password = 'Blue-Kettle-81';
  const registered = await request.post('/api/user/users/', {
    data: { ...name, email, password, re_password: password, accepted_terms: true },
  });
  expect(registered.status()).toBe(201);

  let link: { uid: string; token: string } | undefined;
  await expect.poll(async () => (link = await activationLinkFor(email))).toBeDefined();
  expect((await request.post('/api/user/users/activation/', { data: link })).ok()).toBe(true);

  const signedIn = await request.post('/api/user/jwt/create/', { data: { email, password } });
  expect(signedIn.ok()).toBe(true);
  return (await signedIn.json()) as Tokens;
}

/** The uid and token of the activation link mailed to this address (the outbox holds .eml files). */
async function activationLinkFor(email: string): Promise<{ uid: string; token: string } | undefined> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = await readdir(outbox).catch(() => []);
  for (const file of files) {
    const text = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
    const match = text.includes(email) ? text.match(/\/activation\/([^/\s"<]+)\/([^/\s"<]+)/) : null;
    if (match?.[1] && match[2]) return { uid: match[1], token: match[2] };
  }
  return undefined;
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Stores the tokens as the app keeps them (the page must be on the app's origin). */
export async function storeTokens(page: Page, tokens: Partial<Tokens>): Promise<void> {
  await page.evaluate(({ access, refresh }) => {
    if (access) localStorage.setItem('access', access);
    if (refresh) localStorage.setItem('refresh', refresh);
  }, tokens);
}

export const readTokens = (page: Page) =>
  page.evaluate(() => ({ access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh') }));
