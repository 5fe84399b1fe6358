import { expect, test } from '@playwright/test';
import { drawnPng, signedIn, wavTone } from './cards-support';
import { withCookieConsent } from './support';

// A fake microphone that the browser allows without asking, for recording a card's sound.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});
test.describe.configure({ timeout: 90_000 });

test('a kids category: cards with a recorded sound and with an uploaded one', async ({ page, request }) => {
  await withCookieConsent(page);
  await signedIn(page, request);
  await page.goto('/kids');
  const main = page.getByRole('main');
  await expect(main.getByText('No Categories found')).toBeVisible();
  await main.getByRole('button', { name: 'Create a kids category' }).click();
  const create = page.getByRole('dialog', { name: 'Create a category' });
  await expect(create.getByRole('radio')).toHaveCount(0);
  await create.getByLabel('Name').fill('Animals');
  await create.getByRole('button', { name: 'Create' }).click();
  await main.getByRole('link', { name: 'Cards of Animals' }).click();
  await expect(page).toHaveURL(/\/my-kids-cards\/\d+$/);

  // Recorded in the browser.
  await main.getByRole('button', { name: 'Add a card' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a kids card' });
  await add
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'cat.png',
      mimeType: 'image/png',
      buffer: await drawnPng(page, '#7048e8', 'C'),
    });
  await add.getByLabel('Word').fill('котка');
  await add
    .getByRole('textbox', { name: 'Language' })
    .or(add.getByRole('combobox', { name: 'Language' }))
    .click();
  await page.getByRole('option', { name: 'Bulgarian' }).click();
  await add.getByText('Record', { exact: true }).click();
  await add.getByRole('button', { name: 'Record' }).click();
  // A second of sound, by the recorder's own clock.
  await expect(add.getByRole('status')).toContainText('Recording… 0:01');
  await add.getByRole('button', { name: 'Stop' }).click();
  await expect(add.getByLabel('Your recording')).toBeVisible();
  await expect(add.getByRole('button', { name: 'Record again' })).toBeFocused();
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add).toBeHidden();
  const cat = main.getByRole('article').filter({ hasText: 'котка' });
  await expect(cat).toContainText('Bulgarian');
  await expect(cat).toContainText('Listened 0 times');
  await expect(cat.getByRole('button', { name: 'Play the sound of “котка”' })).toBeVisible();

  // Uploaded as a file.
  await main.getByRole('button', { name: 'Add a card' }).first().click();
  await add
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'dog.png',
      mimeType: 'image/png',
      buffer: await drawnPng(page, '#0c8599', 'D'),
    });
  await add.getByLabel('Word').fill('dog');
  await add.locator('input[type="file"]').last().setInputFiles({
    name: 'dog.wav',
    mimeType: 'audio/wav',
    buffer: wavTone(),
  });
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add).toBeHidden();
  const dog = main.getByRole('article').filter({ hasText: 'dog' });
  await expect(dog.getByRole('img', { name: 'dog' })).toBeVisible();
  await dog.getByRole('button', { name: 'Play the sound of “dog”' }).click();

  // Search by word.
  await main.getByLabel('Search cards').fill('кот');
  await expect(main.getByText('1 card found')).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(1);
});
