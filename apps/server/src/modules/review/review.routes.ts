import { reviewRoutes } from '@flashcards/contract';
import type { State } from 'ts-fsrs';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toPictureCard, toTextCard } from '../cards/cards.presenter';
import { stateNames } from './review.rating';

export const reviewRouteHandlers = ({ review, memory, storage }: Services) => {
  const present = (kind: 'text' | 'picture', card: Parameters<typeof toTextCard>[0]) =>
    kind === 'picture' ? toPictureCard(card, storage) : toTextCard(card);
  return [
    route(reviewRoutes.reviewSession, async ({ actor, params }) => {
      const session = await review.session(actor, params.id);
      return {
        category_id: session.categoryId,
        type_of_cards: session.kind,
        due_cards_len: session.due,
        new_cards_left_today: session.newLeft,
        answers_left_today: session.answersLeftToday,
        next_due_at: session.nextDue?.toISOString() ?? null,
        cards: session.cards.map(({ card, state, due }) => ({
          card: present(session.kind, card),
          state,
          due: due?.toISOString() ?? null,
        })),
      };
    }),

    route(reviewRoutes.reviewAnswer, async ({ actor, params, body }) => {
      const { card, kind, rating, next, answersLeftToday } = await review.answer(actor, params.id, body);
      return {
        rating,
        state: stateNames[next.state as State],
        due: next.due.toISOString(),
        scheduled_days: next.scheduledDays,
        reps: next.reps,
        lapses: next.lapses,
        card: present(kind, card),
        answers_left_today: answersLeftToday,
      };
    }),

    route(reviewRoutes.reviewSummary, async ({ actor }) => ({
      due_cards_len: (await review.summary(actor)).due,
    })),

    route(reviewRoutes.memoryModel, async ({ actor }) => {
      const model = await memory.model(actor.id);
      const { fit } = model;
      return {
        desired_retention: model.desiredRetention,
        reviews: model.reviews,
        min_reviews: model.minReviews,
        own_parameters: fit?.parameters != null,
        fit: fit && {
          fitted_at: fit.fittedAt.toISOString(),
          reviews: fit.reviews,
          rmse_bins: fit.rmseBins,
          default_rmse_bins: fit.defaultRmseBins,
          log_loss: fit.logLoss,
          default_log_loss: fit.defaultLogLoss,
        },
      };
    }),
  ];
};
