import { randomUUID } from 'node:crypto';
import { badgeThresholds } from '@flashcards/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildUser, PASSWORD } from '../../../test/factories';
import { type Session, signIn, signInAgain } from '../../../test/session';
import { categoryCompletions, userActivity, users } from '../../db/schema';
import { DAY, HOUR } from '../../lib/clock';
import { forgetOldSessions } from './practice.jobs';

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
    // Each answer says what is left of the day's 30.
    for (let i = 1; i <= 29; i++) {
      const answered = await answer(session, card.id, { incorrect_guesses_score: i });
      expect(answered.statusCode).toBe(200);
      expect(answered.json().answers_left_today).toBe(30 - i);
    }
    expect((await deck(session, category.id)).statusCode).toBe(200);
    const last = await answer(session, card.id, { incorrect_guesses_score: 30 });
    expect(last.statusCode).toBe(200);
    expect(last.json().answers_left_today).toBe(0);

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
    for (let i = 0; i < 31; i++) {
      const answered = await answer(session, card.id, { incorrect_guesses_score: 1 });
      expect(answered.statusCode).toBe(200);
      expect(answered.json().answers_left_today).toBeNull();
    }
    expect((await deck(session, category.id)).statusCode).toBe(200);
    expect((await activity(session))[0]).toMatchObject({ card_requests: 31, daily_limit: null });
  });

  it('counts any subscription or the trial as premium, and nothing that has ended', async () => {
    const future = new Date(Date.now() + 86_400_000);
    const past = new Date(Date.now() - 60_000);
    for (const [dates, limited] of [
      [{ trialEndDate: null, subscriptionEndDate: future }, false],
      [{ trialEndDate: null, annualSubscriptionEndDate: future }, false],
      [{ trialEndDate: future, subscriptionEndDate: past }, false],
      [{ trialEndDate: past, subscriptionEndDate: past, annualSubscriptionEndDate: past }, true],
    ] as const) {
      const session = await signIn(t, dates);
      const category = await buildCategory(t.database.db, { userId: session.user.id });
      const card = await buildCard(t.database.db, { categoryId: category.id });
      await t.database.db
        .insert(userActivity)
        .values({ userId: session.user.id, day: new Date().toISOString().slice(0, 10), cardRequests: 30 });
      const expected = limited ? 403 : 200;
      expect((await deck(session, category.id)).statusCode, JSON.stringify(dates)).toBe(expected);
      expect((await answer(session, card.id, { guesses_score: 1 })).statusCode, JSON.stringify(dates)).toBe(
        expected,
      );
    }
  });

  it("takes the day from the account's time zone, never from a header: a free learner stops at 30", async () => {
    const session = await free();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    for (let i = 0; i < 30; i++)
      expect((await answer(session, card.id, { guesses_score: 1 })).statusCode).toBe(200);
    // Naming a zone where it is already tomorrow, or still yesterday, moves nothing.
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Pacific/Pago_Pago', 'Not/AZone']) {
      const refused = await answer(session, card.id, { guesses_score: 1 }, { 'x-timezone': zone });
      expect(refused.statusCode, zone).toBe(403);
      expect(refused.json().code).toBe('daily_limit_exceeded');
      expect(
        (
          await session.call(
            'GET',
            `/api/card/card-text/?category_id=${category.id}&type=verbal`,
            undefined,
            { 'x-timezone': zone },
          )
        ).statusCode,
        zone,
      ).toBe(403);
    }
    expect(await activity(session)).toMatchObject([
      { create_at: t.clock.now().toISOString().slice(0, 10), card_requests: 30 },
    ]);
  });

  it("starts a new day at midnight in the account's time zone", async () => {
    const start = t.clock.now();
    try {
      // Kiritimati is 14 hours ahead of UTC all year: its midnight is 10:00 UTC, the same UTC day.
      const zone = 'Pacific/Kiritimati';
      const user = await buildUser(t.database.db, { password: PASSWORD, trialEndDate: null, timeZone: zone });
      const local = start.getTime() + 14 * HOUR;
      t.clock.advance(DAY - (local % DAY) - 60_000);
      const before = t.clock.now();
      let session = await signInAgain(t, { user } as Session);
      const category = await buildCategory(t.database.db, { userId: user.id });
      const card = await buildCard(t.database.db, { categoryId: category.id });
      for (let i = 0; i < 30; i++) await answer(session, card.id, { guesses_score: 1 });
      expect((await answer(session, card.id, { guesses_score: 1 })).statusCode).toBe(403);
      expect((await deck(session, category.id)).statusCode).toBe(403);

      t.clock.advance(2 * 60_000);
      const after = t.clock.now();
      expect(after.toISOString().slice(0, 10)).toBe(before.toISOString().slice(0, 10));
      session = await signInAgain(t, session);
      expect((await deck(session, category.id)).statusCode).toBe(200);
      expect((await answer(session, card.id, { guesses_score: 1 })).statusCode).toBe(200);
      const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
      expect(await activity(session)).toMatchObject([
        { create_at: dayOf(after), card_requests: 1, daily_limit: 30 },
        { create_at: dayOf(before), card_requests: 30 },
      ]);
    } finally {
      t.clock.set(start);
    }
  });

  it("costs a premium learner's answer one statement, the account's day included", async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    t.database.queries.length = 0;
    expect((await answer(session, card.id, { guesses_score: 1 })).statusCode).toBe(200);
    expect(t.database.queries).toHaveLength(1);
  });
});

