import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool } from '../../../test/factories';
import { type Session, signIn } from '../../../test/session';
import { simulateLearner } from '../../../test/simulated-learner';
import { cardReviews, cards as cardsTable, memoryParameters, reviewLogs } from '../../db/schema';
import { DAY, dayIn } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the days the tests move the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(30 * 24 * 60) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const premium = (overrides: Parameters<typeof signIn>[1] = {}) =>
  signIn(t, { trialEndDate: new Date(Date.now() + 10_000 * DAY), ...overrides });

const practise = (as: Session, cardId: number, body: object) =>
  as.call('PUT', `/api/card/card-text/${cardId}/`, body);
const review = (as: Session, cardId: number, body: object) =>
  as.call('POST', `/api/review/cards/${cardId}/`, body);
const reviewSession = async (as: Session, categoryId: number) =>
  (await as.call('GET', `/api/review/categories/${categoryId}/`)).json();
const categoryOf = async (as: Session, categoryId: number) =>
  (await as.call('GET', `/api/card/category/${categoryId}/`)).json();

const stateOf = async (userId: number, cardId: number) => {
  const [row] = await t.database.db
    .select()
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), eq(cardReviews.cardId, cardId)));
  return row;
};
const logsOf = (userId: number) =>
  t.database.db.select().from(reviewLogs).where(eq(reviewLogs.userId, userId)).orderBy(reviewLogs.id);

const deckOf = async (as: Session, count: number) => {
  const category = await buildCategory(t.database.db, { userId: as.user.id });
  const made = [];
  for (let i = 0; i < count; i++) made.push(await buildCard(t.database.db, { categoryId: category.id }));
  return { category, cards: made };
};

describe('one memory per learner and card', () => {
  it('is moved by practice and review alike: a practised card is no longer new to review', async () => {
    const learner = await premium();
    const { category, cards } = await deckOf(learner, 3);
    expect((await categoryOf(learner, category.id)).new_review_cards_len).toBe(3);

    // A right answer in a practice session is Good: a new card goes to its 10-minute learning step.
    expect((await practise(learner, cards[0]!.id, { guesses_score: 1 })).statusCode).toBe(200);
    // A wrong one in a game is Again: the 1-minute step.
    expect((await practise(learner, cards[1]!.id, { incorrect_guesses_score_typing: 1 })).statusCode).toBe(
      200,
    );
    expect((await logsOf(learner.user.id)).map((log) => [log.grade, log.source, log.folded])).toEqual([
      [3, 'practice', false],
      [1, 'practice', false],
    ]);

    const listed = await categoryOf(learner, category.id);
    expect(listed).toMatchObject({ new_review_cards_len: 1, due_cards_len: 0 });
    expect((await logsOf(learner.user.id)).every((log) => log.folded)).toBe(true);
    const now = t.clock.now().getTime();
    expect((await stateOf(learner.user.id, cards[0]!.id))?.due.getTime()).toBe(now + 10 * MINUTE);
    expect((await stateOf(learner.user.id, cards[1]!.id))?.due.getTime()).toBe(now + MINUTE);

    t.clock.advance(10 * MINUTE);
    const session = await reviewSession(learner, category.id);
    expect(
      session.cards.map((dealt: { card: { id: number }; state: string }) => [dealt.card.id, dealt.state]),
    ).toEqual([
      [cards[1]!.id, 'learning'],
      [cards[0]!.id, 'learning'],
      [cards[2]!.id, 'new'],
    ]);

    // Review goes on from the practice answers' state.
    const reviewed = await review(learner, cards[0]!.id, { mode: 'verbal', correct: true, seconds: 8 });
    expect(reviewed.json()).toMatchObject({ rating: 'good', state: 'review', reps: 2 });
    expect((await stateOf(learner.user.id, cards[0]!.id))?.reps).toBe(2);
  });

  it('folds many answers of one card given at once, each once', async () => {
    const learner = await premium();
    const { category, cards } = await deckOf(learner, 1);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => practise(learner, cards[0]!.id, { guesses_score: 1 })),
    );
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    await Promise.all([categoryOf(learner, category.id), reviewSession(learner, category.id)]);
    expect((await stateOf(learner.user.id, cards[0]!.id))?.reps).toBe(30);
    expect(await logsOf(learner.user.id)).toHaveLength(30);
  });

  it('gives the due counts of the categories list, the home and the review summary', async () => {
    const learner = await premium();
    const { category, cards } = await deckOf(learner, 2);
    await practise(learner, cards[0]!.id, { incorrect_guesses_score: 1 });
    t.clock.advance(MINUTE);
    const listed = (await learner.call('GET', '/api/card/category/')).json().results;
    expect(listed.find((row: { id: number }) => row.id === category.id)).toMatchObject({ due_cards_len: 1 });
    await practise(learner, cards[1]!.id, { incorrect_guesses_score: 1 });
    t.clock.advance(MINUTE);
    expect((await learner.call('GET', '/api/review/summary/')).json()).toEqual({ due_cards_len: 2 });
    expect((await learner.call('GET', '/api/home/')).json().learner).toMatchObject({ due_cards_len: 2 });
  });

  it("moves a student's own memory of the teacher's card on a learning path, never the teacher's", async () => {
    const school = await buildSchool(t.database.db);
    const teacher = await premium({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const student = await premium({ schoolId: school.id, isStudent: true, isOrganizationMember: true });
    const category = await buildCategory(t.database.db, { userId: teacher.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    const today = dayIn('UTC', t.clock.now());
    const assigned = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
      {
        name: 'Rivers',
        assigned_user: student.user.id,
        category: category.id,
        start_at: today,
        end_at: today,
      },
    ]);
    const [pathId] = assigned.json().created;
    const [row] = (
      await student.call(
        'GET',
        `/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=verbal`,
      )
    ).json();
    const session = randomUUID();
    const answered = await student.call('PUT', `/api/learning-paths/card-text-students/${row.id}/`, {
      guesses_score: 1,
      session,
    });
    expect(answered.statusCode).toBe(200);
    expect((await logsOf(student.user.id)).map((log) => [log.cardId, log.grade, log.source])).toEqual([
      [card.id, 3, 'path'],
    ]);
    await student.call('GET', '/api/review/summary/');
    expect((await stateOf(student.user.id, card.id))?.reps).toBe(1);
    expect(await stateOf(teacher.user.id, card.id)).toBeUndefined();
    expect((await categoryOf(teacher, category.id)).new_review_cards_len).toBe(1);

    // Taking the answer back takes it out of the student's memory too.
    expect((await student.call('POST', `/api/learning-paths/sessions/${session}/undo/`)).statusCode).toBe(
      200,
    );
    expect(await logsOf(student.user.id)).toEqual([]);
    expect(await stateOf(student.user.id, card.id)).toBeUndefined();
  });
});

