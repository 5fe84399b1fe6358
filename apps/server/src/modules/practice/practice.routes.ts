import { practiceRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

export const practiceRouteHandlers = ({ practice }: Services) => [
  route(practiceRoutes.myActivity, async ({ actor }) =>
    (await practice.activity(actor)).map((row) => ({
      create_at: row.day,
      card_requests: row.cardRequests,
      learned_cards_verbal: row.learnedCardsVerbal,
      learned_cards_typing: row.learnedCardsTyping,
      completed_categories_verbal: row.completedCategoriesVerbal,
      completed_categories_typing: row.completedCategoriesTyping,
      daily_limit: row.dailyLimit,
    })),
  ),
];
