import { expect, type Page, test } from '@playwright/test';
import { cardsApi, drawnPng, wavTone } from './cards-support';
import { dayFromToday, pathsApi, schoolWithTeacher, textCategory } from './learning-paths-support';
import { answerByKeys, practiceApi, studyCard } from './practice-support';
import { dueForReview, memoryOf } from './seed';
import { createActiveUser, pageFor } from './support';

// The service worker serves the app and the kept pictures and sounds offline.
test.use({ serviceWorkers: 'allow' });
// The first visit precaches the app shell on two busy cores.
test.describe.configure({ timeout: 180_000 });

/** Online, the service worker takes the page (the app shell precached), and the category is kept. */
async function keepOffline(page: Page, cardsPage: string) {
  const main = page.getByRole('main');
  await page.goto(cardsPage);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await main.getByRole('switch', { name: 'Keep offline' }).check();
  await expect(main.getByText(/\d+(\.\d+)? (kB|MB|bytes|B) on this device/)).toBeVisible();
}

test('the spaced review of a kept category is taken offline, and counts and reschedules once synced', async ({
  browser,
  request,
}) => {
  const account = await createActiveUser(request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Rivers');
  const danube = await cards.textCard(category.id, 'Danube', 'Дунав');
  const iskar = await cards.textCard(category.id, 'Iskar', 'Искър');
  const maritsa = await cards.textCard(category.id, 'Maritsa', 'Марица');
  await dueForReview(request, [danube.id, iskar.id]);
  const before = await memoryOf(request, [danube.id, iskar.id, maritsa.id]);
  const page = await pageFor(browser, { account });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const main = page.getByRole('main');
  const status = page.getByRole('banner').getByRole('status');
  await keepOffline(page, `/my-cards/${category.id}`);
  await expect(status).toHaveText('Synced');

  // Offline: the two due cards, then the new one, as the server dealt them when the category was kept.
  await page.context().setOffline(true);
  await page.goto(`/review/${category.id}`);
  await expect(main.getByText('Card 1 of 3')).toBeVisible();
  await expect(studyCard(page)).toContainText('Danube');
  await answerByKeys(page, true);
  await expect(main.getByText('Card 2 of 3')).toBeVisible();
  await expect(studyCard(page)).toContainText('Iskar');
  await answerByKeys(page, false);
  await expect(main.getByText('Card 3 of 3')).toBeVisible();
  await expect(studyCard(page)).toContainText('Maritsa');
  await answerByKeys(page, true);
  await expect(main.getByRole('heading', { name: 'Review done' })).toBeFocused();
  await expect(status).toContainText('3 to send');

  // The cards answered are not dealt again on this device.
  await page.reload();
  await expect(main.getByText('Nothing due')).toBeVisible();

  // Online: the answers count as review answers given then, and the cards are rescheduled.
  await page.context().setOffline(false);
  await expect(status).toHaveText('Synced');
  await expect(page.getByText('3 answers counted.')).toBeVisible();
  const practice = practiceApi(request, account);
  expect(await practice.textCard(danube.id)).toMatchObject({ guesses_score: 1, incorrect_guesses_score: 0 });
  expect(await practice.textCard(iskar.id)).toMatchObject({ guesses_score: 0, incorrect_guesses_score: 1 });
  // Each card reviewed once more; the missed one lapsed.
  const after = await memoryOf(request, [danube.id, iskar.id, maritsa.id]);
  expect(after.map((state, index) => Number(state?.reps) - Number(before[index]?.reps ?? 0))).toEqual([
    1, 1, 1,
  ]);
  expect(after.map((state, index) => Number(state?.lapses) - Number(before[index]?.lapses ?? 0))).toEqual([
    0, 1, 0,
  ]);
  const due = await request.get(`/api/review/categories/${category.id}/?mode=verbal`, {
    headers: { Authorization: `JWT ${account.access}` },
  });
  // Only the missed card may be due again within the day's learning steps; Danube is not.
  expect((await due.json()).cards.map((dealt: { card: { id: number } }) => dealt.card.id)).not.toContain(
    danube.id,
  );
});

test("a kids category kept offline shows its pictures, plays its sounds and sends the child's listens once", async ({
  browser,
  request,
}) => {
  const account = await createActiveUser(request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Animals', 'kids');
  const setup = await pageFor(browser, { account });
  const cat = await cards.kidsCard(
    category.id,
    'cat',
    'en',
    await drawnPng(setup, '#7048e8', 'C'),
    wavTone(),
  );
  await cards.kidsCard(category.id, 'куче', 'bg', await drawnPng(setup, '#0c8599', 'D'));
  await setup.close();

  const page = await pageFor(browser, {
    account,
    // Records what the page plays instead of making sounds on the test machine.
    init: () => {
      const played: string[] = [];
      Object.assign(window, { played });
      HTMLMediaElement.prototype.play = function () {
        played.push(this.currentSrc || this.src);
        return Promise.resolve();
      };
    },
  });
  const main = page.getByRole('main');
  const status = page.getByRole('banner').getByRole('status');
  await keepOffline(page, `/my-kids-cards/${category.id}`);

  await page.context().setOffline(true);
  await page.goto(`/flash-cards-kids/${category.id}`);
  const picture = main.getByRole('img', { name: 'cat' });
  await expect(picture).toBeVisible();
  // The picture came from the device, whole.
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await main.getByRole('button', { name: 'Listen to “cat”' }).click();
  await expect(main.getByText('Listened 1 time')).toBeVisible();
  await main.getByRole('button', { name: 'Listen to “cat”' }).click();
  await expect(main.getByText('Listened 2 times')).toBeVisible();
  const played = await page.evaluate(() => (window as unknown as { played: string[] }).played);
  expect(played).toHaveLength(2);
  // The sound is on the device: the service worker answers it without the network.
  const sound = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  }, played[0]!);
  expect(sound).toEqual({ status: 200, bytes: wavTone().length });
  await expect(status).toContainText('2 to send');

  await page.context().setOffline(false);
  await expect(status).toHaveText('Synced');
  expect((await practiceApi(request, account).kidsCard(cat.id)).listen_counts).toBe(2);
});

