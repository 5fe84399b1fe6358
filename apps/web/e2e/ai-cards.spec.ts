import { expect, test } from '@playwright/test';
import { holdPolls } from './ai-support';
import { drawnPng, signedIn } from './cards-support';
import { shownSide, studyCard } from './practice-support';
import { aiAnswers } from './seed';
import { seriousViolations, withCookieConsent, withLanguage } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
// Generations run as jobs of the test server, polled every 2 seconds.
test.describe.configure({ timeout: 120_000 });

const capitals = [
  { question: 'Bulgaria', answer: 'Sofia', tag: 'balkans' },
  { question: 'France', answer: 'Paris', tag: 'west' },
  { question: 'Portugal', answer: 'Lisbon', tag: 'west' },
];

test('cards from a topic: generated, one edited, saved under a name from the preview, then practised', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  const main = page.getByRole('main');

  await page.goto('/ai-cards');
  await expect(main.getByRole('heading', { level: 1, name: 'AI categories' })).toBeVisible();
  await expect(main.getByRole('group', { name: 'From a topic' })).toContainText('50 of 50 left');
  await expect(main.getByRole('group', { name: 'From photos' })).toContainText('50 of 50 left');
  await expect(main.getByText('No AI categories yet')).toBeVisible();
  expect(await seriousViolations(page), '/ai-cards').toEqual([]);

  // Limits are checked before anything is sent.
  const topicPanel = main.getByRole('tabpanel', { name: 'From a topic' });
  await topicPanel.getByRole('textbox', { name: 'Topic', exact: true }).fill('EU');
  await topicPanel.getByLabel('Number of cards').fill('51');
  await topicPanel.getByRole('button', { name: 'Generate cards' }).click();
  await expect(topicPanel.getByRole('textbox', { name: 'Topic', exact: true })).toBeFocused();
  await expect(topicPanel.getByText('Use at least 3 characters.')).toBeVisible();
  await expect(topicPanel.getByText('Choose from 1 to 50 cards.')).toBeVisible();

  await aiAnswers(request, { cards: capitals });
  await topicPanel.getByRole('textbox', { name: 'Topic', exact: true }).fill('Capitals of Europe');
  await topicPanel.getByLabel('Side one shows').fill('a country');
  await topicPanel.getByLabel('Side two shows').fill('its capital');
  await topicPanel.getByLabel('Difficulty').selectOption({ label: 'Easy' });
  await topicPanel.getByLabel('Number of cards').fill('3');
  const release = await holdPolls(page);
  await topicPanel.getByRole('button', { name: 'Generate cards' }).click();

  // While the task runs: a progress indicator that says what is going on.
  const progress = main.getByRole('heading', { name: 'Generating your cards…' });
  await expect(progress).toBeVisible();
  await expect(progress).toBeFocused();
  await expect(
    main.getByRole('status').filter({ hasText: /Waiting for the AI service|writing your cards/ }),
  ).toBeVisible();
  await release();

  // The cards to review, named after the topic.
  const review = main.getByRole('heading', { name: 'Check your new cards' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review).toBeFocused();
  await expect(main.getByText('3 cards', { exact: true })).toBeVisible();
  await expect(main.getByLabel('Category name')).toHaveValue('Capitals of Europe');
  // The month's usage is counted on success.
  await expect(main.getByRole('group', { name: 'From a topic' })).toContainText('49 of 50 left');
  expect(await seriousViolations(page), '/ai-cards, review').toEqual([]);

  // One card edited: its answer.
  const cards = main.getByRole('list', { name: 'Generated cards' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await main.getByRole('button', { name: 'Edit card 2' }).click();
  const editor = main.getByRole('form', { name: 'Editing card 2' });
  await expect(editor.getByLabel('Side one')).toBeFocused();
  await editor.getByLabel('Side two').fill('Paris, on the Seine');
  await editor.getByRole('button', { name: 'Done' }).click();
  await expect(cards.nth(1)).toContainText('Paris, on the Seine');
  await expect(main.getByRole('button', { name: 'Edit card 2' })).toBeFocused();

  // The preview: the same cards, flip cards, saved under a topic.
  await main.getByRole('link', { name: 'Preview as flip cards' }).click();
  await expect(page).toHaveURL(/\/ai-cards-preview$/);
  await expect(main.getByRole('heading', { level: 1, name: 'AI card preview' })).toBeVisible();
  const flipCards = main.getByRole('listitem').getByRole('button');
  await expect(flipCards).toHaveCount(3);
  const france = flipCards.nth(1);
  await expect(france).toHaveAttribute('aria-pressed', 'false');
  await expect(france).toHaveAccessibleName(/France/);
  await france.click();
  await expect(france).toHaveAttribute('aria-pressed', 'true');
  await expect(france).toHaveAccessibleName(/Paris, on the Seine/);
  await france.press('Enter');
  await expect(france).toHaveAttribute('aria-pressed', 'false');
  expect(await seriousViolations(page), '/ai-cards-preview').toEqual([]);

  const topic = main.getByRole('textbox', { name: 'Topic', exact: true });
  await expect(topic).toHaveValue('Capitals of Europe');
  await topic.fill('  ');
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByText('This field is required.')).toBeVisible();
  await expect(topic).toBeFocused();
  await topic.fill('European capitals');
  await main.getByRole('button', { name: 'Save' }).click();

  // Back on /ai-cards, told what was saved; the list shows the new category.
  await expect(page).toHaveURL(/\/ai-cards$/);
  const notice = main.getByRole('status').filter({ hasText: 'Category saved' });
  await expect(notice).toContainText('“European capitals” was saved with 3 cards.');
  const category = main.getByRole('article', { name: 'European capitals' });
  await expect(category).toContainText('3 cards');
  await expect(main.getByRole('heading', { name: 'Generate cards' })).toBeVisible();

  // Practised: the study link of the notice, the practice setup, a card turned over.
  await notice.getByRole('link', { name: 'Study now' }).click();
  await expect(page).toHaveURL(/\/flash-cards-text\/\d+\?type=verbal&mode=standard$/);
  await expect(main.getByRole('heading', { level: 1, name: 'European capitals' })).toBeVisible();
  const front = await shownSide(page);
  expect(['Bulgaria', 'France', 'Portugal']).toContain(front);
  await expect(studyCard(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(studyCard(page)).toHaveAttribute('aria-pressed', 'true');
  const answers: Record<string, string> = {
    Bulgaria: 'Sofia',
    France: 'Paris, on the Seine',
    Portugal: 'Lisbon',
  };
  await expect.poll(() => shownSide(page)).toBe(answers[front]);
});

test('a generation that fails shows the server’s reason, and the form keeps what was asked', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  const main = page.getByRole('main');

  await page.goto('/ai-cards');
  const topicPanel = main.getByRole('tabpanel', { name: 'From a topic' });
  await topicPanel.getByRole('textbox', { name: 'Topic', exact: true }).fill('Rivers of Europe');
  // Twice not a list of cards: the server asks once more, then gives up.
  await aiAnswers(request, { content: 'Here are some cards!' }, { content: 'Sorry.' });
  // The progress shown meanwhile is checked by the test above: here the two answers may come back before
  // the page has shown it.
  await topicPanel.getByRole('button', { name: 'Generate cards' }).click();

  const failure = main.getByRole('alert').filter({ hasText: 'No cards this time' });
  await expect(failure).toContainText('The AI service gave an answer that is not a list of cards.', {
    timeout: 30_000,
  });
  await expect(topicPanel.getByRole('textbox', { name: 'Topic', exact: true })).toHaveValue(
    'Rivers of Europe',
  );
  // A failure is not counted.
  await expect(main.getByRole('group', { name: 'From a topic' })).toContainText('50 of 50 left');
  await failure.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failure).toBeHidden();
});

test('in Bulgarian: cards from a photographed page, reviewed, a card deleted and the rest discarded', async ({
  page,
  request,
}) => {
  await withLanguage(page, 'bg');
  await signedIn(page, request);
  const main = page.getByRole('main');

  await page.goto('/ai-cards');
  await expect(main.getByRole('heading', { level: 1, name: 'Категории с ИИ' })).toBeVisible();
  await main.getByRole('tab', { name: 'От снимки' }).click();
  const photosPanel = main.getByRole('tabpanel', { name: 'От снимки' });
  const submit = photosPanel.getByRole('button', { name: 'Създай карти' });
  await expect(submit).toBeVisible();

  // Without a photo nothing is sent.
  await submit.click();
  await expect(photosPanel.getByText('Добавете поне една снимка.')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await photosPanel.getByRole('button', { name: 'Избери снимки' }).click();
  await (await chooser).setFiles({
    name: 'page-1.png',
    mimeType: 'image/png',
    buffer: await drawnPng(page, '#2f9e44', 'B'),
  });
  await expect(photosPanel.getByRole('img', { name: 'Снимка 1: page-1.png' })).toBeVisible();
  await photosPanel.getByLabel('Език на страниците').selectOption({ label: 'Български' });
  await photosPanel.getByLabel('Брой карти').fill('2');
  await aiAnswers(request, {
    cards: [
      { question: 'клетка', answer: 'най-малката жива единица', tag: 'биология' },
      { question: 'тъкан', answer: 'група еднакви клетки', tag: 'биология' },
    ],
  });
  await submit.click();

  await expect(main.getByRole('heading', { name: 'Прегледайте новите карти' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(main.getByText('2 карти', { exact: true })).toBeVisible();
  await expect(main.getByRole('group', { name: 'От снимки' })).toContainText('Остават 49 от 50');
  await main.getByRole('button', { name: 'Изтрий карта 1' }).click();
  await expect(main.getByRole('list', { name: 'Създадени карти' }).getByRole('listitem')).toHaveCount(1);
  await expect(main.getByText('1 карта', { exact: true })).toBeVisible();

  await main.getByRole('button', { name: 'Отхвърли', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Да се отхвърлят ли тези карти?' });
  await dialog.getByRole('button', { name: 'Отхвърли картите' }).click();
  await expect(main.getByRole('heading', { name: 'Създаване на карти' })).toBeVisible();
  await expect(main.getByText('Все още нямате категории с ИИ')).toBeVisible();
});
