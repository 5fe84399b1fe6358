import { expect, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));

test.describe.configure({ timeout: 90_000 });

test('a card edited offline and changed on another device meanwhile: both versions shown, the other kept', async ({
  page,
  context,
  request,
}) => {
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Capitals');
  const card = await cards.textCard(category.id, 'Sofia', 'Bulgaria');
  await cards.textCard(category.id, 'Paris', 'France');
  const headers = { Authorization: `JWT ${account.access}` };

  // Kept on this device: its size shows.
  await page.goto(`/my-cards/${category.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Capitals' })).toBeVisible();
  const keep = main.getByRole('switch', { name: 'Keep offline' });
  await expect(keep).not.toBeChecked();
  await keep.check();
  await expect(main.getByText(/^\d+ kB on this device$/)).toBeVisible();
  await expect(keep).toBeChecked();

  // Offline, the card's side two is changed: kept on the device.
  await context.setOffline(true);
  await main.getByRole('button', { name: 'Edit the card “Sofia”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the text card' });
  await edit.getByLabel('Side two').fill('Bulgaria, on this device');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Saved on this device. It will be sent when you are back online.'),
  ).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(main.getByRole('article').filter({ hasText: 'Sofia' })).toContainText(
    'Bulgaria, on this device',
  );

  // Meanwhile another device changes the same card.
  const elsewhere = await request.put(`/api/card/card-text/${card.id}/`, {
    data: { first_side: 'Sofia', second_side: 'Bulgaria, elsewhere', category: category.id, tag: '' },
    headers,
  });
  expect(elsewhere.ok()).toBe(true);

  // Back online, the edit is refused as a conflict: both versions wait for the learner's choice.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'A card changed on two devices' }).click();
  const choice = page.getByRole('dialog', { name: 'Cards changed on two devices' });
  const conflict = choice.getByRole('region', { name: '“Sofia”' });
  const [here, there] = [
    conflict.getByRole('heading', { name: 'On this device' }),
    conflict.getByRole('heading', { name: 'Changed elsewhere' }),
  ];
  await expect(here).toBeVisible();
  await expect(there).toBeVisible();
  await expect(conflict.getByText('Bulgaria, on this device')).toBeVisible();
  await expect(conflict.getByText('Bulgaria, elsewhere')).toBeVisible();

  await conflict.getByRole('button', { name: 'Keep the other' }).click();
  await expect(choice.getByText('No cards are waiting for your choice.')).toBeFocused();
  await expect(page.getByRole('button', { name: 'A card changed on two devices' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(choice).toBeHidden();
  await expect(main.getByRole('article').filter({ hasText: 'Sofia' })).toContainText('Bulgaria, elsewhere');

  // The server has the other device's version, and nothing of this one's is sent later.
  const onServer = await request.get(`/api/card/card-text/${card.id}/`, { headers });
  expect(await onServer.json()).toMatchObject({ first_side: 'Sofia', second_side: 'Bulgaria, elsewhere' });
  await expect(page.getByRole('status').filter({ hasText: 'Synced' })).toBeVisible();
});