describe('taking an answer back', () => {
  const undo = (as: Session, id: string) => as.call('POST', `/api/card/practice-sessions/${id}/undo/`);

  it('drops an answer not folded yet from the log', async () => {
    const learner = await premium();
    const { category, cards } = await deckOf(learner, 1);
    const session = randomUUID();
    await practise(learner, cards[0]!.id, { incorrect_guesses_score: 1, session });
    expect((await undo(learner, session)).statusCode).toBe(200);
    expect(await logsOf(learner.user.id)).toEqual([]);
    expect((await categoryOf(learner, category.id)).new_review_cards_len).toBe(1);
  });

  it('puts a folded state back as it was, and folds the later answers again on top of it', async () => {
    const learner = await premium();
    const { category, cards } = await deckOf(learner, 1);
    const cardId = cards[0]!.id;
    await practise(learner, cardId, { guesses_score: 1 });
    await categoryOf(learner, category.id);
    const first = await stateOf(learner.user.id, cardId);

    const session = randomUUID();
    t.clock.advance(10 * MINUTE);
    await practise(learner, cardId, { incorrect_guesses_score: 1, session });
    await categoryOf(learner, category.id);
    expect((await stateOf(learner.user.id, cardId))?.lapses).toBe(0);
    expect((await stateOf(learner.user.id, cardId))?.reps).toBe(2);

    expect((await undo(learner, session)).statusCode).toBe(200);
    expect(await stateOf(learner.user.id, cardId)).toEqual(first);
    // "I was right": the right answer sent in its place moves the state on from the first answer.
    await practise(learner, cardId, { guesses_score: 1, session });
    await categoryOf(learner, category.id);
    const now = await stateOf(learner.user.id, cardId);
    expect(now?.reps).toBe(2);
    expect(now?.state).toBe(2);
  });

  it('restores the state before the first answer by removing it', async () => {
    const learner = await premium();
    const { category, cards } = await deckOf(learner, 1);
    const session = randomUUID();
    await practise(learner, cards[0]!.id, { guesses_score: 1, session });
    await categoryOf(learner, category.id);
    expect(await stateOf(learner.user.id, cards[0]!.id)).toBeDefined();
    await undo(learner, session);
    expect(await stateOf(learner.user.id, cards[0]!.id)).toBeUndefined();
  });
});