describe('accounts', () => {
  it('refuses the deck and the answers of a deactivated account, premium or not, and changes nothing', async () => {
    for (const session of [await premium(), await free()]) {
      const category = await buildCategory(t.database.db, { userId: session.user.id });
      const card = await buildCard(t.database.db, { categoryId: category.id });
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, session.user.id));
      for (const response of [
        await deck(session, category.id),
        await answer(session, card.id, { guesses_score: 1 }),
        await answer(session, card.id, { first_side: 'a', second_side: 'b', category: category.id }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('token_not_valid');
      }
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, session.user.id));
      const stored = (await session.call('GET', `/api/card/card-text/${card.id}/`)).json();
      expect(stored).toMatchObject({ guesses_score: 0, first_side: card.firstSide });
      expect(await activity(session)).toEqual([]);
    }
  });

  it("answers 404 for another user's deck, premium or not, and for a category of another kind", async () => {
    const owner = await premium();
    const category = await buildCategory(t.database.db, { userId: owner.user.id });
    await buildCard(t.database.db, { categoryId: category.id });
    for (const stranger of [await premium(), await free()])
      expect((await deck(stranger, category.id)).statusCode).toBe(404);
    const picture = await owner.call('GET', `/api/card/card-picture/?category_id=${category.id}`);
    expect(picture.statusCode).toBe(404);
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

describe('badges', () => {
  const badges = async (session: Session) => (await session.call('GET', '/api/user/users/me/')).json().badges;
  const measures = {
    cards_per_day: 'studiedCards',
    learned_verbal: 'learnedCardsVerbal',
    learned_typing: 'learnedCardsTyping',
    completed_category_verbal: 'completedCategoriesVerbal',
    completed_category_typing: 'completedCategoriesTyping',
  } as const;

  it('earns each badge on a day that reaches its threshold, not one short of it', async () => {
    const session = await premium();
    const day = '2026-03-14';
    await t.database.db.insert(userActivity).values({ userId: session.user.id, day });
    for (const [kind, thresholds] of Object.entries(badgeThresholds)) {
      const column = measures[kind as keyof typeof measures];
      for (const threshold of thresholds) {
        const set = (value: number) =>
          t.database.db
            .update(userActivity)
            .set({ [column]: value })
            .where(eq(userActivity.userId, session.user.id));
        await set(threshold - 1);
        expect(await badges(session), `${kind} ${threshold - 1}`).not.toContainEqual(
          expect.objectContaining({ kind, threshold }),
        );
        await set(threshold);
        expect(await badges(session), `${kind} ${threshold}`).toContainEqual({
          kind,
          threshold,
          earned_on: day,
          times: 1,
        });
      }
      await t.database.db
        .update(userActivity)
        .set({ [column]: 0 })
        .where(eq(userActivity.userId, session.user.id));
    }
    expect(await badges(session)).toEqual([]);
  });

  it('names the first day a badge was earned and on how many days, in the order of the list', async () => {
    const session = await premium();
    const days = [
      ['2026-01-01', 9, 0],
      ['2026-01-02', 10, 0],
      ['2026-01-03', 19, 10],
      ['2026-01-04', 20, 0],
      ['2026-01-05', 500, 30],
    ] as const;
    await t.database.db.insert(userActivity).values(
      days.map(([day, studiedCards, learnedCardsTyping]) => ({
        userId: session.user.id,
        day,
        studiedCards,
        learnedCardsTyping,
      })),
    );
    const stranger = await premium();
    expect(await badges(stranger)).toEqual([]);
    expect(await badges(session)).toEqual([
      { kind: 'cards_per_day', threshold: 10, earned_on: '2026-01-02', times: 4 },
      { kind: 'cards_per_day', threshold: 20, earned_on: '2026-01-04', times: 2 },
      { kind: 'cards_per_day', threshold: 50, earned_on: '2026-01-05', times: 1 },
      { kind: 'cards_per_day', threshold: 100, earned_on: '2026-01-05', times: 1 },
      { kind: 'cards_per_day', threshold: 200, earned_on: '2026-01-05', times: 1 },
      { kind: 'cards_per_day', threshold: 300, earned_on: '2026-01-05', times: 1 },
      { kind: 'cards_per_day', threshold: 500, earned_on: '2026-01-05', times: 1 },
      { kind: 'learned_typing', threshold: 10, earned_on: '2026-01-03', times: 2 },
      { kind: 'learned_typing', threshold: 20, earned_on: '2026-01-05', times: 1 },
      { kind: 'learned_typing', threshold: 30, earned_on: '2026-01-05', times: 1 },
    ]);
  });

  it('are earned by practising: ten cards studied in a day and a category finished', async () => {
    const session = await premium();
    await t.database.db.update(users).set({ timeZone: 'Europe/Sofia' }).where(eq(users.id, session.user.id));
    // One card of its own category, learned by ten right answers: the category is finished.
    const finished = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: finished.id });
    for (let i = 1; i <= 10; i++) await answer(session, card.id, { guesses_score: i });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(t.clock.now());
    expect(await badges(session)).toEqual([
      { kind: 'completed_category_verbal', threshold: 1, earned_on: today, times: 1 },
    ]);
    // Nine more cards, once each: ten studied.
    const other = await buildCategory(t.database.db, { userId: session.user.id });
    for (let i = 0; i < 9; i++) {
      const next = await buildCard(t.database.db, { categoryId: other.id });
      await answer(session, next.id, { incorrect_guesses_score: 1 });
    }
    expect(await badges(session)).toEqual([
      { kind: 'cards_per_day', threshold: 10, earned_on: today, times: 1 },
      { kind: 'completed_category_verbal', threshold: 1, earned_on: today, times: 1 },
    ]);
  });

  const day = async (session: Session) => {
    const [row] = await t.database.db
      .select()
      .from(userActivity)
      .where(eq(userActivity.userId, session.user.id));
    return { answers: row?.cardRequests, studied: row?.studiedCards };
  };

  it('count a card at most once a minute, however fast it is answered', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    for (let i = 0; i < 53; i++) await answer(session, card.id, { guesses_score: 1 });
    expect(await day(session)).toEqual({ answers: 53, studied: 1 });
    t.clock.advance(59_000);
    await answer(session, card.id, { guesses_score: 1 });
    expect(await day(session)).toEqual({ answers: 54, studied: 1 });
    // A minute after the answer that counted, the card counts again.
    t.clock.advance(1_000);
    await answer(session, card.id, { incorrect_guesses_score: 1 });
    expect(await day(session)).toEqual({ answers: 55, studied: 2 });
  });

  it('count one card once when 100 answers to it come at once', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => answer(session, card.id, { guesses_score: 1 })),
    );
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    expect(await day(session)).toEqual({ answers: 100, studied: 1 });
  });

  it('give a studied card back when its answer is taken back, so that the next answer counts', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    const id = randomUUID();
    await answer(session, card.id, { incorrect_guesses_score: 1, session: id });
    expect(await day(session)).toEqual({ answers: 1, studied: 1 });
    expect((await session.call('POST', `/api/card/practice-sessions/${id}/undo/`)).statusCode).toBe(200);
    expect(await day(session)).toEqual({ answers: 0, studied: 0 });
    await answer(session, card.id, { guesses_score: 1, session: id });
    expect(await day(session)).toEqual({ answers: 1, studied: 1 });
    // An answer that did not count takes nothing back from the studied cards.
    await answer(session, card.id, { guesses_score: 1, session: id });
    await session.call('POST', `/api/card/practice-sessions/${id}/undo/`);
    expect(await day(session)).toEqual({ answers: 1, studied: 1 });
  });
});

