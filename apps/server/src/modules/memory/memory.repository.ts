import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { column, rowsOf } from '../../db/rows';
import { cardReviews, memoryParameters, reviewLogs, users } from '../../db/schema';

export type StoredState = Omit<typeof cardReviews.$inferSelect, 'userId' | 'cardId'>;

/**
 * The log row of an answer, as a CTE of the answering module's own statement, so that logging costs the
 * answer no round trip. `answered` selects the answered card's id as `card_id` (no row: nothing logged).
 */
export const answerLog = (
  db: Executor,
  values: { answered: SQL; userId: SQL; grade: SQL; source: SQL; now: SQL },
) =>
  db.$with('logged', { id: reviewLogs.id }).as(sql`
    insert into ${reviewLogs} (user_id, card_id, grade, source, reviewed_at)
    select ${values.userId}, answered.card_id, ${values.grade}, ${values.source}, ${values.now}
    from (${values.answered}) as answered
    returning id`);

/** Folds of one learner wait for each other: the lock's first key names the fold. */
const FOLD_LOCK = 7_301;
export const lockLearner = (tx: Executor, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK}::integer, ${userId}::integer)`);

/** Whether any answer of the learner waits to be folded (the partial index answers it alone). */
export const hasPending = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ id: reviewLogs.id })
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.folded, false)))
    .limit(1);
  return row !== undefined;
};

const stateColumns = z.object({
  due: column.time,
  stability: z.number(),
  difficulty: z.number(),
  elapsed_days: z.number(),
  scheduled_days: z.number(),
  learning_steps: z.number(),
  reps: z.number(),
  lapses: z.number(),
  state: z.number(),
  last_review: column.time.nullable(),
  introduced_on: column.day,
});

const toState = (row: z.infer<typeof stateColumns>): StoredState => ({
  due: new Date(row.due),
  stability: row.stability,
  difficulty: row.difficulty,
  elapsedDays: row.elapsed_days,
  scheduledDays: row.scheduled_days,
  learningSteps: row.learning_steps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.last_review === null ? null : new Date(row.last_review),
  introducedOn: row.introduced_on,
});

const pendingRow = z.object({
  // A bigint: text from node-postgres.
  id: z.coerce.number(),
  card_id: z.number(),
  grade: z.number(),
  reviewed_at: column.time,
  /** The learner's calendar day of the answer. */
  day: column.day,
  card_exists: z.boolean(),
  stored: stateColumns.nullable(),
});

/**
 * The learner's answers not folded yet, card by card in the order they were given (an answer sent later
 * from a device that was offline takes its place by its time), each with its card's
 * stored state (null: new to the learner).
 */
export const pendingLogs = async (tx: Executor, userId: number) =>
  (
    await rowsOf(
      tx,
      sql`select l.id, l.card_id, l.grade::integer as grade, l.reviewed_at,
          (l.reviewed_at at time zone u.time_zone)::date::text as day,
          exists (select 1 from cards c where c.id = l.card_id) as card_exists,
          (select json_build_object('due', r.due, 'stability', r.stability, 'difficulty', r.difficulty,
              'elapsed_days', r.elapsed_days, 'scheduled_days', r.scheduled_days,
              'learning_steps', r.learning_steps, 'reps', r.reps, 'lapses', r.lapses, 'state', r.state,
              'last_review', r.last_review, 'introduced_on', r.introduced_on::text)
            from card_reviews r where r.user_id = l.user_id and r.card_id = l.card_id) as stored
        from review_logs l join users u on u.id = l.user_id
        where l.user_id = ${userId} and not l.folded
        order by l.card_id, l.reviewed_at, l.id`,
      pendingRow,
    )
  ).map((row) => ({
    id: row.id,
    cardId: row.card_id,
    grade: row.grade,
    reviewedAt: new Date(row.reviewed_at),
    day: row.day,
    cardExists: row.card_exists,
    stored: row.stored && toState(row.stored),
  }));

const asJson = (state: StoredState) => ({
  due: state.due.toISOString(),
  stability: state.stability,
  difficulty: state.difficulty,
  elapsed_days: state.elapsedDays,
  scheduled_days: state.scheduledDays,
  learning_steps: state.learningSteps,
  reps: state.reps,
  lapses: state.lapses,
  state: state.state,
  last_review: state.lastReview?.toISOString() ?? null,
  introduced_on: state.introducedOn,
});

/** Stores the learner's new states, one statement for all the cards. */
export const saveStates = (tx: Executor, userId: number, states: { cardId: number; state: StoredState }[]) =>
  tx.execute(sql`
    insert into card_reviews (user_id, card_id, due, stability, difficulty, elapsed_days, scheduled_days,
      learning_steps, reps, lapses, state, last_review, introduced_on)
    select ${userId}::integer, x.card_id, x.due, x.stability, x.difficulty, x.elapsed_days, x.scheduled_days,
      x.learning_steps, x.reps, x.lapses, x.state, x.last_review, x.introduced_on
    from jsonb_to_recordset(${JSON.stringify(states.map(({ cardId, state }) => ({ card_id: cardId, ...asJson(state) })))}::jsonb)
      as x(card_id integer, due timestamptz, stability double precision, difficulty double precision,
        elapsed_days integer, scheduled_days integer, learning_steps integer, reps integer, lapses integer,
        state smallint, last_review timestamptz, introduced_on date)
    on conflict (user_id, card_id) do update set due = excluded.due, stability = excluded.stability,
      difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
      scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps,
      reps = excluded.reps, lapses = excluded.lapses, state = excluded.state,
      last_review = excluded.last_review`);

/** Marks the learner's answers folded, each with the state its card had before it (null: new). */
export const markFolded = (
  tx: Executor,
  userId: number,
  logs: { id: number; before: StoredState | null }[],
) =>
  tx.execute(sql`
    update review_logs l set folded = true, before = x.before
    from jsonb_to_recordset(${JSON.stringify(logs.map(({ id, before }) => ({ id, before: before && asJson(before) })))}::jsonb)
      as x(id bigint, before jsonb)
    where l.user_id = ${userId} and l.id = x.id`);

const loggedRow = z.object({
  user_id: z.number(),
  card_id: z.number(),
  reviewed_at: column.time,
  folded: z.boolean(),
  before: stateColumns.nullable(),
});

/** One logged answer of the learner, or nothing. */
export const findLog = async (tx: Executor, userId: number, id: number) => {
  const [row] = await rowsOf(
    tx,
    sql`select user_id, card_id, reviewed_at, folded, before from review_logs
      where user_id = ${userId} and id = ${id}`,
    loggedRow,
  );
  return (
    row && {
      userId: row.user_id,
      cardId: row.card_id,
      reviewedAt: new Date(row.reviewed_at),
      folded: row.folded,
      before: row.before && toState(row.before),
    }
  );
};

/**
 * Takes an answer out of the log. When the state held it, the card's state goes back to what it was
 * before it, and the card's later answers wait to be folded again on top of that.
 */
export const removeLog = async (
  tx: Executor,
  id: number,
  log: NonNullable<Awaited<ReturnType<typeof findLog>>>,
) => {
  if (log.folded) {
    const card = and(eq(cardReviews.userId, log.userId), eq(cardReviews.cardId, log.cardId));
    if (log.before) await saveStates(tx, log.userId, [{ cardId: log.cardId, state: log.before }]);
    else await tx.delete(cardReviews).where(card);
    await tx
      .update(reviewLogs)
      .set({ folded: false, before: null })
      .where(
        and(
          eq(reviewLogs.userId, log.userId),
          eq(reviewLogs.cardId, log.cardId),
          // Later in the fold's order: by time, then by id.
          sql`(${reviewLogs.reviewedAt}, ${reviewLogs.id}) > (${log.reviewedAt.toISOString()}::timestamptz, ${id}::bigint)`,
        ),
      );
  }
  await tx.delete(reviewLogs).where(and(eq(reviewLogs.userId, log.userId), eq(reviewLogs.id, id)));
};

/**
 * Makes room for answers given earlier than ones already folded (a device that was offline sends them
 * late): each card's state goes back to what it was before its first folded answer after `at`, and that
 * answer and the later ones wait to be folded again, after the new ones.
 */
export const rewind = async (tx: Executor, userId: number, from: { cardId: number; at: Date }[]) => {
  if (from.length === 0) return;
  const targets = JSON.stringify(from.map(({ cardId, at }) => ({ card_id: cardId, at: at.toISOString() })));
  const firsts = await rowsOf(
    tx,
    sql`select distinct on (l.card_id) l.card_id, l.before
      from review_logs l
      join jsonb_to_recordset(${targets}::jsonb) as t(card_id integer, at timestamptz) on t.card_id = l.card_id
      where l.user_id = ${userId} and l.folded and l.reviewed_at > t.at
      order by l.card_id, l.reviewed_at, l.id`,
    z.object({ card_id: z.number(), before: stateColumns.nullable() }),
  );
  if (firsts.length === 0) return;
  const restored = firsts.flatMap((row) =>
    row.before ? [{ cardId: row.card_id, state: toState(row.before) }] : [],
  );
  if (restored.length > 0) await saveStates(tx, userId, restored);
  const fresh = firsts.filter((row) => !row.before).map((row) => row.card_id);
  if (fresh.length > 0)
    await tx.execute(
      sql`delete from card_reviews where user_id = ${userId} and card_id = any(${`{${fresh.join(',')}}`}::integer[])`,
    );
  await tx.execute(sql`
    update review_logs l set folded = false, before = null
    from jsonb_to_recordset(${targets}::jsonb) as t(card_id integer, at timestamptz)
    where l.user_id = ${userId} and l.card_id = t.card_id and l.folded and l.reviewed_at > t.at`);
};

/** The learner's state of one card, or nothing (new). */
export const stateOf = async (db: Executor, userId: number, cardId: number) => {
  const [row] = await db
    .select()
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), eq(cardReviews.cardId, cardId)));
  return row;
};

/** Deletes a learner's whole log (the account is being deleted). */
export const deleteLogsOf = (tx: Executor, userId: number) =>
  tx.delete(reviewLogs).where(eq(reviewLogs.userId, userId));

/** The learner's own FSRS weights, when fitted and better than the defaults. */
export const parametersOf = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ parameters: memoryParameters.parameters })
    .from(memoryParameters)
    .where(eq(memoryParameters.userId, userId));
  return row?.parameters ?? null;
};

/**
 * Learners with at least `minReviews` answers whose parameters were not fitted since `since`. One pass
 * over the log, once a week.
 */
export const learnersToFit = async (db: Executor, minReviews: number, since: Date) =>
  (
    await rowsOf(
      db,
      sql`select l.user_id from review_logs l
        where not exists (select 1 from memory_parameters p where p.user_id = l.user_id and p.fitted_at >= ${since})
        group by l.user_id having count(*) >= ${minReviews}
        order by l.user_id`,
      z.object({ user_id: z.number() }),
    )
  ).map((row) => row.user_id);

/** The learner's whole log, oldest first, and their time zone. */
export const historyOf = async (db: Executor, userId: number) => {
  const [account] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  if (!account) return undefined;
  const logs = await db
    .select({ cardId: reviewLogs.cardId, grade: reviewLogs.grade, reviewedAt: reviewLogs.reviewedAt })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
  return { timeZone: account.timeZone, logs };
};

export type ParametersRow = typeof memoryParameters.$inferInsert;

export const saveParameters = (db: Executor, row: ParametersRow) => {
  const { userId: _userId, ...changes } = row;
  return db
    .insert(memoryParameters)
    .values(row)
    .onConflictDoUpdate({ target: memoryParameters.userId, set: changes });
};

/**
 * The learner's reviews FSRS learns from (each card's answers on a later calendar day of the learner than
 * its previous answer: the card's days less its first) and their last fit.
 */
export const modelOf = async (db: Executor, userId: number) => {
  const [[reviews], [fit]] = await Promise.all([
    rowsOf(
      db,
      sql`select (count(distinct (l.card_id, (l.reviewed_at at time zone u.time_zone)::date))
          - count(distinct l.card_id))::int as total
        from review_logs l join users u on u.id = l.user_id where l.user_id = ${userId}`,
      z.object({ total: z.number() }),
    ),
    db.select().from(memoryParameters).where(eq(memoryParameters.userId, userId)),
  ]);
  return { reviews: reviews?.total ?? 0, fit };
};
