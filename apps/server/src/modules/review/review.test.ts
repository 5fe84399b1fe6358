import { REVIEW_NEW_CARDS_PER_DAY } from '@flashcards/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, PASSWORD } from '../../../test/factories';
import { type Session, signIn } from '../../../test/session';
import { DAY, HOUR } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const free = () => signIn(t, { trialEndDate: null });
// Premium for longer than any test moves the clock.
const premium = () => signIn(t, { trialEndDate: new Date(Date.now() + 10_000 * DAY) });

/** The same user signed in again: a moved clock outlives the access token. */
const renewed = async (session: Session): Promise<Session> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/jwt/create/',
    payload: { email: session.user.email, password: PASSWORD },
  });
  const headers = { authorization: `JWT ${response.json().access}` };
  return {
    ...session,
    headers,
    call: (method, url, payload, extraHeaders = {}) =>
      t.app.inject({ method, url, payload, headers: { ...headers, ...extraHeaders } }),
  };
};

const review = (session: Session, cardId: number, body: object) =>
  session.call('POST', `/api/review/cards/${cardId}/`, body);
const sessionOf = (session: Session, categoryId: number) =>
  session.call('GET', `/api/review/categories/${categoryId}/`);
const dueIn = (response: { json: () => { due: string } }) =>
  new Date(response.json().due).getTime() - t.clock.now().getTime();

const categoryWithCards = async (
  session: Session,
  count: number,
  typeOfCards: 'text' | 'picture' | 'kids' = 'text',
) => {
  const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards });
  const cards = [];
  for (let i = 0; i < count; i++) cards.push(await buildCard(t.database.db, { categoryId: category.id }));
  return { category, cards };
};

describe('scheduling', () => {
  it('sets Again soon, Good later and Easy later still on a new card', async () => {
    const session = await premium();
    const { cards } = await categoryWithCards(session, 3);
    const [again, good, easy] = await Promise.all([
      review(session, cards[0].id, { mode: 'verbal', correct: false }),
      review(session, cards[1].id, { mode: 'verbal', correct: true, seconds: 8 }),
      review(session, cards[2].id, { mode: 'verbal', correct: true, seconds: 2 }),
    ]);
    expect([again.json().rating, good.json().rating, easy.json().rating]).toEqual(['again', 'good', 'easy']);
    expect(dueIn(again)).toBe(MINUTE);
    expect(dueIn(good)).toBe(10 * MINUTE);
    expect(dueIn(easy)).toBeGreaterThanOrEqual(DAY);
    expect(easy.json().state).toBe('review');
  });

  it('moves a card further out with each Good answered when due, and back in after a lapse', async () => {
    let session = await premium();
    const { cards } = await categoryWithCards(session, 1);
    const good = { mode: 'typing', correct: true };
    const first = await review(session, cards[0].id, good);
    t.clock.advance(dueIn(first));
    const second = await review(session, cards[0].id, good);
    expect(second.json().state).toBe('review');
    const secondGap = dueIn(second);
    expect(secondGap).toBeGreaterThanOrEqual(DAY);
    t.clock.advance(secondGap);
    session = await renewed(session);
    const third = await review(session, cards[0].id, good);
    const thirdGap = dueIn(third);
    expect(thirdGap).toBeGreaterThan(secondGap);
    t.clock.advance(thirdGap);
    session = await renewed(session);
    const lapse = await review(session, cards[0].id, { mode: 'typing', correct: false });
    expect(lapse.json()).toMatchObject({ rating: 'again', state: 'relearning', lapses: 1 });
    expect(dueIn(lapse)).toBeLessThanOrEqual(HOUR);
  });

  it('counts simultaneous answers of one card each once, each scheduled from the state before it', async () => {
    const session = await premium();
    const { cards } = await categoryWithCards(session, 1);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        review(session, cards[0].id, { mode: 'verbal', correct: true, seconds: 8 }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.map((answer) => answer.json().reps).sort()).toEqual([1, 2, 3, 4]);
    expect(answers.map((answer) => answer.json().card.guesses_score).sort()).toEqual([1, 2, 3, 4]);
  });

  it('counts the answer as a practice answer: score, activity and learned', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id, guessesScore: 9 });
    const answered = await review(session, card.id, { mode: 'verbal', correct: true });
    expect(answered.json().card).toMatchObject({ guesses_score: 10, incorrect_guesses_score: 0 });
    await review(session, card.id, { mode: 'typing', correct: false });
    const stored = (await session.call('GET', `/api/card/card-text/${card.id}/`)).json();
    expect(stored).toMatchObject({ guesses_score: 10, incorrect_guesses_score_typing: 1 });
    const [today] = (await session.call('GET', '/api/card/card-requests/')).json();
    expect(today).toMatchObject({
      card_requests: 2,
      learned_cards_verbal: 1,
      completed_categories_verbal: 1,
    });
  });

  it('answers a picture card with its picture', async () => {
    const session = await premium();
    const { cards } = await categoryWithCards(session, 1, 'picture');
    const answered = await review(session, cards[0].id, { mode: 'verbal', correct: true });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().card.first_side_url).toContain(cards[0].firstSide);
  });
});

