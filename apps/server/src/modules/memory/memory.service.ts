import { createEmptyCard, type Card as FsrsCard, fsrs, type Grade, type State } from 'ts-fsrs';
import type { Database, Executor } from '../../db/client';
import * as repo from './memory.repository';

/**
 * FSRS with the library's defaults: FSRS-6 default weights, desired retention 0.9, learning steps 1 and
 * 10 minutes, relearning step 10 minutes, no fuzz (the same answers give the same dates).
 */
const scheduler = fsrs();

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
const next = (state: MemoryState | null, grade: number, at: Date, day: string): MemoryState => {
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
export const createMemoryService = ({ db }: { db: Database }) => {
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
      states.set(log.cardId, next(before, log.grade, log.reviewedAt, log.day));
    }
    const moved = [...states].flatMap(([cardId, state]) => (state ? [{ cardId, state }] : []));
    if (moved.length > 0) await repo.saveStates(tx, userId, moved);
    await repo.markFolded(tx, folded);
  };

  return {
    fold,

    /** The learner's state of a card after folding what waits (null: new to them), inside `tx`. */
    async stateAfterFold(tx: Executor, userId: number, cardId: number) {
      await fold(userId, tx);
      return (await repo.stateOf(tx, userId, cardId)) ?? null;
    },

    /** Takes a logged answer back (undo), inside the caller's transaction. */
    async forget(tx: Executor, logId: number | null) {
      if (logId === null) return;
      const log = await repo.findLog(tx, logId);
      if (!log) return;
      await repo.lockLearner(tx, log.userId);
      // Read again under the lock: a fold may have just folded it.
      const locked = await repo.findLog(tx, logId);
      if (locked) await repo.removeLog(tx, logId, locked);
    },

    /** Deletes the learner's log, inside the account's deletion. */
    forgetLearner: (tx: Executor, userId: number) => repo.deleteLogsOf(tx, userId),
  };
};

export type MemoryService = ReturnType<typeof createMemoryService>;
