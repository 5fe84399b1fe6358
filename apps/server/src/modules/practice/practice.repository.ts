import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  cards,
  categories,
  categoryCompletions,
  practiceSessionAnswers,
  userActivity,
  users,
} from '../../db/schema';
import type { CardKind } from '../../db/schema/card-type';
import type { Entitlements } from '../../lib/entitlements';
import { answerLog } from '../memory/memory.service';

export type ScoreColumn =
  | 'guessesScore'
  | 'incorrectGuessesScore'
  | 'guessesScoreTyping'
  | 'incorrectGuessesScoreTyping';

const cardColumns = getTableColumns(cards);
type CardColumn = keyof typeof cardColumns;

/**
 * One answer in one statement, so that concurrent answers are all counted and nothing is half done:
 * the score of the user's own card of the kind goes up by one; the day's activity counts the answer, the
 * card when it has just reached the learned threshold, and its category when that was its last card
 * still to learn in the mode (recorded once). With a limit, the day's count only goes up below it.
 * No row: no such card. `counted` null: the limit was reached; the caller runs this in a transaction
 * and rolls it back. `activePremiumOnly` (the premium rule): no row either unless the user is active and
 * premium by it, so that such a
 * user's answer needs nothing else. Prepared: built and planned once per connection, not per answer.
 */
export const answerQuery = (
  db: Executor,
  column: ScoreColumn,
  { activePremiumOnly }: { activePremiumOnly?: Entitlements } = {},
) => {
  const score = sql.identifier(cards[column].name);
  const typing = column.endsWith('Typing');
  const correct = !column.startsWith('incorrect');
  const learnedCards = sql.identifier(
    (typing ? userActivity.learnedCardsTyping : userActivity.learnedCardsVerbal).name,
  );
  const completedCategories = sql.identifier(
    (typing ? userActivity.completedCategoriesTyping : userActivity.completedCategoriesVerbal).name,
  );
  const userId = sql`${sql.placeholder('userId')}::integer`;
  const tokenVersion = sql`${sql.placeholder('tokenVersion')}::integer`;
  const threshold = sql`${sql.placeholder('threshold')}::integer`;
  const limit = sql`${sql.placeholder('limit')}::integer`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;

  // The calendar day the answer counts against: today in the account's own time zone, from its row.
  const today = db.$with('today', { day: userActivity.day }).as(sql`
    select (${now} at time zone ${users.timeZone})::date as day from ${users} where ${users.id} = ${userId}`);
  // Badges reward studying, not tapping: an answer counts toward them (studied) when the card's last
  // counted answer is a minute old or more. The SET sees the row as locked, so answers to one card at once
  // never both count; RETURNING sees the new values, hence the flag.
  const studiedNow = sql`(${cards.countedAt} is null or ${cards.countedAt} <= ${now} - interval '1 minute')`;
  const card = db.$with('card', cardColumns).as(sql`
    update ${cards} set ${score} = ${cards}.${score} + 1, updated_at = greatest(${cards}.updated_at, ${now}),
      last_answer_counted = ${studiedNow},
      counted_at = case when ${studiedNow} then ${now} else ${cards.countedAt} end
    from ${categories}
    where ${cards.id} = ${sql.placeholder('cardId')}::integer and ${categories.id} = ${cards.categoryId}
      and ${categories.userId} = ${userId} and ${categories.typeOfCards} = ${sql.placeholder('kind')}
      ${activePremiumOnly ? sql`and ${activePremiumOnly.isActivePremiumAccount(userId, tokenVersion, now)}` : sql``}
    returning ${cards}.*`);
  const learned = db
    .$with('learned', { id: cards.id, categoryId: cards.categoryId })
    .as(sql`select id, category_id from card where ${correct ? sql`${score} = ${threshold}` : sql`false`}`);
  // The statement sees the other cards as they were before it: none of them may be left to learn.
  const completed = db.$with('completed', { categoryId: categoryCompletions.categoryId }).as(sql`
    insert into ${categoryCompletions} (category_id, mode)
    select category_id, ${sql.raw(`'${typing ? 'typing' : 'verbal'}'::practice_mode`)} from learned
    where not exists (
      select 1 from ${cards} as other
      where other.category_id = learned.category_id and other.id <> learned.id and other.${score} < ${threshold})
    on conflict do nothing
    returning category_id`);
  const counted = db.$with('counted', { cardRequests: userActivity.cardRequests }).as(sql`
    insert into ${userActivity} as activity
      (user_id, day, card_requests, studied_cards, ${learnedCards}, ${completedCategories})
    select ${userId}, (select day from today), 1, card.last_answer_counted::integer,
      (select count(*) from learned)::integer, (select count(*) from completed)::integer
    from card
    on conflict (user_id, day) do update set
      card_requests = activity.card_requests + 1,
      studied_cards = activity.studied_cards + excluded.studied_cards,
      ${learnedCards} = activity.${learnedCards} + excluded.${learnedCards},
      ${completedCategories} = activity.${completedCategories} + excluded.${completedCategories}
    where ${limit} is null or activity.card_requests < ${limit}
    returning activity.card_requests`);

  // The learner's memory of the card moves with every answer: logged here, folded when it is read. A
  // right answer is Good and a wrong one Again unless the caller grades it (review, by the time taken).
  const logged = answerLog(db, {
    answered: sql`select id as card_id from card`,
    userId,
    grade: sql`coalesce(${sql.placeholder('grade')}::smallint, ${sql.raw(correct ? '3' : '1')}::smallint)`,
    source: sql`${sql.placeholder('source')}::review_source`,
    now,
  });

  // The session's last answer, kept so that it can be taken back (only with a session; never over another
  // user's session of the same name). Part of the statement: no extra round trip per answer.
  const session = sql`${sql.placeholder('session')}::uuid`;
  const remembered = db.$with('remembered', { sessionId: practiceSessionAnswers.sessionId }).as(sql`
    insert into ${practiceSessionAnswers} as last
      (session_id, user_id, card_id, score_column, day, learned, completed_category, studied, log_id,
        answered_at)
    select ${session}, ${userId}, card.id, ${sql.raw(`'${cards[column].name}'`)}, (select day from today),
      exists (select 1 from learned), exists (select 1 from completed), card.last_answer_counted,
      (select id from logged), ${now}
    from card
    where ${session} is not null
    on conflict (session_id) do update set
      card_id = excluded.card_id, score_column = excluded.score_column, day = excluded.day,
      learned = excluded.learned, completed_category = excluded.completed_category,
      studied = excluded.studied, log_id = excluded.log_id, answered_at = excluded.answered_at
    where last.user_id = excluded.user_id
    returning session_id`);

  const fields = Object.fromEntries(
    (Object.keys(cardColumns) as CardColumn[]).map((key) => [key, card[key]]),
  ) as { [K in CardColumn]: (typeof card)[K] };
  return db
    .with(today, card, learned, completed, counted, logged, remembered)
    .select({
      ...fields,
      counted: sql<number | null>`(select card_requests from counted)`,
      learned: sql<boolean>`exists (select 1 from learned)`,
      completedCategory: sql<boolean>`exists (select 1 from completed)`,
    })
    .from(card);
};

