import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool } from '../../../test/factories';
import { type Session, signIn, signInAgain } from '../../../test/session';
import {
  cardReviews,
  cards,
  categoryCompletions,
  learningPathCards,
  learningPathProgress,
  userActivity,
} from '../../db/schema';
import { DAY, HOUR } from '../../lib/clock';
import { forgetOldOfflineAnswers } from './offline.jobs';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ZONE = 'Europe/Sofia';
const MINUTE = 60_000;
const premium = () => signIn(t, { trialEndDate: new Date(Date.now() + 400 * DAY), timeZone: ZONE });
const free = () => signIn(t, { trialEndDate: null, timeZone: ZONE });

/** The first instant of the next calendar day in Sofia after `at`. */
const nextSofiaMidnight = (at: Date) => {
  let probe = new Date(Math.ceil(at.getTime() / HOUR) * HOUR);
  const day = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date);
  const today = day(at);
  while (day(probe) === today) probe = new Date(probe.getTime() + HOUR);
  return probe;
};

type Given = { at: Date; card: number; mode: 'verbal' | 'typing'; correct: boolean; seconds?: number };

const sync = (session: Session, answers: object[]) =>
  session.call('POST', '/api/card/offline-answers/', { answers });

const asOffline = (given: Given[], cardIds: number[]) =>
  given.map((answer) => ({
    id: randomUUID(),
    card_id: cardIds[answer.card]!,
    mode: answer.mode,
    correct: answer.correct,
    answered_at: answer.at.toISOString(),
    ...(answer.seconds !== undefined && { review: { seconds: answer.seconds } }),
  }));

const scoreField = (mode: 'verbal' | 'typing', correct: boolean) =>
  `${correct ? '' : 'incorrect_'}guesses_score${mode === 'typing' ? '_typing' : ''}`;

/** Answers one by one through the online routes, each at its own time on the app's clock. */
const answerOnline = async (session: Session, given: Given[], cardIds: number[]) => {
  let signedIn = session;
  for (const answer of given) {
    t.clock.set(answer.at);
    // The access token lives 15 minutes of the moving clock.
    signedIn = await signInAgain(t, session);
    const id = cardIds[answer.card]!;
    const response =
      answer.seconds === undefined
        ? await signedIn.call('PUT', `/api/card/card-text/${id}/`, {
            [scoreField(answer.mode, answer.correct)]: 1,
          })
        : await signedIn.call('POST', `/api/review/cards/${id}/`, {
            mode: answer.mode,
            correct: answer.correct,
            seconds: answer.seconds,
          });
    expect(response.statusCode).toBe(200);
  }
};

/** A learner with two text categories: three cards, and one card two right answers short of learned. */
const learner = async (session: Session) => {
  const db = t.database.db;
  const first = await buildCategory(db, { userId: session.user.id });
  const second = await buildCategory(db, { userId: session.user.id });
  const ids = [
    (await buildCard(db, { categoryId: first.id })).id,
    (await buildCard(db, { categoryId: first.id })).id,
    (await buildCard(db, { categoryId: first.id })).id,
    (await buildCard(db, { categoryId: second.id, guessesScore: 8 })).id,
  ];
  return { ids, categories: [first.id, second.id] };
};

/** Everything answers move, without ids, in a form two learners can be compared by. */
const snapshot = async (userId: number, learned: { ids: number[]; categories: number[] }) => {
  await t.services.memory.fold(userId);
  const db = t.database.db;
  const scores = await db
    .select({
      guesses: cards.guessesScore,
      incorrect: cards.incorrectGuessesScore,
      typing: cards.guessesScoreTyping,
      incorrectTyping: cards.incorrectGuessesScoreTyping,
    })
    .from(cards)
    .where(inArray(cards.id, learned.ids))
    .orderBy(asc(cards.id));
  const activity = (
    await db.select().from(userActivity).where(eq(userActivity.userId, userId)).orderBy(asc(userActivity.day))
  ).map(({ id: _, userId: __, ...day }) => day);
  const memory = (
    await db.select().from(cardReviews).where(eq(cardReviews.userId, userId)).orderBy(asc(cardReviews.cardId))
  ).map(({ userId: _, cardId, ...state }) => ({ card: learned.ids.indexOf(cardId), ...state }));
  const completions = (
    await db
      .select()
      .from(categoryCompletions)
      .where(inArray(categoryCompletions.categoryId, learned.categories))
      .orderBy(asc(categoryCompletions.categoryId), asc(categoryCompletions.mode))
  ).map(({ categoryId, mode }) => ({ category: learned.categories.indexOf(categoryId), mode }));
  return { scores, activity, memory, completions };
};

