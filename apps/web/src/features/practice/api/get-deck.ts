import { cardRoutes } from '@flashcards/contract';
import type { DeckKind } from '../../../components/deck/deck-source';
import type { LearningType } from '../../../components/deck/practice-settings';
import { api } from '../../../lib/api-client';

export type DeckFilter = { tags: string[]; quantity: number | null; type: LearningType };

/**
 * The cards of one of my categories not yet learned in the learning type, at most `quantity`. A free
 * user past the day's limit gets 403.
 */
export const getDeck = (kind: DeckKind, categoryId: number, filter: DeckFilter, signal?: AbortSignal) =>
  api.call(kind === 'text' ? cardRoutes.textCards : cardRoutes.pictureCards, {
    query: {
      category_id: categoryId,
      tags: filter.tags.length > 0 ? filter.tags.join(',') : undefined,
      quantity: filter.quantity ?? undefined,
      type: filter.type,
    },
    signal,
  });
