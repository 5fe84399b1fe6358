import {
  REVIEW_NEW_CARDS_PER_DAY,
  REVIEW_SESSION_MAX_CARDS,
  type ReviewAnswerBody,
  scoreFieldOf,
} from '@flashcards/contract';
import { State } from 'ts-fsrs';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { type Clock, dayIn } from '../../lib/clock';
import type { MemoryService } from '../memory/memory.service';
import type { PracticeService } from '../practice/practice.service';
import { reviewPolicy as policy } from './review.policy';
import { fsrsRatings, ratingOf, stateNames } from './review.rating';
import * as repo from './review.repository';

/** The kind of a category or card the review policy allowed: never kids. */
const reviewedKind = (object: { typeOfCards: string }) => object.typeOfCards as 'text' | 'picture';

/** The FSRS grade of a review answer, by its mode, correctness and time (for answers made elsewhere). */
export const reviewGrade = (answer: ReviewAnswerBody) => fsrsRatings[ratingOf(answer)];

export const createReviewService = ({
  db,
  clock,
  practice,
  memory,
}: {
  db: Database;
  clock: Clock;
  practice: PracticeService;
  memory: MemoryService;
}) => ({
  /**
   * Due cards (oldest due first), then as many new cards as today's bound of the category leaves, by the
   * learner's memory after every answer so far, in any mode.
   */
  async session(user: Actor, categoryId: number) {
    const category = authorize(user, policy.review, await repo.findCategory(db, categoryId));
    await memory.fold(user.id);
    const now = clock.now();
    const figures = await repo.categoryFigures(db, categoryId, user.id, now, dayIn(user.timeZone, now));
    const newLeft = Math.max(0, REVIEW_NEW_CARDS_PER_DAY - figures.introducedToday);
    const dueLimit = Math.min(figures.due, REVIEW_SESSION_MAX_CARDS);
    const { due, fresh } = await repo.sessionCards(db, categoryId, user.id, {
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
   * completion), logged with its FSRS grade, and the learner's memory of the card folded at once, since
   * the answer says when the card is next due.
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
        { grade: fsrsRatings[rating] },
      );
      const next = await memory.stateAfterFold(tx, user.id, cardId);
      // The answer was just logged and folded: the state exists.
      if (!next) throw new Error('the answered card has no memory state');
      return { card, kind, rating, next, answersLeftToday };
    });
  },

  async summary(user: Actor) {
    await memory.fold(user.id);
    return { due: await repo.dueCardsOf(db, user.id, clock.now()) };
  },
});

export type ReviewService = ReturnType<typeof createReviewService>;
