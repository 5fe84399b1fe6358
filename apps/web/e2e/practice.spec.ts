import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { cardsApi, drawnPng, signedIn, wavTone } from './cards-support';
import { answerByKeys, practiceApi, shownSide, studyCard } from './practice-support';
import { catalogCategory, freeUser } from './seed';
import { createActiveUser, withCookieConsent } from './support';

const seriousViolations = async (page: Page) => {
  // Dialogs fade in: judge the colours once they are there.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => ({ id, targets: nodes.map(({ target }) => target.join(' ')) }));
};

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 120_000 });

test('verbal practice, by keyboard: a card guessed ten times is learned and leaves the deck', async ({
  page,
  request,
}) => {
  // The turn of the card is not what this test is about: without its animation thirty answers go faster.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Capitals');
  const sofia = await cards.textCard(category.id, 'Sofia', 'Bulgaria', 'balkans');
  const paris = await cards.textCard(category.id, 'Paris', 'France', 'west');
  const main = page.getByRole('main');
  const activity = page.getByRole('region', { name: 'Activity' });
  const cardsPractised = activity.locator('dt', { hasText: 'Cards practised' }).locator('+ dd');

  // Nothing practised yet: the profile's chart is empty. The first load of the activity waits behind the
  // other tests' work on the one embedded database of the test server.
  await page.goto('/profile');
  await expect(activity.getByText('No practice in this period yet.', { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  await expect(cardsPractised).toHaveText('0');

  // From the category's cards, one click: a first session is verbal and standard.
  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('link', { name: 'Study' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/flash-cards-text/${category.id}\\?type=verbal&mode=standard$`));
  await expect(main.getByRole('heading', { level: 1, name: 'Capitals' })).toBeVisible();
  await expect(main.getByText('Card 1 of 2')).toBeVisible();

  // Turning the card over is announced; the marks need the answer seen first.
  await expect(main.getByRole('button', { name: 'Guessed', exact: true })).toBeDisabled();
  const front = await shownSide(page);
  expect(['Sofia', 'Paris']).toContain(front);
  await expect(studyCard(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: /^Side two: (Bulgaria|France)$/ })).toBeAttached();
  expect(await seriousViolations(page), 'practice screen, card turned').toEqual([]);
  await page.keyboard.press('Space');
  await expect(studyCard(page)).toHaveAttribute('aria-pressed', 'false');

  // Sofia always guessed, Paris never. Each session is one round and ends with its summary; another
  // round follows until Sofia is learned, and the round after that holds Paris only.
  const end = main.getByTestId('session-end');
  const anotherRound = end.getByRole('button', { name: 'Another round' });
  let sofiaGuessed = 0;
  while (sofiaGuessed < 10) {
    const progress = main.getByText(/^Card \d of \d$/);
    await expect(progress.or(anotherRound)).toBeVisible({ timeout: 15_000 });
    if (await anotherRound.isVisible()) {
      await anotherRound.click();
      continue;
    }
    const shown = await shownSide(page);
    await answerByKeys(page, shown === 'Sofia');
    if (shown === 'Sofia') sofiaGuessed++;
  }
  // The answer that learned Sofia counts at once; the session then ends with it among its figures.
  await expect(main.getByText('1 learned').or(end.getByText('Cards learned'))).toBeVisible();
  if (await main.getByText(/^Card \d of \d$/).isVisible()) await answerByKeys(page, false);
  await expect(end).toContainText('1Cards learned');
  await expect(end.getByRole('link', { name: 'Back to the category' })).toHaveAttribute(
    'href',
    `/my-cards/${category.id}`,
  );
  expect(await practice.textCard(sofia.id)).toMatchObject({ guesses_score: 10, incorrect_guesses_score: 0 });
  await anotherRound.click();
  await expect(main.getByText('Card 1 of 1')).toBeVisible();
  expect(await shownSide(page)).toBe('Paris');
  const parisWrong = Number((await practice.textCard(paris.id)).incorrect_guesses_score);

  // Paris ten times right: nothing is left to learn. Nine of them from elsewhere, the tenth here, which
  // finishes the category.
  for (let i = 0; i < 9; i++) await practice.answer(paris.id, 'guesses_score');
  await answerByKeys(page, true);
  await expect(end.getByRole('heading', { name: 'You learned every card of Capitals!' })).toBeVisible();
  expect(await practice.category(category.id)).toMatchObject({ learned_cards_verbal_len: 2 });
  // The address keeps the settings: a reload comes back to the same (empty) deck.
  await page.reload();
  await expect(main.getByText('No more cards with given filters')).toBeVisible();
  // Typing is another way of learning: the same cards are there to learn by typing.
  // The options sit behind one button: the filter, then the learning mode.
  await main.getByRole('button', { name: 'Change the filter' }).first().click();
  const filter = page.getByRole('dialog', { name: 'Filter cards' });
  await expect(filter.getByRole('radio', { name: /Verbal/ })).toBeChecked();
  await filter.getByRole('radio', { name: /Typing/ }).check();
  await filter.getByRole('button', { name: 'Next' }).click();
  const mode = page.getByRole('dialog', { name: 'Learning mode' });
  await expect(mode.getByRole('radio', { name: /Standard/ })).toBeChecked();
  await mode.getByRole('button', { name: 'Start' }).click();
  await expect(main.getByText('Card 1 of 2')).toBeVisible();
  await expect(main.getByLabel('Your answer')).toBeFocused();

  // The profile's chart now has today's bar: every answer, two cards learned.
  const answered = sofiaGuessed + parisWrong + 10;
  await page.goto('/profile');
  await expect(cardsPractised).toHaveText(String(answered));
  await expect(activity.locator('dt', { hasText: 'Cards learned' }).locator('+ dd')).toHaveText('2');
  await expect(activity.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  await expect(activity.getByRole('table')).toContainText(String(answered));
});

test('with reduced motion the card turns over at once, without an animation', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Rivers');
  await cards.textCard(category.id, 'Danube', 'Дунав');
  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  const card = studyCard(page);
  await expect(card).toBeFocused();
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  expect(await shownSide(page)).toBe('Дунав');
  const cardAnimations = () =>
    card.evaluate(
      (element) =>
        document
          .getAnimations()
          .filter((animation) =>
            element.contains((animation.effect as KeyframeEffect | null)?.target ?? null),
          ).length,
    );
  expect(await cardAnimations()).toBe(0);
  // The turn's transition, as the browser computes it: none now, and the usual one when motion is welcome.
  const turnDuration = () =>
    card.evaluate((element) => getComputedStyle(element.firstElementChild!).transitionDuration);
  expect(await turnDuration()).toBe('0s');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await turnDuration()).not.toBe('0s');
});

test('picture practice: the picture in front, its word behind', async ({ page, request }) => {
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Colours', 'picture');
  await cards.pictureCard(category.id, 'red', await drawnPng(page, '#c92a2a', 'R'));
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-picture/${category.id}?type=verbal&mode=standard`);
  await expect(main.getByRole('heading', { level: 1, name: 'Colours' })).toBeVisible();
  const picture = studyCard(page).locator('img');
  await expect(picture).toHaveAttribute('alt', 'The picture to name');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(studyCard(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(studyCard(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await shownSide(page)).toBe('red');
});

test('typing practice: the filter picks tags and a number of cards, answers are checked ignoring case and spaces', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Cities');
  const york = await cards.textCard(category.id, 'Largest city of the USA', 'New York', 'americas');
  await cards.textCard(category.id, 'Capital of Japan', 'Tokyo', 'asia');
  await cards.textCard(category.id, 'Capital of Canada', 'Ottawa', 'americas');
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text/${category.id}`);
  const filter = page.getByRole('dialog', { name: 'Filter cards' });
  await filter.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'americas' }).click();
  await filter.getByLabel('Number of cards').fill('1001');
  await filter.getByRole('radio', { name: /Typing/ }).check();
  await filter.getByRole('button', { name: 'Next' }).click();
  await expect(filter.getByText('Enter a whole number from 1 to 1000.')).toBeVisible();
  await filter.getByLabel('Number of cards').fill('1');
  await filter.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Learning mode' }).getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\?tags=americas&quantity=1&type=typing&mode=standard$/);

  // One card of the tag: the first made.
  await expect(main.getByText('Card 1 of 1')).toBeVisible();
  expect(await shownSide(page)).toBe('Largest city of the USA');
  const answer = main.getByLabel('Your answer');
  await expect(answer).toBeFocused();
  await answer.press('Enter');
  await expect(main.getByText('Type an answer first.')).toBeVisible();

  await answer.fill('  nEW    york ');
  await answer.press('Enter');
  await expect(main.getByRole('alert')).toHaveText('Correct!');
  await expect(main.getByRole('button', { name: 'Next card' })).toBeFocused();
  await expect.poll(async () => (await practice.textCard(york.id)).guesses_score_typing).toBe(1);
  expect(await practice.textCard(york.id)).toMatchObject({
    guesses_score: 0,
    incorrect_guesses_score_typing: 0,
  });
  expect(await seriousViolations(page), 'typing, right answer').toEqual([]);

  // A reload keeps the filter; a wrong answer shows the right one.
  await page.reload();
  await expect(main.getByText('Card 1 of 1')).toBeVisible();
  await main.getByLabel('Your answer').fill('Boston');
  await main.getByRole('button', { name: 'Check' }).click();
  const feedback = main.getByTestId('typing-feedback');
  await expect(feedback).toContainText('Not correct.');
  await expect(feedback.getByRole('definition').last()).toContainText('New York');
  await expect(studyCard(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await practice.textCard(york.id)).incorrect_guesses_score_typing).toBe(1);
  expect(await seriousViolations(page), 'typing, wrong answer').toEqual([]);
  // The round of one card is over: its summary, then another round with an empty field.
  await main.getByRole('button', { name: 'Next card' }).click();
  await expect(main.getByTestId('session-end')).toContainText('1Wrong answers');
  await main.getByRole('button', { name: 'Another round' }).click();
  await expect(main.getByLabel('Your answer')).toHaveValue('');
  await expect(main.getByLabel('Your answer')).toBeFocused();
});

test('gaming mode: a timed round with a streak multiplier ends with the score, and can be played again', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Flags');
  await cards.textCard(category.id, 'Red, white, green', 'Bulgaria');
  await cards.textCard(category.id, 'Red, white', 'Poland');
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=gaming`);
  await expect(main.getByRole('heading', { name: 'Ready?' })).toBeVisible();
  await main.getByRole('button', { name: 'Start the round' }).click();
  await expect(main.getByRole('timer')).toHaveText(/^(1:00|0:5\d)$/);

  for (const guessed of [true, true, true, true, false]) await answerByKeys(page, guessed);
  await expect(main.getByRole('timer')).toBeVisible();
  // 10 + 10 + 10, then ×2 from the fourth in a row: 20; the wrong one ends the streak.
  await expect(main.getByText('50', { exact: true })).toBeVisible();
  await expect(main.getByText('Points multiplied by 1')).toBeAttached();
  expect(await seriousViolations(page), 'gaming round').toEqual([]);

  await page.clock.fastForward('01:01');
  await expect(main.getByRole('heading', { name: 'Time is up!' })).toBeFocused();
  await expect(main.getByText('50 points')).toBeVisible();
  await expect(main.getByText('4 right')).toBeVisible();
  await expect(main.getByText('1 wrong')).toBeVisible();
  await expect(main.getByText('Best streak: 4')).toBeVisible();
  expect(await practice.category(category.id)).toMatchObject({
    total_guesses_score: 4,
    total_incorrect_guesses_score: 1,
  });

  await main.getByRole('button', { name: 'Play again' }).click();
  await expect(main.getByRole('timer')).toHaveText(/^(1:00|0:5\d)$/);
  await expect(main.getByText('Points multiplied by 1')).toBeAttached();
  await expect(studyCard(page)).toBeFocused();
});

test('kids practice: the word is played or spoken in its language, and every listen is counted', async ({
  page,
  request,
}) => {
  // Records what the page plays and says, instead of making sounds on the test machine.
  await page.addInitScript(() => {
    const played: string[] = [];
    const spoken: { text: string; lang: string }[] = [];
    Object.assign(window, { played, spoken });
    HTMLMediaElement.prototype.play = function () {
      played.push(this.currentSrc || this.src);
      return Promise.resolve();
    };
    window.speechSynthesis.speak = (utterance) => {
      spoken.push({ text: utterance.text, lang: utterance.lang });
      utterance.onend?.(new Event('end') as SpeechSynthesisEvent);
    };
  });
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Animals', 'kids');
  const cat = await cards.kidsCard(category.id, 'cat', 'en', await drawnPng(page, '#7048e8', 'C'), wavTone());
  const dog = await cards.kidsCard(category.id, 'куче', 'bg', await drawnPng(page, '#0c8599', 'D'));
  const main = page.getByRole('main');

  await page.goto(`/my-kids-cards/${category.id}`);
  await main.getByRole('link', { name: 'Study' }).click();
  await expect(page).toHaveURL(new RegExp(`/flash-cards-kids/${category.id}$`));
  await expect(main.getByRole('img', { name: 'cat' })).toBeVisible();
  await expect(main.getByText('Card 1 of 2')).toBeVisible();
  await main.getByRole('button', { name: 'Listen to “cat”' }).click();
  await expect(main.getByText('Listened 1 time')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { played: string[] }).played)).toEqual([
    expect.stringMatching(/\/media\/.+\.wav$/),
  ]);
  expect((await practice.kidsCard(cat.id)).listen_counts).toBe(1);
  expect(await seriousViolations(page), 'kids practice').toEqual([]);

  // Marked locally (kids cards keep no scores); the next picture has no sound, so the browser says it.
  await main.getByRole('button', { name: 'I knew it' }).click();
  await expect(main.getByText('Knew 1 · Not yet 0')).toBeVisible();
  await expect(main.getByRole('img', { name: 'куче' })).toBeVisible();
  await expect(main.getByText('Read out by the browser')).toBeVisible();
  await main.getByRole('button', { name: 'Listen to “куче”' }).click();
  await expect(main.getByText('Listened 1 time')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken)).toEqual([
    { text: 'куче', lang: 'bg-BG' },
  ]);
  expect((await practice.kidsCard(dog.id)).listen_counts).toBe(1);
  await main.getByRole('button', { name: 'Next' }).click();
  await expect(main.getByRole('img', { name: 'cat' })).toBeVisible();
  await main.getByRole('button', { name: 'Previous' }).click();
  await expect(main.getByRole('img', { name: 'куче' })).toBeVisible();
});

test('a guest practises a catalog category in order, round again, and is asked to sign up after five flips', async ({
  page,
  request,
}) => {
  const category = await catalogCategory(request, {
    name: 'European capitals',
    author: { first_name: 'Maria', last_name: 'Ivanova' },
    cards: [
      ['Sofia', 'Bulgaria'],
      ['Athens', 'Greece'],
      ['Vienna', 'Austria'],
    ],
  });
  const { author } = category;
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text-public/${category.id}`);
  await expect(main.getByRole('heading', { level: 1, name: 'European capitals' })).toBeVisible();
  await expect(main.getByText('By Maria Ivanova · 3 cards')).toBeVisible();
  const seen: string[] = [];
  for (let flip = 1; flip <= 4; flip++) {
    await expect(main.getByText(`Card ${((flip - 1) % 3) + 1} of 3`, { exact: true })).toBeVisible();
    seen.push(await shownSide(page));
    await studyCard(page).click();
    await expect(studyCard(page)).toHaveAttribute('aria-pressed', 'true');
    await main.getByRole('button', { name: 'Next card' }).click();
  }
  // In order, and after the last card the first again.
  expect(seen).toEqual(['Sofia', 'Athens', 'Vienna', 'Sofia']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await seriousViolations(page), 'public practice').toEqual([]);

  // The fifth flip asks the guest to sign up, or to log in and come back here.
  await studyCard(page).focus();
  await page.keyboard.press('Space');
  const prompt = page.getByRole('dialog', { name: 'Enjoying the cards?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup');
  expect(await seriousViolations(page), 'call to action').toEqual([]);
  await prompt.getByRole('button', { name: 'Keep practising' }).click();
  await expect(prompt).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(studyCard(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await shownSide(page)).toBe('Austria');
  await expect(prompt).toBeHidden();

  // Nothing was scored.
  for (const id of category.cards)
    expect(await practiceApi(request, author).textCard(id)).toMatchObject({
      guesses_score: 0,
      incorrect_guesses_score: 0,
    });

  // Logging in from the prompt, asked again on the next visit, comes back to the cards.
  await page.reload();
  for (let flip = 1; flip <= 5; flip++) {
    await studyCard(page).click();
    if (flip < 5) await studyCard(page).click();
  }
  await prompt.getByRole('link', { name: 'I have an account: log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('main').getByLabel('E-mail').fill(author.email);
  await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(author.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/flash-cards-text-public/${category.id}$`));
  await expect(main.getByRole('heading', { level: 1, name: 'European capitals' })).toBeVisible();
});

