import {
  REVIEW_NEW_CARDS_PER_DAY,
  REVIEW_SESSION_MAX_CARDS,
  type ReviewAnswerBody,
  scoreFieldOf,
} from '@flashcards/contract';
import { createEmptyCard, type Card as FsrsCard, fsrs, type Grade, State } from 'ts-fsrs';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { type Clock, dayIn } from '../../lib/clock';
import type { PracticeService } from '../practice/practice.service';
import { reviewPolicy as policy } from './review.policy';
import { fsrsRatings, ratingOf, stateNames } from './review.rating';
import * as repo from './review.repository';

/**
 * FSRS with the library's defaults: FSRS-6 default weights, desired retention 0.9, learning steps 1 and
 * 10 minutes, relearning step 10 minutes, no fuzz (the same answers give the same dates).
 */
const scheduler = fsrs();

/** The kind of a category or card the review policy allowed: never kids. */
const reviewedKind = (object: { typeOfCards: string }) => object.typeOfCards as 'text' | 'picture';

const toFsrsCard = (row: repo.ReviewRow | null, now: Date): FsrsCard =>
  row
    ? {
        due: row.due,
        stability: row.stability,
        difficulty: row.difficulty,
        elapsed_days: row.elapsedDays,
        scheduled_days: row.scheduledDays,
        learning_steps: row.learningSteps,
        reps: row.reps,
        lapses: row.lapses,
        state: row.state as State,
        last_review: row.lastReview ?? undefined,
      }
    : createEmptyCard(now);

export const createReviewService = ({
  db,
  clock,
  practice,
}: {
  db: Database;
  clock: Clock;
  practice: PracticeService;
}) => ({
  /** Due cards (oldest due first), then as many new cards as today's bound of the category leaves. */
  async session(user: Actor, categoryId: number) {
    const category = authorize(user, policy.review, await repo.findCategory(db, categoryId));
    const now = clock.now();
    const figures = await repo.categoryFigures(db, categoryId, now, dayIn(user.timeZone, now));
    const newLeft = Math.max(0, REVIEW_NEW_CARDS_PER_DAY - figures.introducedToday);
    const dueLimit = Math.min(figures.due, REVIEW_SESSION_MAX_CARDS);
    const { due, fresh } = await repo.sessionCards(db, categoryId, {
      now,
      dueLimit,
      newLimit: Math.min(newLeft, REVIEW_SESSION_MAX_CARDS - dueLimit),
    });
    return {
      categoryId,
      kind: reviewedKind(category),
      due: figures.due,
      newLeft,
      answersLeftToday: await practice.answersLeftToday(user),
      nextDue: figures.nextDue,
      cards: [
        ...due.map(({ card, review }) => ({
          card,
          state: stateNames[review.state as State],
          due: review.due as Date | null,
        })),
        ...fresh.map(({ card }) => ({ card, state: stateNames[State.New], due: null })),
      ],
    };
  },

  /**
   * One answer, in one transaction: counted as a practice answer (score, activity, daily limit, learned,
   * completion) and the card rescheduled by FSRS at the clock's now.
   */
  async answer(user: Actor, cardId: number, body: ReviewAnswerBody) {
    const rating = ratingOf(body);
    return db.transaction(async (tx) => {
      const target = authorize(user, policy.review, await repo.lockCard(tx, cardId));
      const kind = reviewedKind(target);
      const { card, answersLeftToday } = await practice.answerWithin(
        tx,
        user,
        kind,
        cardId,
        scoreFieldOf(body.mode, body.correct),
      );
      const now = clock.now();
      const next = scheduler.next(toFsrsCard(target.review, now), now, fsrsRatings[rating] as Grade).card;
      await repo.saveReview(tx, {
        cardId,
        due: next.due,
        stability: next.stability,
        difficulty: next.difficulty,
        elapsedDays: next.elapsed_days,
        scheduledDays: next.scheduled_days,
        learningSteps: next.learning_steps,
        reps: next.reps,
        lapses: next.lapses,
        state: next.state,
        lastReview: next.last_review ?? now,
        introducedOn: dayIn(user.timeZone, now),
      });
      return { card, kind, rating, next, answersLeftToday };
    });
  },

  async summary(user: Actor) {
    return { due: await repo.dueCardsOf(db, user.id, clock.now()) };
  },
});

export type ReviewService = ReturnType<typeof createReviewService>;
