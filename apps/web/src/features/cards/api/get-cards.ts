import {
  type CardType,
  cardRoutes,
  type KidsCard,
  kidsCardSchema,
  type Paginated,
  type PictureCard,
  paginated,
  pictureCardSchema,
  type TextCard,
  textCardSchema,
} from '@flashcards/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

export type CardOf<K extends CardType> = { text: TextCard; picture: PictureCard; kids: KidsCard }[K];
export type AnyCard = TextCard | PictureCard | KidsCard;

export type CardFilters = { page: number; search: string; tags: string[] };

const routes = {
  text: cardRoutes.textCardsPage,
  picture: cardRoutes.pictureCardsPage,
  kids: cardRoutes.kidsCardsPage,
} as const;
const schemas = {
  text: paginated(textCardSchema),
  picture: paginated(pictureCardSchema),
  kids: paginated(kidsCardSchema),
} as const;

/** A page of 20 cards of one of my categories, newest first; tags go as a comma list. */
export const getCards = <K extends CardType>(
  kind: K,
  categoryId: number,
  { page, search, tags }: CardFilters,
  signal?: AbortSignal,
) =>
  api.request(routes[kind], {
    query: {
      category_id: categoryId,
      page,
      search_value: search.trim(),
      tags: tags.length > 0 ? tags.join(',') : undefined,
    },
    schema: schemas[kind],
    signal,
  }) as Promise<Paginated<CardOf<K>>>;

export const cardsQuery = <K extends CardType>(kind: K, categoryId: number, filters: CardFilters) =>
  queryOptions({
    queryKey: [...deckKeys.cardPages(categoryId), kind, filters],
    queryFn: ({ signal }) => getCards(kind, categoryId, filters, signal),
    // The cards shown stay while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useCards = <K extends CardType>(kind: K, categoryId: number, filters: CardFilters) =>
  useQuery(cardsQuery(kind, categoryId, filters));