/**
 * Three days of answers around two Sofia midnights: practice in both modes, spaced review answers with
 * their seconds, a card learned on the second day, its category completed, answers to one card within a
 * minute (not counted toward badges).
 */
const threeDays = (start: Date): Given[] => {
  const firstMidnight = nextSofiaMidnight(start);
  const secondMidnight = nextSofiaMidnight(new Date(firstMidnight.getTime() + HOUR));
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);
  return [
    { at: at(firstMidnight, -20), card: 0, mode: 'verbal', correct: true },
    { at: at(firstMidnight, -18), card: 1, mode: 'typing', correct: false },
    { at: at(firstMidnight, -17.5), card: 1, mode: 'typing', correct: true },
    { at: at(firstMidnight, -10), card: 2, mode: 'verbal', correct: true, seconds: 3 },
    { at: at(firstMidnight, -1), card: 3, mode: 'verbal', correct: true },
    { at: at(firstMidnight, 1), card: 3, mode: 'verbal', correct: true },
    { at: at(firstMidnight, 5), card: 0, mode: 'typing', correct: true, seconds: 40 },
    { at: at(firstMidnight, 30), card: 2, mode: 'verbal', correct: false, seconds: 9 },
    { at: at(secondMidnight, 600), card: 2, mode: 'typing', correct: true, seconds: 5 },
    { at: at(secondMidnight, 601), card: 1, mode: 'verbal', correct: false },
    { at: at(secondMidnight, 640), card: 0, mode: 'verbal', correct: true },
  ];
};