describe('the log as history', () => {
  it("keeps a deleted card's answers and folds the rest", async () => {
    const learner = await premium();
    const { category, cards } = await deckOf(learner, 2);
    await practise(learner, cards[0]!.id, { guesses_score: 1 });
    await practise(learner, cards[1]!.id, { guesses_score: 1 });
    await t.database.db.delete(cardsTable).where(eq(cardsTable.id, cards[0]!.id));
    expect((await categoryOf(learner, category.id)).new_review_cards_len).toBe(0);
    expect((await logsOf(learner.user.id)).map((log) => [log.cardId, log.folded])).toEqual([
      [cards[0]!.id, true],
      [cards[1]!.id, true],
    ]);
  });

  it('is deleted with the account', async () => {
    const learner = await premium();
    const { cards } = await deckOf(learner, 1);
    await practise(learner, cards[0]!.id, { guesses_score: 1 });
    expect((await learner.call('DELETE', '/api/remove-user/')).statusCode).toBe(204);
    const [left] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from review_logs where user_id = ${learner.user.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(left?.n).toBe(0);
  });
});

describe("the weekly fit of a learner's own parameters", () => {
  const model = async (as: Session) => (await as.call('GET', '/api/review/memory-model/')).json();
  /** A simulated learner's history, already folded (its card ids name no card). */
  const seedHistory = (userId: number, logs: ReturnType<typeof simulateLearner>) =>
    t.database.db.insert(reviewLogs).values(
      logs.map((log) => ({
        userId,
        cardId: 1_000_000 + log.cardId,
        grade: log.grade,
        source: 'review' as const,
        reviewedAt: log.reviewedAt,
        folded: true,
      })),
    );

  it('fits a learner with enough reviews, keeps parameters that predict better, and schedules with them', async () => {
    const learner = await premium();
    const beginner = await premium();
    await seedHistory(learner.user.id, simulateLearner(42, 200, 120));
    await seedHistory(beginner.user.id, simulateLearner(7, 40, 60));
    const before = await model(learner);
    expect(before).toMatchObject({
      desired_retention: 0.9,
      min_reviews: 1000,
      own_parameters: false,
      fit: null,
    });
    expect(before.reviews).toBeGreaterThanOrEqual(1000);
    expect((await model(beginner)).reviews).toBeLessThan(1000);

    await t.services.jobs.send('memory.queue-fits', {});
    await t.runJobs();

    const after = await model(learner);
    expect(after.own_parameters).toBe(true);
    expect(after.fit.reviews).toBe(before.reviews);
    // Held-out answers: the fitted parameters predict them better than the defaults.
    expect(after.fit.log_loss).toBeLessThan(after.fit.default_log_loss);
    expect(after.fit.rmse_bins).toBeLessThan(after.fit.default_rmse_bins);
    expect(await model(beginner)).toMatchObject({ own_parameters: false, fit: null });
    // Fitted this week: the next run queues nobody.
    expect(await t.services.memory.queueFits()).toBe(0);

    // The learner's new cards are scheduled by their own parameters from now on.
    const [fitted] = await t.database.db
      .select()
      .from(memoryParameters)
      .where(eq(memoryParameters.userId, learner.user.id));
    const { cards } = await deckOf(learner, 1);
    const now = t.clock.now();
    const easy = await review(learner, cards[0]!.id, { mode: 'verbal', correct: true, seconds: 2 });
    const own = fsrs({ w: fitted!.parameters! }).next(createEmptyCard(now), now, Rating.Easy).card.due;
    const defaults = fsrs().next(createEmptyCard(now), now, Rating.Easy).card.due;
    expect(own.getTime()).not.toBe(defaults.getTime());
    expect(easy.json().due).toBe(own.toISOString());
  });
});
