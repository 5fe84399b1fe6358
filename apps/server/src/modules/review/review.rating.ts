import type { ReviewMode, ReviewRating, ReviewState } from '@flashcards/contract';
import { Rating, State } from 'ts-fsrs';

/**
 * Answers within this many seconds are Easy: a card recalled at once. Typing takes longer than saying, so
 * its bound is wider.
 */
export const EASY_WITHIN_SECONDS: Record<ReviewMode, number> = { verbal: 4, typing: 10 };
/** Right answers that took longer than this are Hard: recalled, but with effort. */
export const HARD_AFTER_SECONDS: Record<ReviewMode, number> = { verbal: 20, typing: 40 };

/**
 * The FSRS grade of an answer: not guessed / typed wrong is Again; right is Good, Easy when quick, Hard
 * when slow. Without a time (an old client), a right answer is Good.
 */
export const ratingOf = (answer: { mode: ReviewMode; correct: boolean; seconds?: number }): ReviewRating => {
  if (!answer.correct) return 'again';
  if (answer.seconds === undefined) return 'good';
  if (answer.seconds <= EASY_WITHIN_SECONDS[answer.mode]) return 'easy';
  if (answer.seconds > HARD_AFTER_SECONDS[answer.mode]) return 'hard';
  return 'good';
};

export const fsrsRatings = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
} as const satisfies Record<ReviewRating, Rating>;

export const stateNames: Record<State, ReviewState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
