import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { staffUser } from './seed';
import { createActiveUser, motionEnded, pageFor, seriousViolations } from './support';

/** The serious violations inside the open dialog (what lies under its overlay is dimmed on purpose). */
async function dialogViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ id }) => id);
}

/** The staff member opens the queue, picks the category and approves the revision shown. */
async function approveInQueue(page: Page, name: string, kind: 'New' | 'Update') {
  await page.goto('/admin/market');
  const queue = page.getByRole('navigation', { name: 'Categories waiting for review' });
  const entry = queue.getByRole('button', { name: new RegExp(name) });
  await expect(entry).toContainText(kind);
  await entry.click();
  const review = page.getByRole('article', { name });
  await expect(review.getByRole('heading', { level: 2, name })).toBeFocused();
  return review;
}

test('a category goes from its author through review to the catalog, and its update to an adopted copy', async ({
  browser,
  request,
}) => {
  // Seven steps across four browsers, each page checked by axe: a few minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const word = `Balkans${randomUUID().slice(0, 8)}`;
  const name = `Capitals of the ${word}`;

  // The author makes a category with two cards and publishes it from its page.
  const author = await createActiveUser(request, { first_name: 'Rada', last_name: 'Todorova' });
  const api = cardsApi(request, author);
  const category = await api.category(name);
  const sofia = await api.textCard(category.id, 'Bulgaria', 'Sofia');
  await api.textCard(category.id, 'Serbia', 'Belgrade');

  const authorPage = await pageFor(browser, { account: author });
  await authorPage.goto(`/my-cards/${category.id}`);
  const panel = authorPage.getByRole('region', { name: 'Catalog' });
  await expect(panel).toContainText('Not published');
  await panel.getByRole('button', { name: 'Publish on the catalog' }).click();
  const publish = authorPage.getByRole('dialog', { name: 'Publish on the catalog' });
  await expect(publish).toContainText('within 24 hours');
  await motionEnded(authorPage);
  expect(await dialogViolations(authorPage), 'publish dialog').toEqual([]);
  await publish.getByRole('textbox', { name: /^Description/ }).fill('The capitals of the Balkan countries.');
  await publish.getByRole('combobox', { name: /^Language/ }).click();
  await authorPage.getByRole('option', { name: 'English' }).click();
  await publish.getByRole('combobox', { name: /^Topic/ }).click();
  await authorPage.getByRole('option', { name: 'Education' }).click();
  await publish.getByRole('button', { name: 'Send for review' }).click();
  await expect(publish).toBeHidden();
  await expect(panel).toContainText('Waiting for review');

  // The staff approve it from the queue, with the keyboard.
  const staff = await staffUser(request);
  const staffPage = await pageFor(browser, { account: staff });
  const review = await approveInQueue(staffPage, name, 'New');
  await expect(review).toContainText('Sofia');
  expect(await seriousViolations(staffPage), 'review queue').toEqual([]);
  await staffPage.keyboard.press('a');
  await expect(staffPage.getByText(`“${name}” was approved.`)).toBeVisible();

  await authorPage.reload();
  await expect(panel).toContainText('On the catalog');
  expect(await seriousViolations(authorPage), 'category on the catalog').toEqual([]);

  // A guest finds it by searching the catalog.
  const guestPage = await pageFor(browser);
  await guestPage.goto('/market-public');
  await guestPage.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(guestPage).toHaveURL(new RegExp(`q=${word}`));
  const card = guestPage.getByRole('article', { name });
  await expect(card).toContainText('by Rada Todorova');
  await expect(card).toContainText('2 cards');
  expect(await seriousViolations(guestPage), 'catalog').toEqual([]);
  await card.getByRole('link', { name: `Details of “${name}”` }).click();
  await expect(guestPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(guestPage.getByText('Sign in to adopt this category, rate it or report it.')).toBeVisible();
  expect(await seriousViolations(guestPage), 'catalog detail').toEqual([]);
  await expect(guestPage.getByRole('link', { name: 'Start learning' })).toHaveAttribute(
    'href',
    `/flash-cards-text-public/${category.id}`,
  );

  // Another learner adopts it.
  const learner = await createActiveUser(request, { first_name: 'Ivan', last_name: 'Georgiev' });
  const learnerPage = await pageFor(browser, { account: learner });
  await learnerPage.goto(`/market/${category.id}`);
  await expect(learnerPage.getByRole('button', { name: 'Adopt' })).toBeVisible();
  expect(await seriousViolations(learnerPage), 'signed-in detail').toEqual([]);
  await learnerPage.getByRole('button', { name: 'Adopt' }).click();
  await expect(learnerPage.getByText(`“${name}” is now in your categories.`)).toBeVisible();
  await expect(learnerPage.getByRole('link', { name: 'Open my copy' })).toBeFocused();
  await learnerPage.getByRole('link', { name: 'Open my copy' }).click();
  await expect(learnerPage).toHaveURL(/\/my-cards\/\d+$/);
  await expect(learnerPage.getByRole('heading', { level: 1, name })).toBeVisible();
  // A copy is not offered to the catalog again.
  await expect(learnerPage.getByRole('region', { name: 'Catalog' })).toBeHidden();
  const copyUrl = learnerPage.url();
  await expect(learnerPage.getByText('Sofia')).toBeVisible();
  await expect(learnerPage.getByText('An update is available')).toBeHidden();

  // The author changes a card; the change waits for review while the approved version stays listed.
  const edited = await request.put(`/api/card/card-text/${sofia.id}/`, {
    data: { first_side: 'Bulgaria', second_side: 'Sofia, on the Iskar', category: category.id },
    headers: { Authorization: `JWT ${author.access}` },
  });
  expect(edited.ok()).toBe(true);
  await authorPage.reload();
  await expect(panel).toContainText('Waiting for review');

  const update = await approveInQueue(staffPage, name, 'Update');
  await expect(update).toContainText('1 changed card');
  await expect(update).toContainText('Sofia, on the Iskar');
  await update.getByRole('button', { name: 'Approve' }).click();
  await expect(staffPage.getByText(`“${name}” was approved.`)).toBeVisible();

  // The learner's copy offers the update, shows what changes and applies it.
  await learnerPage.goto(copyUrl);
  const notice = learnerPage.getByRole('status').filter({ hasText: 'An update is available' });
  await notice.getByRole('button', { name: 'See the changes' }).click();
  const changes = learnerPage.getByRole('dialog', { name: 'Update your copy' });
  await expect(changes).toContainText('1 changed card');
  await expect(changes).toContainText('Before');
  await expect(changes).toContainText('Sofia, on the Iskar');
  await motionEnded(learnerPage);
  expect(await dialogViolations(learnerPage), 'update dialog').toEqual([]);
  await changes.getByRole('button', { name: 'Apply the update' }).click();
  await expect(learnerPage.getByText(`Your copy of “${name}” was updated.`)).toBeVisible();
  await expect(changes).toBeHidden();
  await expect(learnerPage.getByText('Sofia, on the Iskar')).toBeVisible();
  await expect(learnerPage.getByText('An update is available')).toBeHidden();
});
