import { type Badge, badgeKinds, badgeThresholds, type ScoreField } from '@flashcards/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound, permissionDenied } from '../../lib/api-error';
import type { User } from '../../plugins/auth';
import type { CardKind } from '../categories/categories.repository';
import type { ScoreColumn } from './practice.repository';
import * as repo from './practice.repository';

const columns: Record<ScoreField, ScoreColumn> = {
  guesses_score: 'guessesScore',
  incorrect_guesses_score: 'incorrectGuessesScore',
  guesses_score_typing: 'guessesScoreTyping',
  incorrect_guesses_score_typing: 'incorrectGuessesScoreTyping',
};

/** Premium while a subscription or the trial lasts: no daily limit. */
export const isPremium = (user: User, now = new Date()) =>
  [user.subscriptionEndDate, user.annualSubscriptionEndDate, user.trialEndDate].some(
    (end) => end && end > now,
  );

/** The calendar day (YYYY-MM-DD) in an IANA time zone; UTC when the zone is missing or unknown. */
export const dayIn = (timeZone: string | undefined, now = new Date()) => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(now);
  }
};

export const createPracticeService = ({ db, config }: { db: Database; config: Config }) => {
  const { dailyCardLimit, learnedThreshold } = config.limits;
  const limitOf = (user: User) => (isPremium(user) ? null : dailyCardLimit);
  const limitReached = () => permissionDenied('daily_limit_exceeded', { limit: dailyCardLimit });

  return {
    learnedThreshold,

    /** Deck calls stop once a free user has given the day's last allowed answer. */
    async assertMayPractise(user: User, timeZone: string | undefined) {
      const limit = limitOf(user);
      if (limit !== null && (await repo.answersOfDay(db, user.id, dayIn(timeZone))) >= limit)
        throw limitReached();
    },

    /**
     * One answer: the score goes up by exactly one, the day's activity counts it (refused past the free
     * limit), and a card reaching the threshold counts as learned, its category as completed once all are.
     */
    async answer(
      user: User,
      kind: CardKind,
      cardId: number,
      field: ScoreField,
      timeZone: string | undefined,
    ) {
      const column = columns[field];
      const mode = field.endsWith('_typing') ? 'typing' : 'verbal';
      const correct = !field.startsWith('incorrect');
      const day = dayIn(timeZone);
      return db.transaction(async (tx) => {
        const card = await repo.incrementScore(tx, { cardId, userId: user.id, kind }, column);
        if (!card) throw notFound();
        const learned = correct && card[column] === learnedThreshold;
        const counted = await repo.countAnswer(
          tx,
          {
            userId: user.id,
            day,
            learnedVerbal: learned && mode === 'verbal' ? 1 : 0,
            learnedTyping: learned && mode === 'typing' ? 1 : 0,
          },
          limitOf(user),
        );
        if (!counted) throw limitReached();
        if (
          learned &&
          (await repo.unlearnedCount(tx, card.categoryId, column, learnedThreshold)) === 0 &&
          (await repo.recordCompletion(tx, card.categoryId, mode))
        ) {
          await repo.addCompletion(tx, user.id, day, mode);
        }
        return card;
      });
    },

    async listen(user: User, cardId: number) {
      const card = await repo.incrementListens(db, { cardId, userId: user.id });
      if (!card) throw notFound();
      return card;
    },

    /** Earned badges in the order of the spec's list. */
    async badges(user: User): Promise<Badge[]> {
      const earned = await repo.badgesOf(db, user.id, badgeThresholds);
      const rank = (badge: { kind: string; threshold: number }) =>
        badgeKinds.indexOf(badge.kind as Badge['kind']) * 10_000 + badge.threshold;
      return earned
        .map((badge) => ({ ...badge, kind: badge.kind as Badge['kind'] }))
        .sort((a, b) => rank(a) - rank(b));
    },

    async activity(user: User) {
      const limit = limitOf(user);
      return (await repo.activityOf(db, user.id)).map((row) => ({ ...row, dailyLimit: limit }));
    },
  };
};

export type PracticeService = ReturnType<typeof createPracticeService>;
