import { type Browser, expect, type Page, test } from '@playwright/test';
import { cardsApi, drawnPng, signedIn, wavTone } from './cards-support';
import { practiceApi, shownSide, studyCard } from './practice-support';
import { catalogCategory, freeUser } from './seed';
import {
  motionEnded,
  picturesDrawn,
  saveScreenshot,
  storeTokens,
  withCookieConsent,
  withLanguage,
} from './support';

/** Screenshots of the practice screens, in both languages and both themes, for people to look at. */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 900 } });

type Language = 'en' | 'bg';
type Theme = 'light' | 'dark';

const prepare = async (page: Page, language: Language, theme: Theme) => {
  await withCookieConsent(page);
  await withLanguage(page, language);
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
};

/** Settled: headings shown, nothing loading, pictures drawn, dialogs faded in, the card turned. */
const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ has: page.locator('.mantine-Loader-root') }),
  ).toHaveCount(0);
  await picturesDrawn(page);
  await motionEnded(page);
};

const words = {
  en: {
    capitals: 'European capitals',
    cards: [
      ['Sofia', 'Bulgaria', 'balkans'],
      ['Athens', 'Greece', 'balkans'],
      ['Paris', 'France', 'west'],
      ['Lisbon', 'Portugal', 'west'],
      ['Vienna', 'Austria', 'central'],
      ['What is the capital of the country with the longest coastline in Europe?', 'Oslo', 'north'],
    ],
    colours: 'Colours',
    colourNames: ['red', 'green', 'blue'],
    animals: 'Animals',
    animalNames: ['cat', 'dog'],
    wrong: 'Lyon',
    next: 'Next',
    start: 'Start',
    end: 'End the session',
    rivers: 'Rivers',
    check: 'Check',
    startRound: 'Start the round',
  },
  bg: {
    capitals: 'Столици на Европа',
    cards: [
      ['София', 'България', 'балкани'],
      ['Атина', 'Гърция', 'балкани'],
      ['Париж', 'Франция', 'запад'],
      ['Лисабон', 'Португалия', 'запад'],
      ['Виена', 'Австрия', 'център'],
      ['Коя е столицата на страната с най-дълга брегова линия в Европа?', 'Осло', 'север'],
    ],
    colours: 'Цветове',
    colourNames: ['червено', 'зелено', 'синьо'],
    animals: 'Животни',
    animalNames: ['котка', 'куче'],
    wrong: 'Лион',
    next: 'Напред',
    start: 'Започни',
    end: 'Приключи сесията',
    rivers: 'Реки',
    check: 'Провери',
    startRound: 'Започни рунда',
  },
} as const;

/** A page of its own, for another visitor (a guest, another account). */
const otherPage = async (
  browser: Browser,
  language: Language,
  theme: Theme,
  viewport = { width: 1280, height: 900 },
) => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await prepare(page, language, theme);
  return page;
};

