import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LIVE_RESULTS_CSV_COLUMNS } from '@flashcards/contract';
import { expect, type Page, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { threeQuestionTest } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
import { createActiveUser, pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

const capitals = new Map([
  ['France', 'Paris'],
  ['Italy', 'Rome'],
  ['Bulgaria', 'Sofia'],
  ['Japan', 'Tokyo'],
  ['Peru', 'Lima'],
]);

/** The country the host's screen asks about now. */
async function countryAsked(host: Page): Promise<string> {
  const main = host.getByRole('main');
  let asked = '';
  await expect
    .poll(async () => {
      for (const country of capitals.keys())
        if ((await main.getByText(country, { exact: true }).count()) > 0) asked = country;
      return asked;
    })
    .not.toBe('');
  return asked;
}

/** A player taps the right choice, or a wrong one. */
async function answer(player: Page, capital: string, right: boolean): Promise<void> {
  const choices = player.getByRole('group', { name: 'Choose an answer' }).getByRole('button');
  await expect(choices).toHaveCount(4);
  const choice = right
    ? player.getByRole('button', { name: new RegExp(`^[A-D]: ${capital}$`) })
    : choices.filter({ hasNotText: capital }).first();
  await choice.click();
}

const received = (player: Page) => player.getByRole('paragraph').filter({ hasText: /^Answer received$/ });
const pointsBadge = (player: Page) => player.getByText(/^[\d,]+ points?$/);

test('a live game: opened from a category, played by three players on their own screens, one reloading, ending on the podium and in the CSV', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const host = await createActiveUser(request, { first_name: 'Maria', last_name: `Hostova${word}` });
  const cards = cardsApi(request, host);
  const category = await cards.category(`Capitals ${word}`);
  for (const [country, capital] of capitals) await cards.textCard(category.id, country, capital);

  // The host opens a game of three questions from the category's page.
  const hostPage = await pageFor(browser, { account: host, viewport: { width: 1280, height: 900 } });
  await hostPage.goto(`/my-cards/${category.id}`);
  await hostPage.getByRole('link', { name: 'Play live' }).click();
  await expect(hostPage).toHaveURL(new RegExp(`/live\\?category=${category.id}$`));
  const form = hostPage.getByRole('form', { name: 'New game' });
  await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue(String(category.id));
  await form.getByRole('textbox', { name: 'Questions' }).fill('3');
  await form.getByRole('textbox', { name: 'Seconds per question' }).fill('90');
  await form.getByRole('button', { name: 'Open the game' }).click();
  await expect(hostPage).toHaveURL(/\/live\/\d+$/);
  const gameId = Number(new URL(hostPage.url()).pathname.split('/').pop());

  // The lobby: the code, the address to join at and its QR code.
  await expect(hostPage.getByRole('heading', { name: 'Join the game' })).toBeFocused();
  const code = (await hostPage.getByText(/^\d{6}$/).textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await expect(hostPage.getByText(`${new URL(hostPage.url()).host}/play`, { exact: true })).toBeVisible();
  await expect(
    hostPage.getByRole('img', { name: `QR code that opens the game with the code ${code}` }),
  ).toBeVisible();
  await expect(hostPage.getByRole('button', { name: 'Start the game' })).toBeDisabled();
  await settled(hostPage);
  expect(await seriousViolations(hostPage), 'the lobby').toEqual([]);

  // Three players: a guest at a desk, a guest on a phone and a signed-in learner; and one more, removed.
  const vera = await createActiveUser(request, { first_name: 'Vera', last_name: `Petrova${word}` });
  const players = {
    Ana: await pageFor(browser),
    Boris: await pageFor(browser, { viewport: { width: 390, height: 844 } }),
    Vera: await pageFor(browser, { account: vera }),
    Dora: await pageFor(browser),
  };
  for (const [nickname, page] of Object.entries(players)) {
    await page.goto(`/play?code=${code}`);
    await expect(page.getByRole('textbox', { name: 'Game code' })).toHaveValue(code);
    await page.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible();
    await expect(hostPage.getByRole('listitem').filter({ hasText: nickname })).toBeVisible();
  }
  await expect(hostPage.getByRole('heading', { name: '4 players' })).toBeVisible();
  await hostPage.getByRole('button', { name: 'Remove Dora' }).click();
  await expect(players.Dora.getByText('The host removed you from this game.')).toBeVisible();
  await expect(players.Dora.getByRole('button', { name: 'Join' })).toBeVisible();
  await expect(hostPage.getByRole('heading', { name: '3 players' })).toBeVisible();
  const { Ana, Boris, Vera } = players;

  await hostPage.getByRole('button', { name: 'Start the game' }).click();

  // Who answers right, question by question; Boris reloads his phone during the second one.
  const plan = [
    { Ana: true, Boris: true, Vera: false },
    { Ana: true, Boris: false, Vera: true },
    { Ana: true, Boris: true, Vera: false },
  ];
  const asked: string[] = [];
  for (const [index, rights] of plan.entries()) {
    const heading = `Question ${index + 1} of 3`;
    await expect(hostPage.getByRole('heading', { name: heading })).toBeVisible();
    const country = await countryAsked(hostPage);
    asked.push(country);
    const capital = capitals.get(country)!;
    for (const player of [Ana, Boris, Vera])
      await expect(player.getByRole('heading', { name: heading })).toBeFocused();

    if (index === 0) {
      await settled(Boris);
      expect(await seriousViolations(Boris), 'a question on a phone').toEqual([]);
    }
    if (index === 1) {
      // Boris's phone reloads during a question: the same player comes back and can still answer.
      await Boris.reload();
      await expect(Boris.getByRole('heading', { name: heading })).toBeVisible();
    }

    if (index === 2) {
      // The host's screen reloads: it comes back to the same question.
      await hostPage.reload();
      await expect(hostPage.getByRole('heading', { name: heading })).toBeVisible();
      await expect(hostPage.getByText('0 of 3 answered')).toBeVisible();
    }

    await answer(Ana, capital, rights.Ana);
    await expect(received(Ana)).toBeVisible();
    await expect(hostPage.getByText('1 of 3 answered')).toBeVisible();
    await answer(Boris, capital, rights.Boris);
    await expect(received(Boris)).toBeVisible();
    // The last answer closes the question: every screen shows the answer.
    await answer(Vera, capital, rights.Vera);

    const rightCount = Object.values(rights).filter(Boolean).length;
    await expect(hostPage.getByRole('list', { name: 'Answers given' })).toContainText(
      `: ${capital}: ${rightCount} answers, Right answer`,
    );
    for (const [name, player] of Object.entries({ Ana, Boris, Vera }))
      await expect(
        player.getByRole('heading', { name: rights[name as keyof typeof rights] ? 'Right!' : 'Wrong' }),
      ).toBeVisible();
    if (index === 0) {
      // Boris's phone reloads after the answer was shown: the same player, score and all.
      const before = await pointsBadge(Boris).textContent();
      expect(before).toMatch(/^[1-9]/);
      await Boris.reload();
      await expect(Boris.getByRole('heading', { name: 'Right!' })).toBeVisible();
      await expect(pointsBadge(Boris)).toHaveText(before ?? '');
    }
    await hostPage.getByRole('button', { name: index < 2 ? 'Next question' : 'Show the podium' }).click();
  }

  // The podium: first to third as the answers went.
  const podium = hostPage.getByRole('list', { name: 'Podium' }).getByRole('listitem');
  await expect(podium).toHaveCount(3);
  await expect(podium.nth(0)).toContainText('Ana');
  await expect(podium.nth(1)).toContainText('Boris');
  await expect(podium.nth(2)).toContainText('Vera');
  await expect(Ana.getByText('Your place: 1 of 3')).toBeVisible();
  await expect(Boris.getByText('Your place: 2 of 3')).toBeVisible();
  await expect(Vera.getByText('Your place: 3 of 3')).toBeVisible();

  // The results, and their CSV: a line per player and question, best first.
  await hostPage.getByRole('link', { name: 'Full results' }).click();
  await expect(hostPage).toHaveURL(`/live/${gameId}/results`);
  const standings = hostPage.getByRole('region', { name: 'Standings' }).getByRole('row');
  await expect(standings.nth(1)).toContainText('Ana');
  await expect(standings.nth(3)).toContainText('Vera');
  await expect(standings.nth(3)).toContainText('Signed in');
  const downloading = hostPage.waitForEvent('download');
  await hostPage.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(lines[0]).toEqual([...LIVE_RESULTS_CSV_COLUMNS]);
  const rows = lines
    .slice(1)
    .map((cells) => Object.fromEntries(cells.map((cell, at) => [lines[0]![at], cell])));
  expect(rows.map((row) => [row.rank, row.nickname, row.question, row.prompt, row.correct])).toEqual(
    (['Ana', 'Boris', 'Vera'] as const).flatMap((name, rank) =>
      plan.map((rights, question) => [
        String(rank + 1),
        name,
        String(question + 1),
        asked[question],
        rights[name] ? 'yes' : 'no',
      ]),
    ),
  );
  for (const row of rows) {
    const capital = capitals.get(row.prompt!);
    if (row.correct === 'yes') expect(row.answer).toBe(capital);
    else expect([...capitals.values()].filter((other) => other !== capital)).toContain(row.answer);
    expect(Number(row.points) > 0).toBe(row.correct === 'yes');
  }
});

test('a live game of a test: opened from the test’s menu, its questions with their own answers, ended early by the host', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [],
  });
  const test = await threeQuestionTest(request, teacher, `Fractions ${word}`);

  const hostPage = await pageFor(browser, { account: teacher });
  await hostPage.goto('/school-tests');
  await hostPage.getByRole('button', { name: `More actions for ${test.name}` }).click();
  await hostPage.getByRole('menuitem', { name: 'Play as a live game' }).click();
  const form = hostPage.getByRole('form', { name: 'New game' });
  await expect(form.getByText(test.name, { exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Questions' })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Seconds per question' }).fill('120');
  await form.getByRole('button', { name: 'Open the game' }).click();
  const code = (await hostPage.getByText(/^\d{6}$/).textContent()) ?? '';

  const player = await pageFor(browser, { viewport: { width: 390, height: 844 } });
  await player.goto('/play');
  await player.getByRole('textbox', { name: 'Game code' }).fill(code);
  await player.getByRole('textbox', { name: 'Nickname' }).fill('Ana');
  await player.keyboard.press('Enter');
  await expect(player.getByRole('heading', { name: "You're in!" })).toBeVisible();
  await hostPage.getByRole('button', { name: 'Start the game' }).click();

  // The test's first question, with its three answers in their order.
  await expect(hostPage.getByText(test.questions[0]!.question_text)).toBeVisible();
  await expect(player.getByText(test.questions[0]!.question_text)).toBeVisible();
  await expect(player.getByRole('group', { name: 'Choose an answer' }).getByRole('button')).toHaveText([
    /3\/4/,
    /2\/6/,
    /1\/8/,
  ]);

  // Ended early: every screen says the game is over.
  await hostPage.getByRole('button', { name: 'End the game' }).click();
  await hostPage
    .getByRole('dialog', { name: 'End the game?' })
    .getByRole('button', { name: 'End the game' })
    .click();
  await expect(hostPage.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await expect(player.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await expect(player.getByText('Your place: 1 of 1')).toBeVisible();
});
