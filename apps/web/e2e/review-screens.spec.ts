import { expect, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { answerByKeys, studyCard } from './practice-support';
import { dueForReview } from './seed';
import { createActiveUser, pageFor, saveScreenshot, screenshotViewport, settled } from './support';

/** Screenshots of spaced review: a due card and the empty state, in both languages, for people to look at. */
test.describe.configure({ timeout: 180_000 });

const phone = { width: 390, height: 844 };

for (const language of ['en', 'bg'] as const)
  for (const theme of ['light', 'dark'] as const)
    test(`review screens, ${language}, ${theme}`, async ({ browser, request }) => {
      const account = await createActiveUser(request);
      const cards = cardsApi(request, account);
      const category = await cards.category(language === 'bg' ? 'Реки' : 'Rivers');
      const danube = await cards.textCard(category.id, 'Danube', 'Дунав');
      await cards.textCard(category.id, 'Iskar', 'Искър');
      await dueForReview(request, [danube.id]);
      const empty = await cards.category(language === 'bg' ? 'Планини' : 'Mountains');
      const rila = await cards.textCard(empty.id, 'Rila', 'Рила');

      for (const [device, viewport] of [
        ['desktop', screenshotViewport],
        ['phone', phone],
      ] as const) {
        const page = await pageFor(browser, { account, language, theme, viewport });
        await page.goto(`/review/${category.id}`);
        await settled(page, { heading: true });
        await saveScreenshot(page, `review-session-${device}-${language}-${theme}`);
        await page.close();
      }

      // A missed card comes back before the round ends, and the end says when the next cards are due.
      const round = await pageFor(browser, { account, language, theme, viewport: screenshotViewport });
      await round.goto(`/review/${category.id}`);
      await settled(round, { heading: true });
      await answerByKeys(round, false);
      await answerByKeys(round, true);
      await expect(studyCard(round)).toContainText('Danube');
      await settled(round);
      await saveScreenshot(round, `review-again-${language}-${theme}`);
      await answerByKeys(round, true);
      await expect(round.getByRole('main').getByRole('heading', { level: 2 })).toBeFocused();
      await settled(round);
      await saveScreenshot(round, `review-done-${language}-${theme}`);
      await round.close();

      // Answered once today (Easy): nothing is due until its date.
      await request.post(`/api/review/cards/${rila.id}/`, {
        data: { mode: 'verbal', correct: true, seconds: 1 },
        headers: { Authorization: `JWT ${account.access}` },
      });
      const page = await pageFor(browser, { account, language, theme, viewport: screenshotViewport });
      await page.goto(`/review/${empty.id}`);
      await settled(page, { heading: true });
      await saveScreenshot(page, `review-empty-${language}-${theme}`);
      await page.goto('/my-categories');
      await settled(page, { heading: true });
      await saveScreenshot(page, `review-categories-${language}-${theme}`);
    });
