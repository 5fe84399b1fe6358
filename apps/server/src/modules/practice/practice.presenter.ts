import type { ActivityEntry, AnswerOutcome, UndoneAnswer } from '@flashcards/contract';
import type { PracticeService } from './practice.service';

type ActivityRow = Awaited<ReturnType<PracticeService['activity']>>[number];

/** One day of activity as the contract shows it. */
export const toActivityEntry = (row: ActivityRow): ActivityEntry => ({
  create_at: row.day,
  card_requests: row.cardRequests,
  learned_cards_verbal: row.learnedCardsVerbal,
  learned_cards_typing: row.learnedCardsTyping,
  completed_categories_verbal: row.completedCategoriesVerbal,
  completed_categories_typing: row.completedCategoriesTyping,
  daily_limit: row.dailyLimit,
});

/** What an answer did beside the score, and what is left of the day's free limit. */
export const toAnswerOutcome = (answered: {
  learned: boolean;
  completedCategory: boolean;
  answersLeftToday: number | null;
}): AnswerOutcome => ({
  learned: answered.learned,
  completed_category: answered.completedCategory,
  answers_left_today: answered.answersLeftToday,
});

export const toUndoneAnswer = (undone: Awaited<ReturnType<PracticeService['undo']>>): UndoneAnswer => ({
  card_id: undone.cardId,
  field: undone.field,
});
