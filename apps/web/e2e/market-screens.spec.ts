import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { catalogCategory, staffUser } from './seed';
import {
  createActiveUser,
  motionEnded,
  pageFor,
  saveScreenshot,
  screenshotViewport,
  settled,
  type TestAccount,
} from './support';

/** Screenshots of the catalog's screens, in both languages, for people to look at. */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const auth = (account: TestAccount) => ({ Authorization: `JWT ${account.access}` });

/** Publishes as the author and approves as the staff, through the API. */
async function publishAndApprove(
  request: APIRequestContext,
  author: TestAccount,
  staff: TestAccount,
  id: number,
  details: { name: string; description: string; language: 'en' | 'bg'; topic: string },
) {
  expect((await request.put(`/api/card/market/${id}/`, { data: details, headers: auth(author) })).ok()).toBe(
    true,
  );
  await approve(request, staff, id);
}

async function approve(request: APIRequestContext, staff: TestAccount, id: number) {
  const item = await (await request.get(`/api/admin/market/${id}/`, { headers: auth(staff) })).json();
  const approved = await request.put(`/api/admin/market/${id}/approve/`, {
    data: { revision: item.revision },
    headers: auth(staff),
  });
  expect(approved.ok()).toBe(true);
}

for (const [language, theme] of [
  ['en', 'light'],
  ['bg', 'light'],
  ['en', 'dark'],
] as const) {
  test(`catalog screens, ${language}, ${theme}`, async ({ browser, request }) => {
    const suffix = theme === 'light' ? language : `${language}-${theme}`;
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 6);
    const staff = await staffUser(request);
    const author = await createActiveUser(
      request,
      bg ? { first_name: 'Рада', last_name: 'Тодорова' } : { first_name: 'Rada', last_name: 'Todorova' },
    );
    const api = cardsApi(request, author);

    // A few categories on the catalog.
    for (const [name, cards] of [
      [
        bg ? 'Знамена на света' : 'Flags of the world',
        [
          ['Japan', 'Tokyo'],
          ['Peru', 'Lima'],
        ],
      ],
      [
        bg ? 'Глаголи в миналото' : 'Irregular verbs',
        [
          ['go', 'went'],
          ['see', 'saw'],
          ['take', 'took'],
        ],
      ],
    ] as const)
      await catalogCategory(request, {
        name: `${name} ${tag}`,
        cards: cards.map(([a, b]) => [a, b] as const),
      });

    const name = bg ? `Столиците на Балканите ${tag}` : `Capitals of the Balkans ${tag}`;
    const category = await api.category(name);
    const sofia = await api.textCard(category.id, bg ? 'България' : 'Bulgaria', bg ? 'София' : 'Sofia');
    for (const [country, city] of bg
      ? [
          ['Сърбия', 'Белград'],
          ['Гърция', 'Атина'],
          ['Румъния', 'Букурещ'],
          ['Албания', 'Тирана'],
        ]
      : [
          ['Serbia', 'Belgrade'],
          ['Greece', 'Athens'],
          ['Romania', 'Bucharest'],
          ['Albania', 'Tirana'],
        ])
      await api.textCard(category.id, country, city);
    await publishAndApprove(request, author, staff, category.id, {
      name,
      description: bg ? 'Столиците на балканските държави.' : 'The capitals of the Balkan countries.',
      language,
      topic: 'education',
    });

    // Guests: the list, a search with no result, the detail.
    const guest = await pageFor(browser, { language, theme, viewport: screenshotViewport });
    await guest.goto('/market-public');
    await settled(guest, { heading: true });
    await saveScreenshot(guest, `market-public-${suffix}`);
    await guest.goto('/market-public?q=zzzzqqq');
    await settled(guest, { heading: true });
    await saveScreenshot(guest, `market-public-empty-${suffix}`);
    await guest.goto(`/market-public/${category.id}`);
    await settled(guest, { heading: true });
    await saveScreenshot(guest, `market-public-detail-${suffix}`);

    // A learner: the detail with adopt and rating, and the report dialog.
    const learner = await createActiveUser(request);
    const learnerPage = await pageFor(browser, {
      language,
      account: learner,
      theme,
      viewport: screenshotViewport,
    });
    await learnerPage.goto(`/market/${category.id}`);
    await settled(learnerPage, { heading: true });
    await saveScreenshot(learnerPage, `market-detail-${suffix}`);
    await learnerPage.getByRole('button', { name: bg ? 'Сигнал' : 'Report' }).click();
    await motionEnded(learnerPage);
    await saveScreenshot(learnerPage, `market-report-${suffix}`, { fullPage: false });
    await learnerPage.keyboard.press('Escape');
    const adopted = await request.post('/api/card/adopted-from-market/', {
      data: { category_id: category.id },
      headers: auth(learner),
    });
    expect(adopted.status()).toBe(201);
    const copy = (await adopted.json()) as { id: number };

    // The author's page: a second category to publish, with the dialog open, and one rejected.
    const draft = await api.category(bg ? 'Химични елементи' : 'Chemical elements');
    await api.textCard(draft.id, 'H', bg ? 'водород' : 'hydrogen');
    const authorPage = await pageFor(browser, {
      language,
      account: author,
      theme,
      viewport: screenshotViewport,
    });
    await authorPage.goto(`/my-cards/${draft.id}`);
    await settled(authorPage, { heading: true });
    await authorPage
      .getByRole('button', { name: bg ? 'Публикувай в каталога' : 'Publish on the catalog' })
      .click();
    await motionEnded(authorPage);
    await saveScreenshot(authorPage, `market-publish-${suffix}`, { fullPage: false });
    await authorPage.keyboard.press('Escape');
    expect(
      (
        await request.put(`/api/card/market/${draft.id}/`, {
          data: {
            name: draft.name,
            description: bg ? 'Първите елементи.' : 'The first elements.',
            language,
            topic: 'education',
          },
          headers: auth(author),
        })
      ).ok(),
    ).toBe(true);

    // The author changes a card of the listed category: it waits for review as an update.
    expect(
      (
        await request.put(`/api/card/card-text/${sofia.id}/`, {
          data: {
            first_side: bg ? 'България' : 'Bulgaria',
            second_side: bg ? 'София, на Искър' : 'Sofia, on the Iskar',
            category: category.id,
          },
          headers: auth(author),
        })
      ).ok(),
    ).toBe(true);

    // The staff: the queue with the update open, then the reject dialog.
    const staffPage = await pageFor(browser, {
      language,
      account: staff,
      theme,
      viewport: screenshotViewport,
    });
    await staffPage.goto(`/admin/market?item=${category.id}`);
    await settled(staffPage, { heading: true });
    await expect(staffPage.getByRole('article', { name })).toBeVisible();
    await expect(staffPage.locator('[aria-busy="true"]')).toHaveCount(0);
    await saveScreenshot(staffPage, `market-queue-${suffix}`);
    await staffPage.keyboard.press('r');
    await motionEnded(staffPage);
    await saveScreenshot(staffPage, `market-reject-${suffix}`, { fullPage: false });
    await staffPage.keyboard.press('Escape');

    // Reject the new one, so that its author sees the reason.
    const draftItem = await (
      await request.get(`/api/admin/market/${draft.id}/`, { headers: auth(staff) })
    ).json();
    await request.put(`/api/admin/market/${draft.id}/reject/`, {
      data: {
        revision: draftItem.revision,
        reason: bg ? 'Добавете поне десет елемента.' : 'Add at least ten elements.',
      },
      headers: auth(staff),
    });
    await authorPage.goto(`/my-cards/${draft.id}`);
    await settled(authorPage, { heading: true });
    await saveScreenshot(authorPage, `market-rejected-${suffix}`);
    await authorPage.goto('/my-categories');
    await settled(authorPage, { heading: true });
    await saveScreenshot(authorPage, `market-my-categories-${suffix}`);

    // The update reaches the learner's copy.
    await approve(request, staff, category.id);
    await learnerPage.goto(`/my-cards/${copy.id}`);
    await settled(learnerPage, { heading: true });
    await saveScreenshot(learnerPage, `market-update-notice-${suffix}`);
    await learnerPage.getByRole('button', { name: bg ? 'Вижте промените' : 'See the changes' }).click();
    await expect(learnerPage.getByRole('dialog')).toContainText(
      bg ? 'София, на Искър' : 'Sofia, on the Iskar',
    );
    await motionEnded(learnerPage);
    await saveScreenshot(learnerPage, `market-update-changes-${suffix}`, { fullPage: false });

    // Reports for the staff.
    await request.post(`/api/card/market/${category.id}/report/`, {
      data: { reason: bg ? 'Един от отговорите е грешен.' : 'One of the answers is wrong.' },
      headers: auth(learner),
    });
    await staffPage.goto('/admin/market?tab=reports');
    await settled(staffPage, { heading: true });
    await saveScreenshot(staffPage, `market-reports-${suffix}`);
  });
}
