import { expect, type Page, test } from '@playwright/test';
import { holdPolls } from './ai-support';
import { drawnPng, signedIn } from './cards-support';
import { aiAnswers } from './seed';
import { motionEnded, picturesDrawn, saveScreenshot, withCookieConsent, withLanguage } from './support';

/** Screenshots of /ai-cards and /ai-cards-preview in both languages, for people to look at. */
// One after the other: both queue answers of the one stand-in AI provider.
test.describe.configure({ timeout: 180_000, mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]:not(section *)')).toHaveCount(0);
  await picturesDrawn(page);
  await motionEnded(page);
};

const cards = {
  en: [
    { question: 'Bulgaria', answer: 'Sofia', tag: 'balkans' },
    { question: 'France', answer: 'Paris', tag: 'west' },
    { question: 'Portugal', answer: 'Lisbon', tag: 'west' },
    {
      question: 'Which river flows through Vienna, Bratislava, Budapest and Belgrade?',
      answer: 'The Danube',
      tag: 'rivers',
    },
    { question: 'Iceland', answer: 'Reykjavík', tag: 'north' },
  ],
  bg: [
    { question: 'България', answer: 'София', tag: 'балкани' },
    { question: 'Франция', answer: 'Париж', tag: 'запад' },
    { question: 'Португалия', answer: 'Лисабон', tag: 'запад' },
    { question: 'Коя река минава през Виена, Братислава, Будапеща и Белград?', answer: 'Дунав', tag: 'реки' },
    { question: 'Исландия', answer: 'Рейкявик', tag: 'север' },
  ],
};

for (const language of ['en', 'bg'] as const) {
  test(`AI screens, ${language}`, async ({ page, request }) => {
    await withCookieConsent(page);
    await withLanguage(page, language);
    // Light unless a step below chose another theme.
    await page.addInitScript(() => {
      if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'light');
    });
    await signedIn(page, request);
    const bg = language === 'bg';
    const main = page.getByRole('main');
    const shot = async (name: string, options = { fullPage: true }) => {
      // Fixed elements (the top bar, the skip link) are drawn where the window was scrolled to.
      if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `${name}-${language}`, options);
    };

    // The preview with nothing generated yet.
    await page.goto('/ai-cards-preview');
    await settled(page);
    await shot('ai-preview-empty');

    // The forms, and a form's limits.
    await page.goto('/ai-cards');
    await settled(page);
    await shot('ai-cards');
    const topicPanel = main.getByRole('tabpanel', { name: bg ? 'По тема' : 'From a topic' });
    const submit = topicPanel.getByRole('button', { name: bg ? 'Създай карти' : 'Generate cards' });
    await topicPanel.getByLabel(bg ? 'Брой карти' : 'Number of cards').fill('60');
    await submit.click();
    await expect(topicPanel.locator('[aria-invalid="true"]')).toHaveCount(2);
    await shot('ai-cards-errors');

    // Photos: one taken.
    await main.getByRole('tab', { name: bg ? 'От снимки' : 'From photos' }).click();
    const photosPanel = main.getByRole('tabpanel', { name: bg ? 'От снимки' : 'From photos' });
    const chooser = page.waitForEvent('filechooser');
    await photosPanel.getByRole('button', { name: bg ? 'Избери снимки' : 'Choose photos' }).click();
    await (await chooser).setFiles([
      { name: 'page-12.png', mimeType: 'image/png', buffer: await drawnPng(page, '#1971c2', '12') },
      { name: 'page-13.png', mimeType: 'image/png', buffer: await drawnPng(page, '#f08c00', '13') },
    ]);
    await settled(page);
    await shot('ai-cards-photos');

    // Running: the polls are held while the picture is taken.
    await main.getByRole('tab', { name: bg ? 'По тема' : 'From a topic' }).click();
    await topicPanel
      .getByRole('textbox', { name: bg ? 'Тема' : 'Topic', exact: true })
      .fill(bg ? 'Столици на Европа' : 'Capitals of Europe');
    await topicPanel.getByLabel(bg ? 'Брой карти' : 'Number of cards').fill('5');
    await aiAnswers(request, { cards: cards[language] });
    const release = await holdPolls(page);
    await submit.click();
    await expect(
      main.getByRole('heading', { name: bg ? 'Създаваме картите ви…' : 'Generating your cards…' }),
    ).toBeFocused();
    await shot('ai-cards-running', { fullPage: false });
    await release();

    // The review: one card being edited.
    const review = main.getByRole('heading', {
      name: bg ? 'Прегледайте новите карти' : 'Check your new cards',
    });
    await expect(review).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await shot('ai-cards-review');
    await main.getByRole('button', { name: bg ? 'Редактирай карта 2' : 'Edit card 2' }).click();
    await settled(page);
    await shot('ai-cards-review-editing');
    await page.keyboard.press('Escape');

    // The preview, one card turned, in each theme.
    for (const theme of ['light', 'medium', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/ai-cards-preview');
      await settled(page);
      await main.getByRole('listitem').getByRole('button').nth(1).click();
      await settled(page);
      await shot(`ai-preview-${theme}`);
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));

    // Saved: the notice and the list.
    await page.goto('/ai-cards-preview');
    await settled(page);
    await main.getByRole('button', { name: bg ? 'Запази' : 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/ai-cards$/);
    await expect(main.getByRole('article')).toHaveCount(1);
    await settled(page);
    await shot('ai-cards-saved');

    // A phone with a camera, once.
    if (!bg) {
      const phone = await page
        .context()
        .browser()!
        .newContext({
          viewport: { width: 390, height: 844 },
          hasTouch: true,
          isMobile: true,
          storageState: await page.context().storageState(),
        });
      const phonePage = await phone.newPage();
      await phonePage.goto('/ai-cards');
      await settled(phonePage);
      await phonePage.getByRole('tab', { name: 'From photos' }).click();
      const camera = phonePage.getByRole('button', { name: 'Take a photo' });
      await expect(camera).toBeVisible();
      // A full-page capture of an emulated phone briefly stops it being a touch screen: the window only.
      // The tabs at the top, below the top bar.
      await phonePage
        .getByRole('tab', { name: 'From photos' })
        .evaluate((tab) => window.scrollTo(0, tab.getBoundingClientRect().top + window.scrollY - 80));
      await saveScreenshot(phonePage, 'ai-cards-phone', { fullPage: false });
      await phone.close();
    }
  });
}
