import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { TestAccount } from './support';

/** The card being practised: a toggle button showing one side at a time. */
export const studyCard = (page: Page) => page.getByRole('main').locator('button[aria-pressed]');

/** The learner's key presses: Space turns the card over, 1 marks it guessed, 2 not guessed. */
export async function answerByKeys(page: Page, guessed: boolean) {
  const card = studyCard(page);
  await expect(card).toBeFocused();
  await expect(card).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(guessed ? '1' : '2');
}

/** The words on the side of the card that is showing. */
export const shownSide = (page: Page) =>
  page
    .getByRole('main')
    .locator('[data-flipped]')
    .evaluate(
      (card) => card.querySelector('[aria-hidden="false"]')?.lastElementChild?.textContent ?? '',
      null,
      {
        timeout: 15_000,
      },
    );

/** Practice calls as the account, for what a test sets up or checks without the screens. */
export function practiceApi(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  return {
    async answer(cardId: number, field: string) {
      const response = await request.put(`/api/card/card-text/${cardId}/`, { data: { [field]: 1 }, headers });
      expect(response.status()).toBe(200);
    },
    async textCard(id: number) {
      const response = await request.get(`/api/card/card-text/${id}/`, { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as Record<string, number | string>;
    },
    async kidsCard(id: number) {
      const response = await request.get(`/api/card/card-picture-kids/${id}/`, { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as { listen_counts: number };
    },
    async category(id: number) {
      const response = await request.get(`/api/card/category/${id}/`, { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as Record<string, number | string>;
    },
  };
}