describe('undoing the last answer of a session', () => {
  const undo = (session: Session, id: string) =>
    session.call('POST', `/api/card/practice-sessions/${id}/undo/`);
  const card = async (session: Session, id: number) =>
    (await session.call('GET', `/api/card/card-text/${id}/`)).json();

  it('takes the answer back once: the score and the day count one less', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const answered = await buildCard(t.database.db, { categoryId: category.id, guessesScore: 3 });
    const id = randomUUID();
    await answer(session, answered.id, { guesses_score: 1 });
    await answer(session, answered.id, { guesses_score: 1, session: id });
    expect((await card(session, answered.id)).guesses_score).toBe(5);

    const response = await undo(session, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ card_id: answered.id, field: 'guesses_score' });
    expect((await card(session, answered.id)).guesses_score).toBe(4);
    expect((await activity(session))[0].card_requests).toBe(1);

    const again = await undo(session, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'nothing_to_undo' });
    expect((await card(session, answered.id)).guesses_score).toBe(4);
    expect((await activity(session))[0].card_requests).toBe(1);
  });

  it("takes back only the session's last answer", async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const first = await buildCard(t.database.db, { categoryId: category.id });
    const second = await buildCard(t.database.db, { categoryId: category.id });
    const id = randomUUID();
    await answer(session, first.id, { guesses_score: 1, session: id });
    await answer(session, second.id, { incorrect_guesses_score: 1, session: id });
    // Another session's answer is not this session's last one.
    await answer(session, first.id, { guesses_score: 1, session: randomUUID() });

    expect((await undo(session, id)).json()).toEqual({
      card_id: second.id,
      field: 'incorrect_guesses_score',
    });
    expect((await card(session, first.id)).guesses_score).toBe(2);
    expect((await card(session, second.id)).incorrect_guesses_score).toBe(0);
    expect((await undo(session, id)).statusCode).toBe(409);
    expect((await card(session, first.id)).guesses_score).toBe(2);
  });

  it('never goes below zero', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const answered = await buildCard(t.database.db, { categoryId: category.id });
    const id = randomUUID();
    await answer(session, answered.id, { guesses_score_typing: 1, session: id });
    // The learner reset the category (and the day's count was gone) before taking the answer back.
    await session.call('POST', '/api/card/reset-category/', { category_id: category.id });
    await t.database.db
      .update(userActivity)
      .set({ cardRequests: 0 })
      .where(eq(userActivity.userId, session.user.id));

    expect((await undo(session, id)).statusCode).toBe(200);
    expect((await card(session, answered.id)).guesses_score_typing).toBe(0);
    expect((await activity(session))[0].card_requests).toBe(0);
  });

  it('takes back the learned card and the completed category the answer counted', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const first = await buildCard(t.database.db, { categoryId: category.id, guessesScore: 9 });
    const second = await buildCard(t.database.db, { categoryId: category.id, guessesScore: 9 });
    const id = randomUUID();
    expect((await answer(session, first.id, { guesses_score: 1, session: id })).json()).toMatchObject({
      learned: true,
      completed_category: false,
    });
    expect((await answer(session, second.id, { guesses_score: 1, session: id })).json()).toMatchObject({
      guesses_score: 10,
      learned: true,
      completed_category: true,
    });
    expect((await activity(session))[0]).toMatchObject({
      card_requests: 2,
      learned_cards_verbal: 2,
      completed_categories_verbal: 1,
    });

    expect((await undo(session, id)).statusCode).toBe(200);
    expect((await activity(session))[0]).toMatchObject({
      card_requests: 1,
      learned_cards_verbal: 1,
      completed_categories_verbal: 0,
    });
    const completions = await t.database.db
      .select()
      .from(categoryCompletions)
      .where(and(eq(categoryCompletions.categoryId, category.id), eq(categoryCompletions.mode, 'verbal')));
    expect(completions).toEqual([]);
    expect((await session.call('GET', `/api/card/category/${category.id}/`)).json()).toMatchObject({
      learned_cards_verbal_len: 1,
    });

    // Learned again, the category is completed again and counted again.
    const relearned = await answer(session, second.id, { guesses_score: 1, session: id });
    expect(relearned.json()).toMatchObject({ learned: true, completed_category: true });
    expect((await activity(session))[0].completed_categories_verbal).toBe(1);
  });

  it('says an ordinary answer learned nothing', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const answered = await buildCard(t.database.db, { categoryId: category.id, guessesScore: 10 });
    expect((await answer(session, answered.id, { guesses_score: 1 })).json()).toMatchObject({
      learned: false,
      completed_category: false,
    });
  });

  it("answers 404 for another user's session and for an unknown one, and changes nothing", async () => {
    const owner = await premium();
    const category = await buildCategory(t.database.db, { userId: owner.user.id });
    const answered = await buildCard(t.database.db, { categoryId: category.id });
    const id = randomUUID();
    await answer(owner, answered.id, { guesses_score: 1, session: id });
    const stranger = await premium();
    expect((await undo(stranger, id)).statusCode).toBe(404);
    expect((await undo(owner, randomUUID())).statusCode).toBe(404);
    expect((await undo(owner, 'not-a-uuid')).statusCode).toBe(404);
    // The stranger's answers do not take over the owner's session either.
    const theirs = await buildCard(t.database.db, {
      categoryId: (await buildCategory(t.database.db, { userId: stranger.user.id })).id,
    });
    await answer(stranger, theirs.id, { guesses_score: 1, session: id });
    expect((await undo(stranger, id)).statusCode).toBe(404);
    expect((await card(owner, answered.id)).guesses_score).toBe(1);
    expect((await undo(owner, id)).json()).toEqual({ card_id: answered.id, field: 'guesses_score' });
  });

  it('forgets sessions of past days in the daily job, and only those', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const answered = await buildCard(t.database.db, { categoryId: category.id });
    const old = randomUUID();
    const recent = randomUUID();
    const start = t.clock.now();
    try {
      await answer(session, answered.id, { guesses_score: 1, session: old });
      t.clock.set(new Date(start.getTime() + 20 * 60 * 60 * 1000));
      const later = await signInAgain(t, session);
      await answer(later, answered.id, { guesses_score: 1, session: recent });
      t.clock.set(new Date(start.getTime() + 25 * 60 * 60 * 1000));
      const next = await signInAgain(t, session);
      await t.services.jobs.send(forgetOldSessions, {});
      await t.runJobs();
      expect((await undo(next, old)).statusCode).toBe(404);
      expect((await undo(next, recent)).statusCode).toBe(200);
      // Forgetting takes nothing back: the old session's answer stays counted.
      expect((await card(next, answered.id)).guesses_score).toBe(1);
    } finally {
      t.clock.set(start);
    }
  });

  it('keeps an answer past the daily limit out of the session', async () => {
    const session = await free();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const answered = await buildCard(t.database.db, { categoryId: category.id });
    await t.database.db
      .insert(userActivity)
      .values({ userId: session.user.id, day: t.clock.now().toISOString().slice(0, 10), cardRequests: 30 });
    const id = randomUUID();
    expect((await answer(session, answered.id, { guesses_score: 1, session: id })).statusCode).toBe(403);
    expect((await undo(session, id)).statusCode).toBe(404);
  });
});
