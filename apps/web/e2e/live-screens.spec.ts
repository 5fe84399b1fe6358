import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { createActiveUser, pageFor, saveScreenshot, settled } from './support';

/** Screenshots of a live game, the host's projector screen and a phone, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });

const texts = {
  en: {
    category: 'Capitals',
    cards: [
      ['France', 'Paris'],
      ['Italy', 'Rome'],
      ['Bulgaria', 'Sofia'],
      ['Japan', 'Tokyo'],
    ],
    players: ['Ana', 'Boris', 'Vera'],
    join: 'Join',
    code: 'Game code',
    nickname: 'Nickname',
    start: 'Start the game',
    next: 'Next question',
    podium: 'Show the podium',
    question: 'Question 1 of 2',
  },
  bg: {
    category: 'Столици',
    cards: [
      ['Франция', 'Париж'],
      ['Италия', 'Рим'],
      ['България', 'София'],
      ['Япония', 'Токио'],
    ],
    players: ['Ана', 'Борис', 'Вера'],
    join: 'Влез',
    code: 'Код на играта',
    nickname: 'Псевдоним',
    start: 'Започни играта',
    next: 'Следващ въпрос',
    podium: 'Покажи победителите',
    question: 'Въпрос 1 от 2',
  },
} as const;

/** The choice buttons of a phone's question. */
const choices = (page: Page) => page.getByRole('button', { name: /^[A-DА-Г]: / });

for (const language of ['en', 'bg'] as const) {
  test(`live game screens, ${language}`, async ({ browser, request }) => {
    const text = texts[language];
    const host = await createActiveUser(request, {
      first_name: 'Maria',
      last_name: randomUUID().slice(0, 6),
    });
    const cards = cardsApi(request, host);
    const category = await cards.category(text.category);
    for (const [question, answer] of text.cards) await cards.textCard(category.id, question, answer);
    const made = await request.post('/api/live/games/', {
      data: { category: category.id, questions: 2, question_seconds: 60, teams: 0 },
      headers: { Authorization: `JWT ${host.access}` },
    });
    expect(made.status(), await made.text()).toBe(201);
    const game = (await made.json()) as { id: number; code: string };

    const screen = await pageFor(browser, {
      language,
      account: host,
      viewport: { width: 1600, height: 900 },
    });
    await screen.goto(`/live/${game.id}`);
    const phones: Page[] = [];
    for (const nickname of text.players) {
      const phone = await pageFor(browser, { language, viewport: { width: 390, height: 844 } });
      await phone.goto(`/play?code=${game.code}`);
      await phone.getByRole('textbox', { name: text.nickname }).fill(nickname);
      await phone.getByRole('button', { name: text.join }).click();
      await expect(screen.getByRole('listitem').filter({ hasText: nickname })).toBeVisible();
      phones.push(phone);
    }
    await settled(screen, { heading: true });
    await saveScreenshot(screen, `live-host-lobby-${language}`, { fullPage: false });
    await settled(phones[0]!, { heading: true });
    await saveScreenshot(phones[0]!, `live-phone-lobby-${language}`, { fullPage: false });

    await screen.getByRole('button', { name: text.start }).click();
    await expect(screen.getByRole('heading', { name: text.question })).toBeVisible();
    for (const phone of phones) await expect(choices(phone)).toHaveCount(4);
    await choices(phones[0]!).first().click();
    await settled(screen);
    await saveScreenshot(screen, `live-host-question-${language}`, { fullPage: false });
    await settled(phones[1]!);
    await saveScreenshot(phones[1]!, `live-phone-question-${language}`, { fullPage: false });

    // The rest answer: the question closes and every screen shows its answer.
    await choices(phones[1]!).nth(1).click();
    await choices(phones[2]!).nth(2).click();
    await expect(screen.getByRole('button', { name: text.next })).toBeVisible();
    await settled(screen);
    await saveScreenshot(screen, `live-host-reveal-${language}`, { fullPage: false });
    await settled(phones[0]!);
    await saveScreenshot(phones[0]!, `live-phone-reveal-${language}`, { fullPage: false });

    await screen.getByRole('button', { name: text.next }).click();
    for (const [index, phone] of phones.entries()) {
      await expect(choices(phone)).toHaveCount(4);
      await choices(phone).nth(index).click();
    }
    await screen.getByRole('button', { name: text.podium }).click();
    await settled(screen);
    await saveScreenshot(screen, `live-host-podium-${language}`, { fullPage: false });
    await settled(phones[2]!);
    await saveScreenshot(phones[2]!, `live-phone-finished-${language}`, { fullPage: false });
  });
}
