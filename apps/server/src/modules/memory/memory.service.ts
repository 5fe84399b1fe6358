import { MEMORY_MIN_REVIEWS } from '@flashcards/contract';
import { createEmptyCard, type Card as FsrsCard, fsrs, type Grade, type State } from 'ts-fsrs';
import type { Database, Executor } from '../../db/client';
import { type Clock, DAY } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { fitLearnerJob } from './memory.jobs';
import * as repo from './memory.repository';
import { fitParameters } from './memory-optimizer';

/** A learner's parameters are fitted again after this long (the job runs weekly; a day's slack). */
const FIT_EVERY_MS = 6 * DAY;

/** The recall FSRS schedules for: a card is next due when the chance of recalling it falls to this. */
export const DESIRED_RETENTION = 0.9;

/**
 * FSRS with the library's defaults but for the weights when the learner has their own: FSRS-6 default
 * weights, desired retention 0.9, learning steps 1 and 10 minutes, relearning step 10 minutes, no fuzz (the
 * same answers give the same dates).
 */
const defaultScheduler = fsrs({ request_retention: DESIRED_RETENTION });
const schedulerWith = (weights: number[] | null) =>
  weights ? fsrs({ request_retention: DESIRED_RETENTION, w: weights }) : defaultScheduler;
type Scheduler = typeof defaultScheduler;

/** FSRS's grades (ts-fsrs's Rating): what an answer logs. */
export const grades = { again: 1, hard: 2, good: 3, easy: 4 } as const;

export type MemoryState = repo.StoredState;

/**
 * The log row of an answer, as a CTE of the answering module's own statement (practice, paths), so that
 * logging costs the answer no round trip.
 */
export const answerLog = repo.answerLog;

const toFsrs = (state: MemoryState): FsrsCard => ({
  due: state.due,
  stability: state.stability,
  difficulty: state.difficulty,
  elapsed_days: state.elapsedDays,
  scheduled_days: state.scheduledDays,
  learning_steps: state.learningSteps,
  reps: state.reps,
  lapses: state.lapses,
  state: state.state as State,
  last_review: state.lastReview ?? undefined,
});

/** The state after one more answer of `grade` at `at`. */
const next = (
  scheduler: Scheduler,
  state: MemoryState | null,
  grade: number,
  at: Date,
  day: string,
): MemoryState => {
  // Answers of one card reach the fold in the order they were logged; one logged a moment after a later
  // one (two paths over the same card at once) counts as given with it, never before it.
  const when = state?.lastReview && state.lastReview > at ? state.lastReview : at;
  const card = scheduler.next(state ? toFsrs(state) : createEmptyCard(when), when, grade as Grade).card;
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? when,
    introducedOn: state?.introducedOn ?? day,
  };
};

/**
 * One memory per learner and card, moved by every answer in any mode (docs/design.md, "One memory
 * model"). An answer's own statement appends it to the log (`answerLog`); the learner's states are
 * folded from the log when they are read.
 */
export const createMemoryService = ({ db, clock, jobs }: { db: Database; clock: Clock; jobs: JobQueue }) => {
  /**
   * Folds the learner's waiting answers into their states, in `tx` or else in a transaction of its own
   * when any wait (one statement when none do).
   */
  const fold = async (userId: number, tx?: Executor): Promise<void> => {
    if (!tx) {
      if (await repo.hasPending(db, userId)) await db.transaction((own) => fold(userId, own));
      return;
    }
    await repo.lockLearner(tx, userId);
    const pending = await repo.pendingLogs(tx, userId);
    if (pending.length === 0) return;
    const scheduler = schedulerWith(await repo.parametersOf(tx, userId));
    const states = new Map<number, MemoryState | null>();
    const folded: { id: number; before: MemoryState | null }[] = [];
    for (const log of pending) {
      // A deleted card's answers stay history; there is no state to move.
      if (!log.cardExists) {
        folded.push({ id: log.id, before: null });
        continue;
      }
      const before = states.has(log.cardId) ? (states.get(log.cardId) ?? null) : log.stored;
      folded.push({ id: log.id, before });
      states.set(log.cardId, next(scheduler, before, log.grade, log.reviewedAt, log.day));
    }
    const moved = [...states].flatMap(([cardId, state]) => (state ? [{ cardId, state }] : []));
    if (moved.length > 0) await repo.saveStates(tx, userId, moved);
    await repo.markFolded(tx, userId, folded);
  };

  return {
    fold,

    /** The learner's state of a card after folding what waits (null: new to them), inside `tx`. */
    async stateAfterFold(tx: Executor, userId: number, cardId: number) {
      await fold(userId, tx);
      return (await repo.stateOf(tx, userId, cardId)) ?? null;
    },

    /**
     * Makes room for answers given before ones already folded (sent late by a device that was offline),
     * inside the caller's transaction and under the fold's lock: `from` is each card's earliest such time.
     */
    async rewind(tx: Executor, userId: number, from: { cardId: number; at: Date }[]) {
      await repo.lockLearner(tx, userId);
      await repo.rewind(tx, userId, from);
    },

    /** Takes the learner's logged answer back (undo), inside the caller's transaction. */
    async forget(tx: Executor, userId: number, logId: number | null) {
      if (logId === null) return;
      await repo.lockLearner(tx, userId);
      // Read under the lock: a fold may have just folded it.
      const log = await repo.findLog(tx, userId, logId);
      if (log) await repo.removeLog(tx, logId, log);
    },

    /** Deletes the learner's log, inside the account's deletion. */
    forgetLearner: (tx: Executor, userId: number) => repo.deleteLogsOf(tx, userId),

    /**
     * The weekly fit: one job per learner with enough answers not fitted in the last six days, so that a
     * worker stopped midway leaves only the learners not done yet, and several workers share them.
     */
    async queueFits() {
      const since = new Date(clock.now().getTime() - FIT_EVERY_MS);
      const learners = await repo.learnersToFit(db, MEMORY_MIN_REVIEWS, since);
      for (const userId of learners)
        await jobs.send(fitLearnerJob, { userId }, { singletonKey: `memory-fit-${userId}` });
      return learners.length;
    },

    /**
     * Fits FSRS's parameters to the learner's answers and keeps them when they predict the answers held
     * out of the fit better than the defaults do; the figures are kept either way, for the profile.
     */
    async fitLearner(userId: number) {
      const history = await repo.historyOf(db, userId);
      if (!history) return null;
      const fit = await fitParameters(
        history.logs.map((log) => ({ ...log, grade: log.grade as 1 | 2 | 3 | 4 })),
        history.timeZone,
      );
      // Not enough answers on later days than their card's previous one: the defaults go on.
      if (!fit) return null;
      const better = fit.logLoss < fit.defaultLogLoss;
      const row = {
        userId,
        parameters: better ? fit.parameters : null,
        reviews: fit.reviews,
        logLoss: fit.logLoss,
        rmseBins: fit.rmseBins,
        defaultLogLoss: fit.defaultLogLoss,
        defaultRmseBins: fit.defaultRmseBins,
        fittedAt: clock.now(),
      };
      await repo.saveParameters(db, row);
      return row;
    },

    /** The learner's memory model as the profile shows it. */
    async model(userId: number) {
      const { reviews, fit } = await repo.modelOf(db, userId);
      return {
        desiredRetention: DESIRED_RETENTION,
        reviews,
        minReviews: MEMORY_MIN_REVIEWS,
        fit: fit ?? null,
      };
    },
  };
};

export type MemoryService = ReturnType<typeof createMemoryService>;
