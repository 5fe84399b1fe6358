import {
  type CardType,
  cardRoutes,
  type KidsCard,
  type PictureCard,
  type TextCard,
} from '@flashcards/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

export type AnyCard = TextCard | PictureCard | KidsCard;

export type CardFilters = { page: number; search: string; tags: string[] };

const routes = {
  text: cardRoutes.textCardsPage,
  picture: cardRoutes.pictureCardsPage,
  kids: cardRoutes.kidsCardsPage,
} as const;

/** A page of 20 cards of one of my categories, newest first; tags go as a comma list. */
export const getCards = (
  kind: CardType,
  categoryId: number,
  { page, search, tags }: CardFilters,
  signal?: AbortSignal,
) =>
  api.call(routes[kind], {
    query: {
      category_id: categoryId,
      page,
      search_value: search.trim(),
      tags: tags.length > 0 ? tags.join(',') : undefined,
    },
    signal,
  });

export const cardsQuery = (kind: CardType, categoryId: number, filters: CardFilters) =>
  queryOptions({
    queryKey: [...deckKeys.cardPages(categoryId), kind, filters],
    queryFn: ({ signal }) => getCards(kind, categoryId, filters, signal),
    // The cards shown stay while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useCards = (kind: CardType, categoryId: number, filters: CardFilters) =>
  useQuery(cardsQuery(kind, categoryId, filters));