describe('the session', () => {
  it('brings due cards oldest due first, then new cards, and counts them in the category', async () => {
    const session = await premium();
    const { category, cards } = await categoryWithCards(session, 4);
    await review(session, cards[2].id, { mode: 'verbal', correct: false });
    t.clock.advance(MINUTE / 2);
    await review(session, cards[1].id, { mode: 'verbal', correct: false });
    await review(session, cards[3].id, { mode: 'verbal', correct: true, seconds: 1 });
    t.clock.advance(2 * MINUTE);

    const deck = (await sessionOf(session, category.id)).json();
    expect(deck.cards.map((c: { card: { id: number } }) => c.card.id)).toEqual([
      cards[2].id,
      cards[1].id,
      cards[0].id,
    ]);
    expect(deck.cards.map((c: { state: string }) => c.state)).toEqual(['learning', 'learning', 'new']);
    expect(deck).toMatchObject({ due_cards_len: 2, new_cards_left_today: REVIEW_NEW_CARDS_PER_DAY - 3 });
    expect(new Date(deck.next_due_at).getTime()).toBeGreaterThan(t.clock.now().getTime());

    const listed = (await session.call('GET', `/api/card/category/${category.id}/`)).json();
    expect(listed).toMatchObject({ due_cards_len: 2, new_review_cards_len: 1 });
    expect((await session.call('GET', '/api/review/summary/')).json().due_cards_len).toBeGreaterThanOrEqual(
      2,
    );
  });

  it(`brings at most ${REVIEW_NEW_CARDS_PER_DAY} new cards a day`, async () => {
    let session = await premium();
    const { category, cards } = await categoryWithCards(session, REVIEW_NEW_CARDS_PER_DAY + 5);
    expect((await sessionOf(session, category.id)).json().cards).toHaveLength(REVIEW_NEW_CARDS_PER_DAY);
    for (const card of cards.slice(0, 5))
      await review(session, card.id, { mode: 'verbal', correct: true, seconds: 1 });
    const later = (await sessionOf(session, category.id)).json();
    expect(later.new_cards_left_today).toBe(REVIEW_NEW_CARDS_PER_DAY - 5);
    expect(later.cards).toHaveLength(REVIEW_NEW_CARDS_PER_DAY - 5);
    // A second review of a card already introduced today does not use up the bound again.
    await review(session, cards[0].id, { mode: 'verbal', correct: true });
    expect((await sessionOf(session, category.id)).json().new_cards_left_today).toBe(
      REVIEW_NEW_CARDS_PER_DAY - 5,
    );
    t.clock.advance(DAY);
    session = await renewed(session);
    expect((await sessionOf(session, category.id)).json().new_cards_left_today).toBe(
      REVIEW_NEW_CARDS_PER_DAY,
    );
  });

  it('is empty when nothing is due, with the date of the next review', async () => {
    const session = await premium();
    const { category, cards } = await categoryWithCards(session, 1);
    const answered = await review(session, cards[0].id, { mode: 'verbal', correct: true, seconds: 1 });
    const deck = (await sessionOf(session, category.id)).json();
    expect(deck).toMatchObject({ cards: [], due_cards_len: 0, next_due_at: answered.json().due });
  });
});

describe('refusals', () => {
  it("answers 404 for another user's card and category and changes nothing", async () => {
    const owner = await premium();
    const { category, cards } = await categoryWithCards(owner, 1);
    const stranger = await premium();
    expect((await review(stranger, cards[0].id, { mode: 'verbal', correct: true })).statusCode).toBe(404);
    expect((await sessionOf(stranger, category.id)).statusCode).toBe(404);
    expect((await sessionOf(owner, category.id)).json().cards).toHaveLength(1);
    expect((await owner.call('GET', `/api/card/card-text/${cards[0].id}/`)).json().guesses_score).toBe(0);
  });

  it('refuses kids categories', async () => {
    const session = await premium();
    const { category, cards } = await categoryWithCards(session, 1, 'kids');
    const answered = await review(session, cards[0].id, { mode: 'verbal', correct: true });
    expect(answered.statusCode).toBe(403);
    expect(answered.json().code).toBe('review_not_for_kids');
    expect((await sessionOf(session, category.id)).statusCode).toBe(403);
  });

  it('tells a premium learner of no limit', async () => {
    const session = await premium();
    const { category, cards } = await categoryWithCards(session, 1);
    expect((await sessionOf(session, category.id)).json().answers_left_today).toBeNull();
    expect(
      (await review(session, cards[0].id, { mode: 'verbal', correct: true })).json().answers_left_today,
    ).toBeNull();
  });

  it('refuses an invalid answer with a 400', async () => {
    const session = await premium();
    const { cards } = await categoryWithCards(session, 1);
    expect((await review(session, cards[0].id, { mode: 'spoken', correct: 'yes' })).statusCode).toBe(400);
  });

  it('keeps the free daily limit: past it nothing is counted nor rescheduled', async () => {
    const session = await free();
    const { category, cards } = await categoryWithCards(session, 2);
    expect((await sessionOf(session, category.id)).json().answers_left_today).toBe(30);
    for (let i = 1; i <= 30; i++) {
      const answered = await review(session, cards[0].id, { mode: 'verbal', correct: false });
      expect(answered.statusCode).toBe(200);
      expect(answered.json().answers_left_today).toBe(30 - i);
    }
    // The session says so before a card is turned.
    expect((await sessionOf(session, category.id)).json().answers_left_today).toBe(0);
    const refused = await review(session, cards[1].id, { mode: 'verbal', correct: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('daily_limit_exceeded');
    expect((await session.call('GET', `/api/card/card-text/${cards[1].id}/`)).json().guesses_score).toBe(0);
    const deck = (await sessionOf(session, category.id)).json();
    expect(deck.cards.find((c: { card: { id: number } }) => c.card.id === cards[1].id)?.state).toBe('new');
  });
});
