import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { cardsApi, drawnPng, signedIn, wavTone } from './cards-support';
import { answerByKeys } from './practice-support';
import { motionEnded, saveScreenshot, withCookieConsent, withLanguage } from './support';

/** Screenshots of offline study for people to look at: the switch, the header's states, the choice. */
test.describe.configure({ timeout: 180_000 });
// Offline pages open through the service worker.
test.use({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });

const locale = (language: string) =>
  JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, `../../../packages/i18n/locales/${language}/cards.json`),
      'utf8',
    ),
  );
const texts = { en: locale('en'), bg: locale('bg') };
const practiceTexts = {
  en: JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../packages/i18n/locales/en/practice.json'), 'utf8'),
  ),
  bg: JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../packages/i18n/locales/bg/practice.json'), 'utf8'),
  ),
};
const status = (page: Page) => page.getByRole('banner').getByRole('status');

for (const language of ['en', 'bg'] as const) {
  test(`offline study screens (${language})`, async ({ page, context, request }) => {
    const cardTexts = texts[language];
    await withCookieConsent(page);
    await withLanguage(page, language);
    const account = await signedIn(page, request);
    const cards = cardsApi(request, account);
    const category = await cards.category(language === 'bg' ? 'Столици' : 'Capitals');
    const sofia = await cards.textCard(category.id, 'Sofia', language === 'bg' ? 'България' : 'Bulgaria');
    await cards.textCard(category.id, 'Paris', language === 'bg' ? 'Франция' : 'France');
    await cards.textCard(category.id, 'Rome', language === 'bg' ? 'Италия' : 'Italy');
    const main = page.getByRole('main');

    await page.goto(`/my-cards/${category.id}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await main.getByRole('switch', { name: cardTexts.offline.keep }).check();
    await expect(main.getByRole('switch', { name: cardTexts.offline.keep })).toBeChecked();
    await expect(
      main.getByText(/\d/).filter({ hasText: cardTexts.offline.size.replace('{{size}} ', '') }),
    ).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `offline-kept-${language}`);

    await context.setOffline(true);
    await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
    await answerByKeys(page, true);
    await answerByKeys(page, false);
    await expect(status(page)).toContainText('2');
    await motionEnded(page);
    await saveScreenshot(page, `offline-practice-${language}`);
    // On a phone the header keeps the icons; their words are the names.
    await page.setViewportSize({ width: 390, height: 844 });
    await motionEnded(page);
    await saveScreenshot(page, `offline-practice-phone-${language}`, { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A card changed here offline and elsewhere meanwhile: the choice between the two.
    await page.goto(`/my-cards/${category.id}`);
    await main.getByRole('button', { name: cardTexts.card.editNamed.replace('{{name}}', 'Sofia') }).click();
    const edit = page.getByRole('dialog', { name: cardTexts.cardForm.editTitle.text });
    await edit
      .getByLabel(cardTexts.cardForm.secondSide)
      .fill(language === 'bg' ? 'България (тук)' : 'Bulgaria (here)');
    await edit.getByRole('button', { name: cardTexts.actions.save }).click();
    await expect(edit).toBeHidden();
    const elsewhere = await request.put(`/api/card/card-text/${sofia.id}/`, {
      data: { first_side: 'Sofia', second_side: 'България, столица', category: category.id, tag: '' },
      headers: { Authorization: `JWT ${account.access}` },
    });
    expect(elsewhere.ok()).toBe(true);
    await context.setOffline(false);
    const conflicts = page.getByRole('banner').getByRole('button', { name: /2|Карта|card/i });
    await conflicts.click();
    await expect(page.getByRole('dialog', { name: cardTexts.offline.conflicts.title })).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `offline-conflict-${language}`, { fullPage: false });
  });
}

for (const language of ['en', 'bg'] as const) {
  test(`a kids category kept offline (${language})`, async ({ page, context, request }) => {
    const cardTexts = texts[language];
    await withCookieConsent(page);
    await withLanguage(page, language);
    const account = await signedIn(page, request);
    const cards = cardsApi(request, account);
    const name = language === 'bg' ? 'Животни' : 'Animals';
    const category = await cards.category(name, 'kids');
    const word = language === 'bg' ? 'котка' : 'cat';
    await cards.kidsCard(category.id, word, language, await drawnPng(page, '#7048e8', 'C'), wavTone());
    await cards.kidsCard(
      category.id,
      language === 'bg' ? 'куче' : 'dog',
      language,
      await drawnPng(page, '#0c8599', 'D'),
    );
    const main = page.getByRole('main');

    // From the kids list's menu: what is kept, for a child's category.
    await page.goto('/kids');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await main.getByRole('button', { name: cardTexts.category.actionsFor.replace('{{name}}', name) }).click();
    await page.getByRole('menuitem', { name: cardTexts.offline.menu }).click();
    const dialog = page.getByRole('dialog', { name: cardTexts.offline.modalTitle.replace('{{name}}', name) });
    await expect(dialog.getByText(cardTexts.offline.kidsHint)).toBeVisible();
    await dialog.getByRole('switch', { name: cardTexts.offline.keep }).check();
    await expect(
      dialog.getByText(/\d/).filter({ hasText: cardTexts.offline.size.replace('{{size}} ', '') }),
    ).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `offline-kids-kept-${language}`, { fullPage: false });

    // Played offline: the picture from the device, a listen waiting to be sent.
    await context.setOffline(true);
    await page.goto(`/flash-cards-kids/${category.id}`);
    await expect(main.getByRole('img', { name: word })).toBeVisible();
    await main
      .getByRole('button', { name: practiceTexts[language].kids.listenNamed.replace('{{word}}', word) })
      .click();
    await expect(status(page)).toContainText('1');
    await motionEnded(page);
    await saveScreenshot(page, `offline-kids-practice-${language}`, { fullPage: false });
  });
}
