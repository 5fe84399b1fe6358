import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { studyCard } from './practice-support';
import { createActiveUser, motionEnded, pageFor, seriousViolations, settled } from './support';

/** The serious violations inside the open dialog (what lies under its overlay is dimmed on purpose). */
async function dialogViolations(page: Page) {
  await motionEnded(page);
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => ({ id, targets: nodes.map(({ target }) => target.join(' ')) }));
}

test.describe.configure({ timeout: 300_000 });

test('two people become friends, and one sends the other categories, by hand and through a group', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 8);
  const mila = { first_name: 'Mila', last_name: `Koleva${word}` };
  const petar = { first_name: 'Petar', last_name: `Dimov${word}` };
  const milaName = `Mila Koleva${word}`;
  const petarName = `Petar Dimov${word}`;
  const a = await createActiveUser(request, mila);
  const b = await createActiveUser(request, petar);
  const pageA = await pageFor(browser, { account: a });
  const pageB = await pageFor(browser, { account: b });

  // A finds B by name and asks to be friends.
  await pageA.goto('/friends');
  await expect(pageA.getByRole('heading', { level: 1, name: 'My friends' })).toBeVisible();
  await expect(pageA.getByText('No friends yet')).toBeVisible();
  await settled(pageA);
  expect(await seriousViolations(pageA), 'friends, empty').toEqual([]);
  const search = pageA.getByRole('region', { name: 'Find people' });
  await search.getByRole('searchbox', { name: 'Name or e-mail' }).fill(`Dimov${word}`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(pageA).toHaveURL(new RegExp(`search=Dimov${word}`));
  await expect(search.getByRole('status')).toHaveText('1 person found');
  const found = search.getByRole('article', { name: petarName });
  await settled(pageA);
  expect(await seriousViolations(pageA), 'friend search result').toEqual([]);
  await found.getByRole('button', { name: 'Add friend' }).click();
  await expect(pageA.getByText(`Friend request sent to ${petarName}.`)).toBeVisible();
  await expect(found.getByText('Request sent')).toBeVisible();
  await expect(found.getByRole('button', { name: 'Cancel request' })).toBeVisible();

  // B sees the request among the received ones and accepts it.
  await pageB.goto('/friends');
  await pageB.getByRole('tab', { name: /Requests/ }).click();
  await expect(pageB).toHaveURL(/tab=requests/);
  const received = pageB.getByRole('region', { name: 'Received' });
  const request_ = received.getByRole('article', { name: milaName });
  await expect(request_.getByText('Wants to be your friend')).toBeVisible();
  await settled(pageB);
  expect(await seriousViolations(pageB), 'friend requests').toEqual([]);
  await request_.getByRole('button', { name: 'Accept' }).click();
  await expect(pageB.getByText(`You and ${milaName} are now friends.`)).toBeVisible();
  await pageB.getByRole('tab', { name: 'Friends' }).click();
  await expect(
    pageB.getByRole('article', { name: milaName }).getByText('Friend', { exact: true }),
  ).toBeVisible();

  // A opens B's profile from the friends list.
  await pageA.goto('/friends');
  await pageA.getByRole('link', { name: petarName }).click();
  await expect(pageA.getByRole('heading', { level: 1, name: petarName })).toBeVisible();
  await expect(pageA.getByRole('region', { name: 'Activity' })).toContainText('has not practised', {
    timeout: 15_000,
  });
  await expect(pageA.getByRole('region', { name: `Friends of Petar` })).toContainText(
    'Petar has no other friends yet',
  );
  await settled(pageA);
  expect(await seriousViolations(pageA), 'friend profile').toEqual([]);

  // A sends B a category from its page.
  const cards = cardsApi(request, a);
  const capitals = await cards.category(`Capitals ${word}`);
  await cards.textCard(capitals.id, 'Bulgaria', 'Sofia');
  await cards.textCard(capitals.id, 'Greece', 'Athens');
  await pageA.goto(`/my-cards/${capitals.id}`);
  const sendPanel = pageA.getByRole('region', { name: 'Send to people' });
  await sendPanel.getByRole('button', { name: 'Send' }).click();
  const sendDialog = pageA.getByRole('dialog', { name: `Send “Capitals ${word}”` });
  await sendDialog.getByRole('searchbox', { name: 'People' }).fill(`Dimov${word}`);
  await sendDialog.getByRole('button', { name: `Choose ${petarName}` }).click();
  await expect(
    sendDialog.getByRole('button', { name: `Remove ${petarName} from the receivers` }),
  ).toBeVisible();
  await expect(sendDialog.getByText('1 receiver', { exact: true })).toBeVisible();
  expect(await dialogViolations(pageA), 'send dialog').toEqual([]);
  await sendDialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(sendDialog.getByText('Sent to 1 person')).toBeVisible();
  await sendDialog.getByRole('button', { name: 'Done' }).click();
  await expect(sendDialog).toBeHidden();

  // B sees the count beside the menu entry, accepts the category and practises the copy.
  await pageB.goto('/profile');
  const inboxLink = pageB.getByRole('link', { name: /Categories sent to me/ });
  await expect(inboxLink).toContainText('1 waiting');
  await inboxLink.click();
  await expect(pageB.getByRole('heading', { level: 1, name: 'Categories sent to me' })).toBeVisible();
  const offer = pageB.getByRole('article', { name: `Capitals ${word}` });
  await expect(offer).toContainText(`From ${milaName}`);
  await expect(offer).toContainText('2 cards');
  // The pointer stays on the menu entry it clicked: the current entry keeps its contrast when hovered.
  await settled(pageB);
  expect(await seriousViolations(pageB), 'categories sent to me').toEqual([]);
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(pageB.getByText(`“Capitals ${word}” is yours`)).toBeVisible();
  await expect(offer).toBeHidden();
  await expect(pageB.getByText('Nothing is waiting for you')).toBeVisible();
  await expect(inboxLink).not.toContainText('waiting');
  await pageB.getByRole('link', { name: `Open “Capitals ${word}”` }).click();
  await expect(pageB.getByRole('heading', { level: 1, name: `Capitals ${word}` })).toBeVisible();
  await expect(pageB).not.toHaveURL(new RegExp(`/my-cards/${capitals.id}$`));
  const main = pageB.getByRole('main');
  await main.getByRole('link', { name: 'Study' }).click();
  await expect(main.getByText('Card 1 of 2')).toBeVisible();
  await expect(studyCard(pageB)).toBeFocused();
  await pageB.keyboard.press('Space');
  await expect(studyCard(pageB)).toHaveAttribute('aria-pressed', 'true');
  await pageB.keyboard.press('1');
  await expect(main.getByText('Card 2 of 2')).toBeVisible();

  // A makes a group, adds B to it with the search as you type, and sends the group a second category.
  await pageA.goto('/user-groups');
  await expect(pageA.getByText('No groups yet')).toBeVisible();
  await settled(pageA);
  expect(await seriousViolations(pageA), 'user groups, empty').toEqual([]);
  await pageA.getByRole('textbox', { name: 'New group' }).fill(`Study buddies ${word}`);
  await pageA.getByRole('button', { name: 'Create group' }).click();
  const groupDialog = pageA.getByRole('dialog', { name: `Group “Study buddies ${word}”` });
  await expect(groupDialog.getByText('No one is in this group yet.', { exact: false })).toBeVisible();
  await groupDialog.getByRole('searchbox', { name: 'Add people' }).fill(`Dimov${word}`);
  await groupDialog.getByRole('button', { name: `Add ${petarName} to the group` }).click();
  await expect(groupDialog.getByRole('button', { name: `Remove ${petarName} from the group` })).toBeVisible();
  await expect(groupDialog.getByText('In the group')).toBeVisible();
  expect(await dialogViolations(pageA), 'group dialog').toEqual([]);
  await groupDialog.getByRole('button', { name: 'Close' }).click();
  // Gone, not closing: a dialog on its way out has lost its name.
  await expect(pageA.getByRole('dialog')).toHaveCount(0);
  const groupCard = pageA.getByRole('article', { name: `Study buddies ${word}` });
  await expect(groupCard).toContainText('1 member');
  await settled(pageA);
  expect(await seriousViolations(pageA), 'user groups').toEqual([]);

  const rivers = await cards.category(`Rivers ${word}`);
  await cards.textCard(rivers.id, 'Danube', 'Europe');
  const sendGroup = async () => {
    await pageA.goto(`/my-cards/${rivers.id}`);
    await pageA.getByRole('region', { name: 'Send to people' }).getByRole('button', { name: 'Send' }).click();
    const dialog = pageA.getByRole('dialog', { name: `Send “Rivers ${word}”` });
    await dialog.getByRole('checkbox', { name: `Study buddies ${word} (1 member)` }).check();
    await expect(dialog.getByText('1 receiver', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    return dialog;
  };
  const first = await sendGroup();
  await expect(first.getByText('Sent to 1 person')).toBeVisible();
  await expect(first).toContainText(petarName);
  // The same category again: B has it waiting already, and the dialog says why no one got it.
  const again = await sendGroup();
  await expect(again.getByText('No one got the category')).toBeVisible();
  await expect(again).toContainText(`${petarName}: already has this category waiting for an answer`);

  await pageB.goto('/send-to-me-categories');
  await expect(pageB.getByRole('article', { name: `Rivers ${word}` })).toContainText(`From ${milaName}`);
  await expect(pageB.getByRole('link', { name: /Categories sent to me/ })).toContainText('1 waiting');
});