/** The name an answer statement is prepared under on each connection. */
export const answerStatementName = (
  column: ScoreColumn,
  { activePremiumOnly }: { activePremiumOnly?: Entitlements } = {},
) => `answer_${column}${activePremiumOnly ? '_premium' : ''}`;

export const prepareAnswer = (
  db: Executor,
  column: ScoreColumn,
  options: { activePremiumOnly?: Entitlements } = {},
) => answerQuery(db, column, options).prepare(answerStatementName(column, options));

export type AnswerStatement = ReturnType<typeof prepareAnswer>;

export const answer = async (
  statement: AnswerStatement,
  values: {
    cardId: number;
    userId: number;
    kind: CardKind;
    threshold: number;
    limit: number | null;
    now: Date;
    /** The practice session the answer belongs to, if the client named one. */
    session: string | null;
    /** The token's version, checked by the statement that checks the account itself. */
    tokenVersion?: number;
    /** The FSRS grade when the caller grades the answer (review); else right is Good, wrong Again. */
    grade?: number;
    source?: 'practice' | 'review';
  },
) => {
  const [row] = await statement.execute({
    ...values,
    tokenVersion: values.tokenVersion ?? null,
    grade: values.grade ?? null,
    source: values.source ?? 'practice',
    now: values.now.toISOString(),
  });
  if (!row) return undefined;
  const { counted, learned, completedCategory, ...card } = row;
  return { card, counted, learned, completedCategory };
};

export type Answered = NonNullable<Awaited<ReturnType<typeof answer>>>;

/** The session's last answer as kept, with its user (locked until the transaction ends). */
export const lockSessionAnswer = async (db: Executor, sessionId: string) => {
  const [row] = await db
    .select()
    .from(practiceSessionAnswers)
    .where(eq(practiceSessionAnswers.sessionId, sessionId))
    .for('update');
  return row;
};

/**
 * Takes a kept answer back: its score, and what it added to its day, down by one (never below zero); the
 * category's completion removed when the answer made it; nothing left to undo in the session.
 */
