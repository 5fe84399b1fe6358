import { type Badge, badgeKinds, badgeThresholds, type ScoreField, scoreFields } from '@flashcards/contract';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { CardKind } from '../../db/schema/card-type';
import { type Actor, authorize } from '../../lib/access';
import { conflict, notFound, permissionDenied } from '../../lib/api-error';
import { type Clock, dayIn } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import type { SignedIn } from '../../lib/routes';
import type { MemoryService } from '../memory/memory.service';
import { practicePolicy as policy } from './practice.policy';
import type { ScoreColumn } from './practice.repository';
import * as repo from './practice.repository';

const columns: Record<ScoreField, ScoreColumn> = {
  guesses_score: 'guessesScore',
  incorrect_guesses_score: 'incorrectGuessesScore',
  guesses_score_typing: 'guessesScoreTyping',
  incorrect_guesses_score_typing: 'incorrectGuessesScoreTyping',
};

const fieldOf = (scoreColumn: string) =>
  scoreFields.find((field) => field === scoreColumn) ?? 'guesses_score';

/**
 * The answered card, whether the answer learned it and completed its category, and what is left of the
 * day's free limit after it (null without a limit).
 */
const outcomeOf = ({ card, learned, completedCategory, counted }: repo.Answered, limit: number | null) => ({
  ...card,
  learned,
  completedCategory,
  answersLeftToday: limit === null || counted === null ? null : Math.max(0, limit - counted),
});

/** How long a session's last answer can still be taken back. */
const SESSION_KEPT_MS = 24 * 60 * 60 * 1000;

