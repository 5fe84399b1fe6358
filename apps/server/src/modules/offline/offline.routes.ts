import { practiceRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

export const offlineRouteHandlers = ({ offline }: Services) => [
  route(practiceRoutes.syncOfflineAnswers, async ({ actor, body }) => {
    const synced = await offline.sync(actor, body.answers, body.listens);
    return {
      results: synced.results,
      counted: synced.counted,
      over_limit: synced.overLimit,
      answers_left_today: synced.answersLeftToday,
      daily_limit: synced.dailyLimit,
    };
  }),
];