const shuffled = <T>(items: T[]) =>
  items
    .map((item, index) => ({ item, key: (index * 7919) % 13 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe('answers given offline', () => {
  it('come out as if they had been given online: scores, days, learned, completed, memory', async () => {
    const start = t.clock.now();
    try {
      const online = await premium();
      const offline = await premium();
      const onlineCards = await learner(online);
      const offlineCards = await learner(offline);
      const given = threeDays(start);
      await answerOnline(online, given, onlineCards.ids);

      // The device sends them a day after the last, in the order its queue happened to keep them.
      t.clock.set(new Date(given.at(-1)!.at.getTime() + DAY));
      const sent = shuffled(asOffline(given, offlineCards.ids));
      const response = await sync(await signInAgain(t, offline), sent);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        counted: given.length,
        over_limit: 0,
        answers_left_today: null,
        daily_limit: null,
      });
      expect(response.json().results).toEqual(sent.map(({ id }) => ({ id, status: 'counted' })));

      const expected = await snapshot(online.user.id, onlineCards);
      const actual = await snapshot(offline.user.id, offlineCards);
      // The answers really moved things: three days, a learned card and a completed category.
      expect(expected.activity.map((day) => day.cardRequests)).toEqual([5, 3, 3]);
      expect(expected.activity[1]).toMatchObject({ learnedCardsVerbal: 1, completedCategoriesVerbal: 1 });
      expect(expected.completions).toEqual([{ category: 1, mode: 'verbal' }]);
      expect(expected.memory).toHaveLength(4);
      expect(actual).toEqual(expected);
    } finally {
      t.clock.set(start);
    }
  });

  it('applies a call sent twice, or many times at once, once', async () => {
    const session = await premium();
    const { ids } = await learner(session);
    const now = t.clock.now();
    const sent = asOffline(
      [
        { at: new Date(now.getTime() - 3 * MINUTE), card: 0, mode: 'verbal', correct: true },
        { at: new Date(now.getTime() - 2 * MINUTE), card: 1, mode: 'typing', correct: false },
      ],
      ids,
    );
    const first = await sync(session, sent);
    expect(first.json()).toMatchObject({ counted: 2 });
    const again = await Promise.all(Array.from({ length: 10 }, () => sync(session, sent)));
    for (const response of again) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ counted: 0, results: first.json().results });
    }
    // An id twice in one call counts once too.
    const twice = asOffline([{ at: now, card: 2, mode: 'verbal', correct: true }], ids);
    expect((await sync(session, [...twice, ...twice])).json()).toMatchObject({ counted: 1 });
    const snap = await snapshot(session.user.id, { ids, categories: [] });
    expect(snap.scores.slice(0, 3)).toEqual([
      { guesses: 1, incorrect: 0, typing: 0, incorrectTyping: 0 },
      { guesses: 0, incorrect: 0, typing: 0, incorrectTyping: 1 },
      { guesses: 1, incorrect: 0, typing: 0, incorrectTyping: 0 },
    ]);
    expect(snap.activity.map((day) => day.cardRequests)).toEqual([3]);
  });

  it('puts an earlier call sent after a later one in its place: the memory is as if in order', async () => {
    const start = t.clock.now();
    try {
      const inOrder = await premium();
      const outOfOrder = await premium();
      const orderedCards = await learner(inOrder);
      const reversedCards = await learner(outOfOrder);
      const given = threeDays(start);
      t.clock.set(new Date(given.at(-1)!.at.getTime() + HOUR));
      const early = given.slice(0, 6);
      const late = given.slice(6);
      const a = await signInAgain(t, inOrder);
      expect((await sync(a, asOffline(early, orderedCards.ids))).json().counted).toBe(6);
      expect((await sync(a, asOffline(late, orderedCards.ids))).json().counted).toBe(5);
      // Two devices: the one that answered later syncs first.
      const b = await signInAgain(t, outOfOrder);
      expect((await sync(b, asOffline(late, reversedCards.ids))).json().counted).toBe(5);
      expect((await sync(b, asOffline(early, reversedCards.ids))).json().counted).toBe(6);
      const expected = await snapshot(inOrder.user.id, orderedCards);
      const actual = await snapshot(outOfOrder.user.id, reversedCards);
      expect(actual.memory).toEqual(expected.memory);
      expect(actual.scores).toEqual(expected.scores);
      expect(actual.activity.map((day) => [day.day, day.cardRequests])).toEqual(
        expected.activity.map((day) => [day.day, day.cardRequests]),
      );
    } finally {
      t.clock.set(start);
    }
  });

  it("counts answers across midnight on each one's own day in the account's time zone", async () => {
    const start = t.clock.now();
    try {
      const session = await premium();
      const { ids } = await learner(session);
      const midnight = nextSofiaMidnight(start);
      const before = new Date(midnight.getTime() - MINUTE);
      const after = new Date(midnight.getTime() + MINUTE);
      t.clock.set(new Date(midnight.getTime() + HOUR));
      const response = await sync(
        await signInAgain(t, session),
        asOffline(
          [
            { at: after, card: 1, mode: 'verbal', correct: true },
            { at: before, card: 0, mode: 'verbal', correct: true },
          ],
          ids,
        ),
      );
      expect(response.json().counted).toBe(2);
      const day = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date);
      const days = (await snapshot(session.user.id, { ids, categories: [] })).activity;
      expect(days.map((row) => [row.day, row.cardRequests])).toEqual([
        [day(before), 1],
        [day(after), 1],
      ]);
      expect(day(before)).not.toBe(day(after));
    } finally {
      t.clock.set(start);
    }
  });

  it("holds a free account's daily limit across devices and online answers, day by day", async () => {
    const start = t.clock.now();
    try {
      const session = await free();
      const { ids } = await learner(session);
      const midnight = nextSofiaMidnight(start);
      t.clock.set(new Date(midnight.getTime() + 10 * HOUR));
      const signedIn = await signInAgain(t, session);
      const at = (minutes: number) => new Date(midnight.getTime() + minutes * MINUTE);
      const batch = (from: number, count: number, card: number) =>
        asOffline(
          Array.from({ length: count }, (_, index) => ({
            at: at(from + index),
            card,
            mode: 'verbal' as const,
            correct: index % 2 === 0,
          })),
          ids,
        );
      // One device: 20 answers in the morning; another: 20 later. The limit is 30 a day.
      expect((await sync(signedIn, [])).json()).toMatchObject({ answers_left_today: 30, daily_limit: 30 });
      const phone = await sync(signedIn, batch(60, 20, 0));
      expect(phone.json()).toMatchObject({ counted: 20, over_limit: 0, answers_left_today: 10 });
      const tablet = await sync(signedIn, batch(120, 20, 1));
      expect(tablet.json()).toMatchObject({ counted: 10, over_limit: 10, answers_left_today: 0 });
      const statuses = tablet.json().results.map((result: { status: string }) => result.status);
      expect(statuses).toEqual([...Array(10).fill('counted'), ...Array(10).fill('over_limit')]);
      // Online, the day is over too; the day before still has its own limit.
      expect(
        (await signedIn.call('PUT', `/api/card/card-text/${ids[2]}/`, { guesses_score: 1 })).statusCode,
      ).toBe(403);
      const yesterday = await sync(signedIn, batch(-120, 5, 2));
      expect(yesterday.json()).toMatchObject({ counted: 5, answers_left_today: 0 });
      const snap = await snapshot(session.user.id, { ids, categories: [] });
      expect(snap.activity.map((day) => day.cardRequests)).toEqual([5, 30]);
      // The answers over the limit left no score behind.
      const answered = snap.scores.slice(0, 3).map((card) => card.guesses + card.incorrect);
      expect(answered).toEqual([20, 10, 5]);
      // And they stay refused when sent again.
      expect(
        (
          await sync(
            signedIn,
            tablet.json().results.map((r: { id: string }) => ({ ...batch(0, 1, 1)[0], id: r.id })),
          )
        ).json(),
      ).toMatchObject({
        counted: 0,
        over_limit: 0,
      });
    } finally {
      t.clock.set(start);
    }
  });

  it("refuses another's cards, kids cards and answers too old, and takes a future time as now", async () => {
    const session = await premium();
    const stranger = await premium();
    const { ids } = await learner(session);
    const kids = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'kids' });
    const kidsCard = await buildCard(t.database.db, { categoryId: kids.id });
    const now = t.clock.now();
    const answer = (cardId: number, at: Date) => ({
      id: randomUUID(),
      card_id: cardId,
      mode: 'verbal',
      correct: true,
      answered_at: at.toISOString(),
    });
    const others = await sync(stranger, [answer(ids[0]!, now)]);
    expect(others.json()).toMatchObject({ counted: 0, results: [{ status: 'not_found' }] });
    const mine = await sync(session, [
      answer(kidsCard.id, now),
      answer(ids[1]!, new Date(now.getTime() - 31 * DAY)),
      answer(ids[2]!, new Date(now.getTime() + DAY)),
      answer(999_999_999, now),
    ]);
    expect(mine.json().results.map((r: { status: string }) => r.status)).toEqual([
      'not_found',
      'too_old',
      'counted',
      'not_found',
    ]);
    const snap = await snapshot(session.user.id, { ids, categories: [] });
    expect(snap.scores.map((card) => card.guesses)).toEqual([0, 0, 1, 8]);
    expect(snap.activity).toHaveLength(1);
    expect(snap.activity[0]!.day).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now));
    expect(await snapshot(stranger.user.id, { ids: [], categories: [] })).toMatchObject({ activity: [] });
  });

  it("counts a kids card's listens once each, and no listen of another's card or of a text card", async () => {
    const session = await free();
    const stranger = await premium();
    const { ids } = await learner(session);
    const db = t.database.db;
    const kids = await buildCategory(db, { userId: session.user.id, typeOfCards: 'kids' });
    const word = await buildCard(db, { categoryId: kids.id });
    const now = t.clock.now();
    const listen = (cardId: number, at = now) => ({
      id: randomUUID(),
      card_id: cardId,
      listened_at: at.toISOString(),
    });
    const listens = [listen(word.id), listen(word.id), listen(word.id, new Date(now.getTime() - 31 * DAY))];
    const call = (who: Session, sent: object[]) =>
      who.call('POST', '/api/card/offline-answers/', { answers: [], listens: sent });
    const first = await call(session, [...listens, listen(ids[0]!)]);
    expect(first.statusCode).toBe(200);
    // Listens are no answers: none counted, and the free day's answers untouched.
    expect(first.json()).toMatchObject({ counted: 0, answers_left_today: first.json().daily_limit });
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual([
      'counted',
      'counted',
      'too_old',
      'not_found',
    ]);
    const again = await Promise.all(Array.from({ length: 5 }, () => call(session, listens)));
    for (const response of again) expect(response.json().results).toEqual(first.json().results.slice(0, 3));
    expect((await call(stranger, [listen(word.id)])).json().results).toEqual([
      expect.objectContaining({ status: 'not_found' }),
    ]);
    const [row] = await db.select({ listens: cards.listenCounts }).from(cards).where(eq(cards.id, word.id));
    expect(row!.listens).toBe(2);
    expect((await snapshot(session.user.id, { ids, categories: [] })).activity).toEqual([]);
  });

  it("counts a learning path's answers on its own rows, on the day each was given, while the path ran", async () => {
    const db = t.database.db;
    const school = await buildSchool(db);
    const teacher = await signIn(t, { schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const student = await signIn(t, {
      schoolId: school.id,
      isStudent: true,
      isOrganizationMember: true,
      timeZone: ZONE,
      trialEndDate: null,
    });
    const classmate = await signIn(t, { schoolId: school.id, isStudent: true, isOrganizationMember: true });
    const category = await buildCategory(db, { userId: teacher.user.id });
    const words = [
      await buildCard(db, { categoryId: category.id }),
      await buildCard(db, { categoryId: category.id }),
    ];
    const now = t.clock.now();
    const sofiaDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);
    const yesterday = new Date(nextSofiaMidnight(new Date(now.getTime() - DAY)).getTime() - HOUR);
    const path = (assigned: number) => ({
      name: 'Rivers',
      assigned_user: assigned,
      category: category.id,
      start_at: sofiaDay(yesterday),
      end_at: sofiaDay(now),
      learned_card_volume_verbal: 2,
    });
    const assigned = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
      path(student.user.id),
      path(classmate.user.id),
    ]);
    expect(assigned.statusCode, assigned.body).toBe(201);
    const [pathId, classmatePathId] = assigned.json().created as number[];
    const deckOf = async (who: Session, id: number) =>
      (
        (
          await who.call('GET', `/api/learning-paths/card-text-students/?learning_path_id=${id}&type=verbal`)
        ).json() as { id: number; card_id: number }[]
      ).sort((a, b) => a.card_id - b.card_id);
    const rows = await deckOf(student, pathId!);
    const classmateRows = await deckOf(classmate, classmatePathId!);
    const onPath = (rowId: number, at: Date, correct = true) => ({
      id: randomUUID(),
      card_id: rowId,
      mode: 'verbal',
      correct,
      answered_at: at.toISOString(),
      learning_path: true,
    });
    const sent = [
      onPath(rows[0]!.id, yesterday),
      onPath(rows[1]!.id, now, false),
      onPath(rows[0]!.id, new Date(yesterday.getTime() - DAY)),
      onPath(classmateRows[0]!.id, now),
      // Not a path card's id: the card itself is not the student's.
      { ...onPath(words[0]!.id, now), learning_path: undefined },
    ];
    const first = await sync(student, sent);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual([
      'counted',
      'counted',
      'not_found',
      'not_found',
      'not_found',
    ]);
    // A path's answers spend none of the free answers.
    expect(first.json()).toMatchObject({ counted: 2, answers_left_today: first.json().daily_limit });
    expect((await sync(student, sent)).json()).toMatchObject({ counted: 0, results: first.json().results });

    const scores = await db
      .select({
        id: learningPathCards.id,
        right: learningPathCards.guessesScore,
        wrong: learningPathCards.incorrectGuessesScore,
      })
      .from(learningPathCards)
      .where(
        inArray(
          learningPathCards.id,
          [...rows, ...classmateRows].map((row) => row.id),
        ),
      )
      .orderBy(asc(learningPathCards.id));
    expect(scores.filter((row) => row.right + row.wrong > 0)).toEqual([
      { id: rows[0]!.id, right: 1, wrong: 0 },
      { id: rows[1]!.id, right: 0, wrong: 1 },
    ]);
    const days = await db
      .select({ day: learningPathProgress.day, flips: learningPathProgress.flipsVerbal })
      .from(learningPathProgress)
      .where(eq(learningPathProgress.pathId, pathId!))
      .orderBy(asc(learningPathProgress.day));
    expect(days).toEqual([
      { day: sofiaDay(yesterday), flips: 1 },
      { day: sofiaDay(now), flips: 1 },
    ]);
    // The student's memory of both cards moved, as a path's study answer moves it.
    await t.services.memory.fold(student.user.id);
    const memory = await db
      .select({ card: cardReviews.cardId })
      .from(cardReviews)
      .where(eq(cardReviews.userId, student.user.id))
      .orderBy(asc(cardReviews.cardId));
    expect(memory.map((row) => row.card)).toEqual(words.map((word) => word.id));
  });

  it('answers bad calls with 400 and applies nothing', async () => {
    const session = await premium();
    const { ids } = await learner(session);
    const good = asOffline([{ at: t.clock.now(), card: 0, mode: 'verbal', correct: true }], ids)[0]!;
    for (const answers of [
      [{ ...good, id: 'not-a-uuid' }],
      [{ ...good, answered_at: 'yesterday' }],
      [{ ...good, mode: 'shouting' }],
      [{ ...good, card_id: -1 }],
      [{ ...good, review: { seconds: -1 } }],
      Array.from({ length: 501 }, () => ({ ...good, id: randomUUID() })),
    ]) {
      const response = await sync(session, answers);
      expect(response.statusCode).toBe(400);
    }
    const listen = { id: randomUUID(), card_id: ids[0], listened_at: t.clock.now().toISOString() };
    for (const listens of [
      [{ ...listen, id: 'x' }],
      [{ ...listen, listened_at: 'now' }],
      [{ ...listen, card_id: 0 }],
    ]) {
      const response = await session.call('POST', '/api/card/offline-answers/', { answers: [good], listens });
      expect(response.statusCode).toBe(400);
    }
    expect((await snapshot(session.user.id, { ids, categories: [] })).activity).toEqual([]);
  });

  it('forgets the ids of answers too old to count, daily', async () => {
    const start = t.clock.now();
    try {
      const session = await premium();
      const { ids } = await learner(session);
      const sent = asOffline([{ at: start, card: 0, mode: 'verbal', correct: true }], ids);
      expect((await sync(session, sent)).json().counted).toBe(1);
      t.clock.set(new Date(start.getTime() + 32 * DAY));
      await t.services.jobs.send(forgetOldOfflineAnswers, {});
      await t.runJobs();
      // Sent again now it is refused as too old, never counted twice.
      const again = await sync(await signInAgain(t, session), sent);
      expect(again.json()).toMatchObject({ counted: 0, results: [{ status: 'too_old' }] });
    } finally {
      t.clock.set(start);
    }
  });
});

