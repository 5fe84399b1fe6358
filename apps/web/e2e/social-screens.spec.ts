import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { practiceApi } from './practice-support';
import { befriend, socialApi } from './social-support';
import {
  createActiveUser,
  motionEnded,
  pageFor,
  saveScreenshot,
  screenshotViewport,
  settled,
} from './support';

/** Screenshots of friends, groups and private sending, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

for (const [language, theme] of [
  ['en', 'light'],
  ['bg', 'light'],
  ['en', 'dark'],
] as const) {
  test(`social screens, ${language}, ${theme}`, async ({ browser, request }) => {
    const suffix = theme === 'light' ? language : `${language}-${theme}`;
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 6);
    const town = `${bg ? 'Варна' : 'Varna'}${tag}`;
    const person = (first: string, last: string) => ({ first_name: first, last_name: `${last}` });
    const me = await createActiveUser(request, bg ? person('Мила', 'Колева') : person('Mila', 'Koleva'));
    const people = await Promise.all(
      (bg
        ? [
            person('Петър', 'Димов'),
            person('Ана', 'Стоянова'),
            person('Иван', 'Петков'),
            person('Рая', 'Николова'),
          ]
        : [
            person('Peter', 'Dimov'),
            person('Ana', 'Stoyanova'),
            person('Ivan', 'Petkov'),
            person('Raya', 'Nikolova'),
          ]
      ).map((name) => createActiveUser(request, name)),
    );
    const [peter, ana, ivan, raya] = people;
    const school = bg ? 'СУ „Гео Милев“' : 'Geo Milev School';
    for (const account of [me, ...people])
      await socialApi(request, account).place({ region: bg ? 'Варна' : 'Varna', town, school });
    const ids = await Promise.all(people.map(async (account) => (await socialApi(request, account).me()).id));

    // Peter and Ana are my friends, and Ana is Peter's; Ivan asked me; I asked Raya.
    await befriend(request, me, peter);
    await befriend(request, me, ana);
    await befriend(request, peter, ana);
    await socialApi(request, ivan).ask((await socialApi(request, me).me()).id);
    await socialApi(request, me).ask(ids[3] ?? 0);

    // Peter practised a little, so that his profile has a chart.
    const peterCards = cardsApi(request, peter);
    const peterCategory = await peterCards.category(bg ? 'Столици' : 'Capitals');
    const card = await peterCards.textCard(peterCategory.id, 'Sofia', 'Bulgaria');

    const page = await pageFor(browser, { language, account: me, theme, viewport: screenshotViewport });
    for (let answer = 0; answer < 3; answer++)
      await practiceApi(request, peter).answer(card.id, 'guesses_score');
    await page.goto(`/friends?town=${encodeURIComponent(town)}`);
    await settled(page, { heading: true });
    await saveScreenshot(page, `social-friends-search-${suffix}`);
    await page.goto('/friends?tab=requests');
    await settled(page, { heading: true });
    await saveScreenshot(page, `social-friends-requests-${suffix}`);
    await page.goto('/friends?tab=blocked');
    await settled(page, { heading: true });
    await saveScreenshot(page, `social-friends-blocked-empty-${suffix}`);
    await page.goto(`/friend/${ids[0]}`);
    await settled(page, { heading: true });
    await saveScreenshot(page, `social-friend-${suffix}`);
    await page.goto(`/friend/${ids[3]}`);
    await settled(page, { heading: true });
    await saveScreenshot(page, `social-friend-not-found-${suffix}`);

    // Groups: the empty page, then one with members open.
    await page.goto('/user-groups');
    await settled(page, { heading: true });
    await saveScreenshot(page, `social-groups-empty-${suffix}`);
    await socialApi(request, me).group(bg ? 'Седми „Б“ клас' : 'Class 7B', [ids[0] ?? 0, ids[1] ?? 0]);
    await socialApi(request, me).group(bg ? 'Шахматен клуб' : 'Chess club', [ids[1] ?? 0]);
    await page.reload();
    await settled(page, { heading: true });
    await saveScreenshot(page, `social-groups-${suffix}`);
    await page
      .getByRole('button', { name: bg ? 'Членове' : 'Members' })
      .first()
      .click();
    await page.getByRole('searchbox').fill(bg ? 'Петков' : 'Petkov');
    const found = page
      .getByRole('dialog')
      .getByRole('region', { name: bg ? 'Намерени хора' : 'People found' });
    await expect(found.getByRole('button').first()).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `social-group-members-${suffix}`, { fullPage: false });
    await page.keyboard.press('Escape');

    // Sending a category: the dialog with a person and a group chosen, then its report.
    const myCards = cardsApi(request, me);
    const category = await myCards.category(bg ? 'Неправилни глаголи' : 'Irregular verbs');
    await myCards.textCard(category.id, 'go', 'went');
    await myCards.textCard(category.id, 'see', 'saw');
    await socialApi(request, me).send(category.id, [ids[0] ?? 0]);
    await page.goto(`/my-cards/${category.id}`);
    await settled(page, { heading: true });
    await page
      .getByRole('region', { name: bg ? 'Изпращане на хора' : 'Send to people' })
      .getByRole('button')
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill(bg ? 'Ана' : 'Ana');
    await expect(
      dialog
        .getByRole('region', { name: bg ? 'Намерени хора' : 'People found' })
        .getByRole('button')
        .first(),
    ).toBeVisible();
    // Earlier runs' people share the names: my friend comes first.
    await dialog
      .getByRole('button', { name: bg ? 'Избери Ана Стоянова' : 'Choose Ana Stoyanova' })
      .first()
      .click();
    await dialog.getByRole('checkbox', { name: new RegExp(bg ? 'Седми' : 'Class 7B') }).check();
    await motionEnded(page);
    await saveScreenshot(page, `social-send-${suffix}`, { fullPage: false });
    await dialog.getByRole('button', { name: bg ? 'Изпрати' : 'Send', exact: true }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `social-send-result-${suffix}`, { fullPage: false });
    await page.keyboard.press('Escape');

    // Peter's inbox, with the count in the menu; and an empty one.
    const peterPage = await pageFor(browser, {
      language,
      account: peter,
      theme,
      viewport: screenshotViewport,
    });
    await peterPage.goto('/send-to-me-categories');
    await settled(peterPage, { heading: true });
    await saveScreenshot(peterPage, `social-inbox-${suffix}`);
    const rayaPage = await pageFor(browser, { language, account: raya, theme, viewport: screenshotViewport });
    await rayaPage.goto('/send-to-me-categories');
    await settled(rayaPage, { heading: true });
    await saveScreenshot(rayaPage, `social-inbox-empty-${suffix}`);
    await rayaPage.goto('/friends');
    await settled(rayaPage, { heading: true });
    await saveScreenshot(rayaPage, `social-friends-empty-${suffix}`);
  });
}
