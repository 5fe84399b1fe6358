import { expect, test } from '@playwright/test';
import { cardsApi, drawnPng, signedIn, wavTone } from './cards-support';
import { motionEnded, saveScreenshot, settled, withCookieConsent, withLanguage } from './support';

/** Screenshots of the categories and cards screens, in both languages and both themes, for people to look at. */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1280, height: 900 } });

for (const [language, theme] of [
  ['en', 'light'],
  ['bg', 'light'],
  ['en', 'dark'],
  ['bg', 'dark'],
] as const) {
  test(`categories and cards screens, ${language}, ${theme}`, async ({ page, request }) => {
    await withCookieConsent(page);
    await withLanguage(page, language);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const account = await signedIn(page, request);
    const api = cardsApi(request, account);
    const bg = language === 'bg';

    const capitals = await api.category(bg ? 'Столици на Европа' : 'European capitals');
    for (const [city, country, tag] of [
      ['Sofia', 'Bulgaria', 'balkans'],
      ['Athens', 'Greece', 'balkans'],
      ['Paris', 'France', 'west'],
      ['Lisbon', 'Portugal', 'west'],
      ['Vienna', 'Austria', 'central'],
      ['Warsaw', 'Poland', 'central'],
      ['Reykjavík', 'Iceland', ''],
    ] as const) {
      await api.textCard(capitals.id, city, country, tag);
    }
    const colours = await api.category(bg ? 'Цветове' : 'Colours', 'picture');
    for (const [colour, letter, name] of [
      ['#c92a2a', 'R', bg ? 'червено' : 'red'],
      ['#2f9e44', 'G', bg ? 'зелено' : 'green'],
      ['#1971c2', 'B', bg ? 'синьо' : 'blue'],
      ['#f08c00', 'O', bg ? 'оранжево' : 'orange'],
    ] as const) {
      await api.pictureCard(colours.id, name, await drawnPng(page, colour, letter), 'colours');
    }
    const kids = await api.category(bg ? 'Животни' : 'Animals', 'kids');
    await api.kidsCard(
      kids.id,
      bg ? 'котка' : 'cat',
      language,
      await drawnPng(page, '#7048e8', 'C'),
      wavTone(),
    );
    await api.kidsCard(kids.id, bg ? 'куче' : 'dog', language, await drawnPng(page, '#0c8599', 'D'));
    await api.category(bg ? 'Неправилни глаголи' : 'Irregular verbs');

    const shot = (name: string) => saveScreenshot(page, `${name}-${language}-${theme}`);

    await page.goto('/my-categories');
    await settled(page, { heading: true, pictures: true });
    await shot('my-categories');

    await page.goto(`/my-cards/${capitals.id}`);
    await settled(page, { heading: true, pictures: true });
    await shot('text-cards');

    await page.goto(`/my-cards/${colours.id}`);
    await settled(page, { heading: true, pictures: true });
    await shot('picture-cards');

    await page.goto(`/my-kids-cards/${kids.id}`);
    await settled(page, { heading: true, pictures: true });
    await shot('kids-cards');

    await page.goto('/kids');
    await settled(page, { heading: true, pictures: true });
    await shot('kids-categories');

    // A phone, once: one column, the menu behind the burger.
    if (language === 'en' && theme === 'light') {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/my-cards/${capitals.id}`);
      await settled(page, { heading: true, pictures: true });
      await saveScreenshot(page, 'text-cards-phone');
      await page.goto('/my-categories');
      await settled(page, { heading: true, pictures: true });
      await saveScreenshot(page, 'my-categories-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // The dialogs.
    const main = page.getByRole('main');
    await page.goto(`/my-cards/${capitals.id}`);
    await settled(page, { heading: true, pictures: true });
    await main
      .getByRole('button')
      .filter({ hasText: bg ? 'Качи от файл' : 'Upload a file' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await motionEnded(page);
    await shot('upload-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto(`/my-kids-cards/${kids.id}`);
    await settled(page, { heading: true, pictures: true });
    await main
      .getByRole('button')
      .filter({ hasText: bg ? 'Нова карта' : 'Add a card' })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await motionEnded(page);
    await shot('kids-card-dialog');
    await page.keyboard.press('Escape');

    await page.goto('/my-categories');
    await settled(page, { heading: true, pictures: true });
    await main.getByRole('button', { name: bg ? 'Действия за Цветове' : 'Actions for Colours' }).click();
    await page.getByRole('menuitem').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await motionEnded(page);
    await shot('edit-category-dialog');
  });
}