describe('cards edited offline', () => {
  const edit = (session: Session, id: number, body: object) =>
    session.call('PUT', `/api/card/card-text/${id}/`, body);

  it('applies an edit made on the version the card still has, and refuses one made on another', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const card = await buildCard(t.database.db, {
      categoryId: category.id,
      firstSide: 'cat',
      secondSide: 'котка',
      tag: '',
    });
    const fromPhone = {
      first_side: 'cat',
      second_side: 'котка (ж.р.)',
      category: category.id,
      tag: 'animals',
      base_first_side: 'cat',
      base_second_side: 'котка',
      base_tag: '',
    };
    expect((await edit(session, card.id, fromPhone)).json()).toMatchObject({ second_side: 'котка (ж.р.)' });
    // The tablet changed the same card from the first version meanwhile.
    const fromTablet = { ...fromPhone, second_side: 'коте', tag: '' };
    const refused = await edit(session, card.id, fromTablet);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'card_changed' });
    const kept = (await session.call('GET', `/api/card/card-text/${card.id}/`)).json();
    expect(kept).toMatchObject({ second_side: 'котка (ж.р.)', tag: 'animals' });
    // The learner chose the tablet's: sent on top of the version they saw.
    const chosen = { ...fromTablet, base_second_side: kept.second_side, base_tag: kept.tag };
    expect((await edit(session, card.id, chosen)).json()).toMatchObject({ second_side: 'коте', tag: '' });
  });

  it('refuses a picture card edit made on a version it no longer has', async () => {
    const session = await premium();
    const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'picture' });
    const card = await buildCard(t.database.db, {
      categoryId: category.id,
      secondSide: 'Sofia',
      tag: 'city',
    });
    const body = { second_side: 'София', category: category.id, tag: 'city', base_second_side: 'Sofia' };
    const first = await session.call('PUT', `/api/card/card-picture/${card.id}/`, body);
    expect(first.statusCode).toBe(200);
    const second = await session.call('PUT', `/api/card/card-picture/${card.id}/`, {
      ...body,
      second_side: 'Plovdiv',
    });
    expect(second.statusCode).toBe(409);
    expect((await session.call('GET', `/api/card/card-picture/${card.id}/`)).json().second_side).toBe(
      'София',
    );
  });
});
