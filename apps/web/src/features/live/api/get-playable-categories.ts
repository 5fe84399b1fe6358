import { cardRoutes, LIVE_CHOICES } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/**
 * My categories a game can be made of: text, picture and kids categories with at least four cards (the
 * server checks their answers differ), by name.
 */
export const usePlayableCategories = (enabled = true) =>
  useQuery({
    queryKey: liveKeys.categories(),
    queryFn: async ({ signal }) => {
      const [decks, kids] = await Promise.all([
        api.call(cardRoutes.allCategories, { query: {}, signal }),
        api.call(cardRoutes.allKidsCategories, { query: {}, signal }),
      ]);
      return [...decks, ...kids]
        .filter((category) => category.cards_len >= LIVE_CHOICES)
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled,
  });