export const createPracticeService = ({
  db,
  config,
  clock,
  entitlements,
  memory,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  entitlements: Entitlements;
  memory: MemoryService;
}) => {
  const { dailyCardLimit, learnedThreshold } = config.limits;
  const limitOf = (user: Actor) => (entitlements.isPremium(user, clock.now()) ? null : dailyCardLimit);
  /** Today in the account's own time zone: the day its answers count against. */
  const today = (user: Actor) => dayIn(user.timeZone, clock.now());
  const limitReached = () => permissionDenied('daily_limit_exceeded', { limit: dailyCardLimit });
  // Most answers come from premium users: for them an answer is this one statement, the account included.
  const premiumAnswers = Object.fromEntries(
    scoreFields.map((field) => [
      field,
      repo.prepareAnswer(db, columns[field], { activePremiumOnly: entitlements }),
    ]),
  ) as Record<ScoreField, repo.AnswerStatement>;

  return {
    entitlements,
    learnedThreshold,

    /** The account's free daily limit; null without one (a subscription or a trial). */
    dailyLimitOf: limitOf,

    /** What is left of the day's free limit; null without a limit. */
    async answersLeftToday(user: Actor) {
      const limit = limitOf(user);
      if (limit === null) return null;
      return Math.max(0, limit - (await repo.answersOfDay(db, user.id, today(user))));
    },

    async assertMayPractise(user: Actor) {
      const limit = limitOf(user);
      if (limit !== null && (await repo.answersOfDay(db, user.id, today(user))) >= limit)
        throw limitReached();
    },

    /**
     * One answer: the score goes up by exactly one, the day's activity counts it (refused past the free
     * limit), and a card reaching the threshold counts as learned, its category as completed once all are.
     */
    async answer(
      signedIn: SignedIn,
      kind: CardKind,
      cardId: number,
      field: ScoreField,
      session: string | null = null,
    ) {
      const now = clock.now();
      // The day counted is the account's, read by the statement from its row: no request picks it.
      const values = {
        session,
        cardId,
        userId: signedIn.id,
        tokenVersion: signedIn.version,
        kind,
        threshold: learnedThreshold,
        limit: null,
        now,
      };
      const premium = await repo.answer(premiumAnswers[field], values);
      if (premium) return outcomeOf(premium, null);
      // Nothing changed: the account is inactive (401), not premium (the daily limit applies) or not the
      // card's owner (404). Past the limit the statement has already raised the score: its transaction
      // undoes that.
      const user = await signedIn.actor();
      const limit = limitOf(user);
      return db.transaction(async (tx) => {
        const answered = await repo.answer(repo.prepareAnswer(tx, columns[field]), { ...values, limit });
        if (!answered) throw notFound();
        if (answered.counted === null) throw limitReached();
        return outcomeOf(answered, limit);
      });
    },

    /** Takes back the session's last answer, once; another user's or an unknown session is not found. */
    async undo(user: Actor, sessionId: string) {
      return db.transaction(async (tx) => {
        const kept = authorize(user, policy.undo, await repo.lockSessionAnswer(tx, sessionId));
        const { cardId } = kept;
        if (cardId === null) throw conflict('nothing_to_undo');
        const field = fieldOf(kept.scoreColumn);
        await repo.takeBack(tx, { ...kept, cardId }, field.endsWith('_typing') ? 'typing' : 'verbal');
        await memory.forget(tx, kept.userId, kept.logId);
        return { cardId, field };
      });
    },

    /** Forgets sessions answered more than a day ago (the daily job); their last answer stays counted. */
    forgetOldSessions() {
      return repo.forgetSessionsBefore(db, new Date(clock.now().getTime() - SESSION_KEPT_MS));
    },

    /**
     * One answer counted inside the caller's transaction, exactly as `answer` counts it (score, the day's
     * activity, learned and completed, the free daily limit), for callers that write more in the same
     * transaction (spaced review), with what is left of the day's free limit after it (null without a
     * limit). 404 for no such card of the user; 403 past the daily limit. The answer is logged for the
     * learner's memory with the caller's FSRS `grade` (else right is Good, wrong Again), as given `at`
     * (now unless said: an answer kept offline comes with its own time, and counts on its own day).
     */
    async answerWithin(
      tx: Executor,
      user: Actor,
      kind: CardKind,
      cardId: number,
      field: ScoreField,
      { grade, at, source = 'review' }: { grade?: number; at?: Date; source?: 'practice' | 'review' },
    ) {
      const now = at ?? clock.now();
      const limit = limitOf(user);
      const answered = await repo.answer(repo.prepareAnswer(tx, columns[field]), {
        cardId,
        userId: user.id,
        kind,
        threshold: learnedThreshold,
        limit,
        now,
        // These answers have no practice session to take back.
        session: null,
        grade,
        source,
      });
      if (!answered) throw notFound();
      if (answered.counted === null) throw limitReached();
      return { card: answered.card, answersLeftToday: outcomeOf(answered, limit).answersLeftToday };
    },

    async listen(user: Actor, cardId: number) {
      authorize(user, policy.listen, await repo.findCardOwner(db, cardId));
      const card = await repo.incrementListens(db, cardId);
      if (!card) throw notFound();
      return card;
    },

    /**
     * Listens given without the network, in the caller's transaction: each card's count moves by its
     * listens. The caller has checked that the cards are the learner's kids cards.
     */
    async addListensWithin(tx: Executor, cardIds: number[]) {
      const times = new Map<number, number>();
      for (const cardId of cardIds) times.set(cardId, (times.get(cardId) ?? 0) + 1);
      for (const [cardId, count] of [...times].sort(([a], [b]) => a - b))
        await repo.incrementListens(tx, cardId, count);
    },

    /** Earned badges in the order of the spec's list. */
    async badges(user: Actor): Promise<Badge[]> {
      const earned = await repo.badgesOf(db, user.id, badgeThresholds);
      const rank = (badge: { kind: string; threshold: number }) =>
        badgeKinds.indexOf(badge.kind as Badge['kind']) * 10_000 + badge.threshold;
      return earned
        .map((badge) => ({ ...badge, kind: badge.kind as Badge['kind'] }))
        .sort((a, b) => rank(a) - rank(b));
    },

    async activity(user: Actor) {
      const limit = limitOf(user);
      return (await repo.activityOf(db, user.id)).map((row) => ({ ...row, dailyLimit: limit }));
    },
  };
};

export type PracticeService = ReturnType<typeof createPracticeService>;
