import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory } from '../../../test/factories';
import { type Session, signIn } from '../../../test/session';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const free = () => signIn(t, { trialEndDate: null });
const premium = () => signIn(t, { trialEndDate: new Date(Date.now() + 86_400_000) });

const answer = (session: Session, cardId: number, body: object, headers: Record<string, string> = {}) =>
  session.call('PUT', `/api/card/card-text/${cardId}/`, body, headers);
const deck = (session: Session, categoryId: number, type = 'verbal') =>
  session.call('GET', `/api/card/card-text/?category_id=${categoryId}&type=${type}`);
const activity = async (session: Session) => (await session.call('GET', '/api/card/card-requests/')).json();

describe('answers', () => {
  it('counts one answer as exactly one, whatever value the client computed', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id, guessesScore: 3 });
    const response = await answer(session, card.id, { guesses_score: 99 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      guesses_score: 4,
      incorrect_guesses_score: 0,
      first_side: card.firstSide,
    });
    expect((await answer(session, card.id, { incorrect_guesses_score_typing: 1 })).json()).toMatchObject({
      guesses_score: 4,
      incorrect_guesses_score_typing: 1,
    });
  });

  it('loses no answer when many arrive at once', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => answer(session, card.id, { guesses_score: 1 })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const final = (await session.call('GET', `/api/card/card-text/${card.id}/`)).json();
    expect(final.guesses_score).toBe(12);
    expect((await activity(session))[0].card_requests).toBe(12);
  });

  it("answers 404 for another user's card and changes nothing", async () => {
    const owner = await premium();
    const category = await buildCategory(t.database.db, { userId: owner.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    const stranger = await premium();
    expect((await answer(stranger, card.id, { guesses_score: 1 })).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/card/card-text/${card.id}/`)).json().guesses_score).toBe(0);
    expect(await activity(stranger)).toEqual([]);
  });

  it('still treats a body without a score field as an edit, with field errors', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    const response = await answer(session, card.id, { first_side: '' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['category', 'first_side', 'second_side']);
  });
});

describe('learned cards and decks', () => {
  it('takes a card out of the deck of a mode after 10 correct answers in that mode only', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id, guessesScore: 8 });
    const other = await buildCard(t.database.db, { categoryId: category.id });
    await answer(session, card.id, { guesses_score: 9 });
    expect((await deck(session, category.id)).json().map((c: { id: number }) => c.id)).toEqual([
      card.id,
      other.id,
    ]);
    await answer(session, card.id, { guesses_score: 10 });
    expect((await deck(session, category.id)).json().map((c: { id: number }) => c.id)).toEqual([other.id]);
    expect((await deck(session, category.id, 'typing')).json().map((c: { id: number }) => c.id)).toEqual([
      card.id,
      other.id,
    ]);
    const [today] = await activity(session);
    expect(today).toMatchObject({ card_requests: 2, learned_cards_verbal: 1, learned_cards_typing: 0 });
  });

  it('counts a category completed in a mode once, when its last card is learned', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const first = await buildCard(t.database.db, { categoryId: category.id, guessesScoreTyping: 9 });
    const second = await buildCard(t.database.db, { categoryId: category.id, guessesScoreTyping: 9 });
    await answer(session, first.id, { guesses_score_typing: 10 });
    expect((await activity(session))[0].completed_categories_typing).toBe(0);
    await answer(session, second.id, { guesses_score_typing: 10 });
    expect((await activity(session))[0]).toMatchObject({
      learned_cards_typing: 2,
      completed_categories_typing: 1,
    });

    expect(
      (await session.call('POST', '/api/card/reset-category/', { category_id: category.id })).statusCode,
    ).toBe(204);
    for (const card of [first, second])
      for (let i = 0; i < 10; i++) await answer(session, card.id, { guesses_score_typing: 1 });
    expect((await activity(session))[0]).toMatchObject({
      learned_cards_typing: 4,
      completed_categories_typing: 1,
    });
  });
});

describe('the daily limit', () => {
  it('accepts answers 1..30 of a free user, refuses the 31st and every deck call after the 30th', async () => {
    const session = await free();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    for (let i = 1; i <= 29; i++)
      expect((await answer(session, card.id, { incorrect_guesses_score: i })).statusCode).toBe(200);
    expect((await deck(session, category.id)).statusCode).toBe(200);
    expect((await answer(session, card.id, { incorrect_guesses_score: 30 })).statusCode).toBe(200);

    const refused = await answer(session, card.id, { incorrect_guesses_score: 31 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Your daily limit of 30 cards is exceeded');
    const deckCall = await session.call('GET', `/api/card/card-text/?category_id=${category.id}`, undefined, {
      'accept-language': 'bg',
    });
    expect(deckCall.statusCode).toBe(403);
    expect(deckCall.json().detail).toBe('Дневният ви лимит от 30 карти е изчерпан');
    const stored = (await session.call('GET', `/api/card/card-text/${card.id}/`)).json();
    expect(stored.incorrect_guesses_score).toBe(30);
    expect((await activity(session))[0]).toMatchObject({ card_requests: 30, daily_limit: 30 });
  });

  it('lets no simultaneous answers pass the limit', async () => {
    const session = await free();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    for (let i = 0; i < 28; i++) await answer(session, card.id, { guesses_score: 1 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => answer(session, card.id, { guesses_score: 1 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 403, 403, 403, 403]);
    expect((await session.call('GET', `/api/card/card-text/${card.id}/`)).json().guesses_score).toBe(30);
  });

  it('does not limit premium users', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    for (let i = 0; i < 31; i++)
      expect((await answer(session, card.id, { incorrect_guesses_score: 1 })).statusCode).toBe(200);
    expect((await deck(session, category.id)).statusCode).toBe(200);
    expect((await activity(session))[0]).toMatchObject({ card_requests: 31, daily_limit: null });
  });

  it('keeps the days of the time zone the client names', async () => {
    const session = await free();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    // 26 hours apart: always two different calendar days.
    await answer(session, card.id, { guesses_score: 1 }, { 'x-timezone': 'Pacific/Kiritimati' });
    await answer(session, card.id, { guesses_score: 1 }, { 'x-timezone': 'Etc/GMT+12' });
    await answer(session, card.id, { guesses_score: 1 }, { 'x-timezone': 'Not/AZone' });
    const days = (await activity(session)).map((entry: { create_at: string }) => entry.create_at);
    expect(new Set(days).size).toBeGreaterThanOrEqual(2);
    expect(days).toContain(new Date().toISOString().slice(0, 10));
  });
});

describe('kids cards', () => {
  it('counts a listen', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'kids' });
    const card = await buildCard(t.database.db, { categoryId: category.id, firstSide: 'u/0/cards/k.webp' });
    const response = await session.call('PUT', `/api/card/card-picture-kids/${card.id}/`, {
      listen_counts: 7,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().listen_counts).toBe(1);
  });
});