for (const [language, theme] of [
  ['en', 'light'],
  ['bg', 'light'],
  ['en', 'dark'],
  ['bg', 'dark'],
] as const) {
  test(`practice screens, ${language}, ${theme}`, async ({ page, request, browser }) => {
    const w = words[language];
    await prepare(page, language, theme);
    await page.clock.install();
    const account = await signedIn(page, request);
    const api = cardsApi(request, account);
    const shot = (name: string, fullPage = true) =>
      saveScreenshot(page, `${name}-${language}-${theme}`, { fullPage });
    const main = page.getByRole('main');

    const capitals = await api.category(w.capitals);
    for (const [side1, side2, tag] of w.cards) await api.textCard(capitals.id, side1, side2, tag);
    const colours = await api.category(w.colours, 'picture');
    for (const [i, colour] of ['#c92a2a', '#2f9e44', '#1971c2'].entries())
      await api.pictureCard(
        colours.id,
        w.colourNames[i]!,
        await drawnPng(page, colour, 'RGB'[i]!),
        'colours',
      );
    const kids = await api.category(w.animals, 'kids');
    await api.kidsCard(kids.id, w.animalNames[0], language, await drawnPng(page, '#7048e8', 'C'), wavTone());
    await api.kidsCard(kids.id, w.animalNames[1], language, await drawnPng(page, '#0c8599', 'D'));

    // The two modals.
    await page.goto(`/flash-cards-text/${capitals.id}`);
    await settled(page);
    await shot('practice-filter', false);
    await page.getByRole('dialog').getByRole('button', { name: w.next }).click();
    await settled(page);
    await shot('practice-mode', false);
    await page.getByRole('dialog').getByRole('button', { name: w.start }).click();

    // Standard, verbal: the card, turned, after a few answers, and the summary.
    await expect(studyCard(page)).toBeFocused();
    await settled(page);
    await shot('practice-verbal');
    for (const key of ['1', '2', '1']) {
      await page.keyboard.press('Space');
      await page.keyboard.press(key);
    }
    await page.keyboard.press('Space');
    await settled(page);
    await shot('practice-verbal-turned');
    await main.getByRole('button', { name: w.end }).click();
    await expect(main.getByTestId('session-end').getByRole('link')).toBeVisible();
    await settled(page);
    await shot('practice-session-end', false);

    // The last card of a category learned: the celebration with its badge.
    const rivers = await api.category(w.rivers);
    const danube = await api.textCard(rivers.id, 'Danube', 'Black Sea');
    const practice = practiceApi(request, account);
    for (let i = 0; i < 9; i++) await practice.answer(danube.id, 'guesses_score');
    await page.goto(`/flash-cards-text/${rivers.id}?type=verbal&mode=standard`);
    await expect(studyCard(page)).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('1');
    await expect(main.getByTestId('session-end').getByRole('img')).toBeVisible();
    await settled(page);
    await shot('practice-celebration', false);

    // Typing, a wrong answer.
    await page.goto(`/flash-cards-text/${capitals.id}?type=typing&mode=standard`);
    await main.getByRole('textbox').fill(w.wrong);
    await main.getByRole('button', { name: w.check }).click();
    await settled(page);
    await shot('practice-typing');

    // Typing, one letter short: almost; checked again, the letters marked and "I was right" offered.
    await page.goto(`/flash-cards-text/${capitals.id}?type=typing&mode=standard`);
    const front = await shownSide(page);
    const back = w.cards.find(([question]) => question === front)![1];
    await main.getByRole('textbox').fill(back.slice(0, -1));
    await main.getByRole('button', { name: w.check }).click();
    await expect(main.getByTestId('typing-almost')).toBeVisible();
    await settled(page);
    await shot('practice-typing-almost');
    await main.getByRole('button', { name: w.check }).click();
    await expect(main.getByTestId('typing-feedback').locator('ins')).toBeVisible();
    await settled(page);
    await shot('practice-typing-marked');

    // A picture card.
    await page.goto(`/flash-cards-picture/${colours.id}?type=verbal&mode=standard`);
    await settled(page);
    await shot('practice-picture');

    // Nothing left with this filter.
    await page.goto(`/flash-cards-text/${capitals.id}?tags=nothing&type=verbal&mode=standard`);
    await settled(page);
    await shot('practice-empty');

    // Gaming: ready, playing with a streak, over.
    await page.goto(`/flash-cards-text/${capitals.id}?type=verbal&mode=gaming`);
    await settled(page);
    await shot('practice-gaming-ready');
    await main.getByRole('button', { name: w.startRound }).click();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Space');
      await page.keyboard.press('1');
    }
    await page.clock.fastForward('00:15');
    await settled(page);
    await shot('practice-gaming');
    await page.clock.fastForward('01:00');
    await settled(page);
    await shot('practice-gaming-over');

    // Kids.
    await page.goto(`/flash-cards-kids/${kids.id}`);
    await settled(page);
    await shot('practice-kids');

    // A phone, once.
    if (language === 'en' && theme === 'light') {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [name, path] of [
        ['practice-verbal-phone', `/flash-cards-text/${capitals.id}?type=verbal&mode=standard`],
        ['practice-typing-phone', `/flash-cards-text/${capitals.id}?type=typing&mode=standard`],
        ['practice-gaming-phone', `/flash-cards-text/${capitals.id}?type=typing&mode=gaming`],
        ['practice-kids-phone', `/flash-cards-kids/${kids.id}`],
      ] as const) {
        await page.goto(path);
        if (name === 'practice-gaming-phone') await main.getByRole('button', { name: w.startRound }).click();
        await settled(page);
        await saveScreenshot(page, name);
      }
      await page.goto(`/flash-cards-text/${capitals.id}`);
      await settled(page);
      await saveScreenshot(page, 'practice-filter-phone', { fullPage: false });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // A guest on a catalog category, asked to sign up.
    const catalog = await catalogCategory(request, {
      name: w.capitals,
      author: { first_name: 'Maria', last_name: 'Ivanova' },
      cards: w.cards.slice(0, 4).map(([side1, side2]) => [side1, side2] as const),
    });
    for (const viewport of [
      { width: 1280, height: 900 },
      ...(language === 'en' && theme === 'light' ? [{ width: 390, height: 844 }] : []),
    ]) {
      const guest = await otherPage(browser, language, theme, viewport);
      const suffix = viewport.width < 500 ? '-phone' : `-${language}-${theme}`;
      await guest.goto(`/flash-cards-text-public/${catalog.id}`);
      await settled(guest);
      await saveScreenshot(guest, `practice-public${suffix}`);
      for (let flip = 0; flip < 5; flip++) {
        await studyCard(guest).click();
        if (flip < 4) await studyCard(guest).click();
      }
      await settled(guest);
      await saveScreenshot(guest, `practice-call-to-action${suffix}`, { fullPage: false });
      await guest.context().close();
    }

    // A free user past the daily limit.
    const free = await otherPage(browser, language, theme);
    const freeAccount = await freeUser(request);
    await free.goto('/');
    await storeTokens(free, freeAccount);
    const freeCategory = await cardsApi(request, freeAccount).category(w.capitals);
    const card = await cardsApi(request, freeAccount).textCard(freeCategory.id, w.cards[0][0], w.cards[0][1]);
    for (let i = 0; i < 30; i++) await practiceApi(request, freeAccount).answer(card.id, 'guesses_score');
    await free.goto(`/flash-cards-text/${freeCategory.id}?type=verbal&mode=standard`);
    await expect(free.getByRole('dialog')).toBeVisible();
    await settled(free);
    await saveScreenshot(free, `practice-daily-limit-${language}-${theme}`, { fullPage: false });
    await free.keyboard.press('Escape');
    await settled(free);
    await saveScreenshot(free, `practice-stopped-${language}-${theme}`);
    await free.context().close();
  });
}