test('a category that is not on the catalog cannot be practised without signing in', async ({
  page,
  request,
}) => {
  const owner = await createActiveUser(request);
  const category = await cardsApi(request, owner).category('Private notes');
  await page.goto(`/flash-cards-text-public/${category.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
  await expect(main.getByText('This category is not in the catalog')).toBeVisible();
  // The signed-in practice screens ask a guest to log in first.
  await page.goto(`/flash-cards-text/${category.id}`);
  await expect(page).toHaveURL(/\/login$/);
});

test('a free user past the daily limit is stopped, with the way to subscribe', async ({ page, request }) => {
  const account = await signedIn(page, request, await freeUser(request));
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Verbs');
  const go = await cards.textCard(category.id, 'go', 'went');
  await cards.textCard(category.id, 'see', 'saw');
  for (let i = 0; i < 29; i++) await practice.answer(go.id, 'incorrect_guesses_score');
  const main = page.getByRole('main');

  // The 30th answer is taken, and the session says nothing is left of the day; the 31st is refused.
  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  await expect(main.getByText('Card 1 of 2')).toBeVisible();
  await answerByKeys(page, true);
  await expect(main.getByText('Card 2 of 2')).toBeVisible();
  await expect(main.getByText('1 right')).toBeVisible();
  await expect(main.getByRole('group', { name: 'This session' })).toContainText('No cards left today');
  await answerByKeys(page, true);
  const limit = page.getByRole('dialog', { name: 'Daily limit reached' });
  await expect(limit.getByText('Your daily limit of 30 cards is exceeded')).toBeVisible();
  await expect(limit.getByRole('link', { name: 'See the subscriptions' })).toHaveAttribute(
    'href',
    '/subscriptions',
  );
  expect(await seriousViolations(page), 'daily limit').toEqual([]);
  await limit.getByRole('button', { name: 'Close' }).first().click();
  await expect(limit).toBeHidden();
  await expect(main.getByText('The session has stopped')).toBeVisible();
  await expect(studyCard(page)).toHaveCount(0);

  // The next deck is refused too.
  await page.reload();
  await expect(limit.getByText('Your daily limit of 30 cards is exceeded')).toBeVisible();
  expect((await practice.category(category.id)).total_guesses_score).toBe(1);
});