test("a student studies a learning path offline, opened online before, and the path's progress counts it once synced", async ({
  browser,
  request,
}) => {
  const { teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Teodora', 'Marinova'],
    students: [['Ana', 'Stoyanova']],
  });
  const ana = students[0]!;
  const category = await textCategory(request, teacher, 'Rivers', [
    ['Danube', 'Дунав'],
    ['Iskar', 'Искър'],
    ['Maritsa', 'Марица'],
  ]);
  const [pathId] = (
    await pathsApi(request, teacher).assign([
      {
        name: 'Rivers',
        assigned_user: ana.id,
        category: category.id,
        start_at: dayFromToday(),
        end_at: dayFromToday(7),
        learned_card_volume_verbal: 2,
      },
    ])
  ).created;
  const page = await pageFor(browser, { account: ana });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const main = page.getByRole('main');
  const status = page.getByRole('banner').getByRole('status');

  // Online, the path's page and its deck are opened once.
  const study = `/learning-path-cards-text/${pathId}?type=verbal`;
  await page.goto(study);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(main.getByText('Card 1 of 3')).toBeVisible();

  // Offline: the same deck, three answers kept on the device.
  await page.context().setOffline(true);
  await page.reload();
  await expect(main.getByText('Card 1 of 3')).toBeVisible();
  for (const right of [true, true, false]) {
    const card = studyCard(page);
    await expect(card).toBeFocused();
    await answerByKeys(page, right);
  }
  await expect(main.getByText('2Right answers')).toBeVisible();
  await expect(status).toContainText('3 to send');

  // Online: counted on Ana's path, today.
  await page.context().setOffline(false);
  await expect(status).toHaveText('Synced');
  await expect(page.getByText('3 answers counted.')).toBeVisible();
  const progress = await pathsApi(request, teacher).progress(pathId!);
  expect(progress).toMatchObject({ today: { flip_cards_verbal: 3, learned_cards_verbal: 0 } });
  expect(progress.progress).toEqual([
    expect.objectContaining({ create_at: dayFromToday(), flip_cards_verbal: 3 }),
  ]);
});