export const takeBack = async (
  db: Executor,
  kept: typeof practiceSessionAnswers.$inferSelect & { cardId: number },
  mode: 'verbal' | 'typing',
) => {
  const score = sql.identifier(kept.scoreColumn);
  // An answer taken back that counted toward the badges leaves the card free to count again at once.
  const [card] = await db
    .update(cards)
    .set({
      [scoreKeyOf(kept.scoreColumn)]: sql`greatest(${score} - 1, 0)`,
      ...(kept.studied && { countedAt: null, lastAnswerCounted: false }),
    })
    .where(eq(cards.id, kept.cardId))
    .returning({ categoryId: cards.categoryId });
  const learnedColumn = mode === 'typing' ? userActivity.learnedCardsTyping : userActivity.learnedCardsVerbal;
  const completedColumn =
    mode === 'typing' ? userActivity.completedCategoriesTyping : userActivity.completedCategoriesVerbal;
  await db
    .update(userActivity)
    .set({
      cardRequests: sql`greatest(${userActivity.cardRequests} - 1, 0)`,
      ...(kept.studied && { studiedCards: sql`greatest(${userActivity.studiedCards} - 1, 0)` }),
      ...(kept.learned && { [learnedKeyOf(mode)]: sql`greatest(${learnedColumn} - 1, 0)` }),
      ...(kept.completedCategory && { [completedKeyOf(mode)]: sql`greatest(${completedColumn} - 1, 0)` }),
    })
    .where(and(eq(userActivity.userId, kept.userId), eq(userActivity.day, kept.day)));
  if (kept.completedCategory && card)
    await db
      .delete(categoryCompletions)
      .where(and(eq(categoryCompletions.categoryId, card.categoryId), eq(categoryCompletions.mode, mode)));
  await db
    .update(practiceSessionAnswers)
    .set({ cardId: null })
    .where(eq(practiceSessionAnswers.sessionId, kept.sessionId));
};

/** Forgets the sessions whose last answer is older than `before`; they can no longer be taken back. */
export const forgetSessionsBefore = async (db: Executor, before: Date) => {
  const forgotten = await db
    .delete(practiceSessionAnswers)
    .where(lt(practiceSessionAnswers.answeredAt, before))
    .returning({ sessionId: practiceSessionAnswers.sessionId });
  return forgotten.length;
};

const scoreKeyOf = (name: string): ScoreColumn =>
  (Object.keys(cardColumns) as CardColumn[]).find((key) => cardColumns[key].name === name) as ScoreColumn;
const learnedKeyOf = (mode: 'verbal' | 'typing') =>
  mode === 'typing' ? 'learnedCardsTyping' : 'learnedCardsVerbal';
const completedKeyOf = (mode: 'verbal' | 'typing') =>
  mode === 'typing' ? 'completedCategoriesTyping' : 'completedCategoriesVerbal';

/** The card's owner and kind, or nothing. */
export const findCardOwner = async (db: Executor, cardId: number) => {
  const [row] = await db
    .select({ userId: categories.userId, typeOfCards: categories.typeOfCards })
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(eq(cards.id, cardId));
  return row;
};

export const incrementListens = async (db: Executor, cardId: number, times = 1) => {
  const [row] = await db
    .update(cards)
    .set({ listenCounts: sql`${cards.listenCounts} + ${times}` })
    .where(eq(cards.id, cardId))
    .returning();
  return row;
};

export const answersOfDay = async (db: Executor, userId: number, day: string) => {
  const [row] = await db
    .select({ cardRequests: userActivity.cardRequests })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.day, day)));
  return row?.cardRequests ?? 0;
};

export const activityOf = (db: Executor, userId: number) =>
  db
    .select()
    .from(userActivity)
    .where(eq(userActivity.userId, userId))
    .orderBy(desc(userActivity.day))
    .limit(366);

const badgeMeasures = {
  // Studied cards, not answers: tapping through a small deck does not earn "100 a day".
  cards_per_day: userActivity.studiedCards,
  learned_verbal: userActivity.learnedCardsVerbal,
  learned_typing: userActivity.learnedCardsTyping,
  completed_category_verbal: userActivity.completedCategoriesVerbal,
  completed_category_typing: userActivity.completedCategoriesTyping,
} as const;

/**
 * Every badge the user's days reach, with the first such day and the number of such days: one
 * statement, the activity joined to the list of (kind, threshold) pairs.
 */
export const badgesOf = async (
  db: Executor,
  userId: number,
  thresholds: Record<keyof typeof badgeMeasures, readonly number[]>,
) => {
  const kinds = Object.keys(badgeMeasures) as (keyof typeof badgeMeasures)[];
  const pairs = kinds.flatMap((kind) =>
    thresholds[kind].map((threshold) => sql`(${kind}, ${threshold}::integer)`),
  );
  const measure = sql.join(
    kinds.map((kind) => sql`when ${kind} then ${badgeMeasures[kind]}`),
    sql` `,
  );
  return rowsOf(
    db,
    sql`
    select badge.kind, badge.threshold, min(${userActivity.day})::text as earned_on, count(*)::integer as times
    from ${userActivity}
    join (values ${sql.join(pairs, sql`, `)}) as badge(kind, threshold)
      on (case badge.kind::text ${measure} end) >= badge.threshold
    where ${userActivity.userId} = ${userId}
    group by badge.kind, badge.threshold`,
    z.object({ kind: z.string(), threshold: z.number(), earned_on: z.string(), times: z.number() }),
  );
};
