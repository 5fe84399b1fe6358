import { marketRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** A catalog category's public facts (no sign-in); anything not on the catalog answers 404. */
export const getPublicCategory = (id: number, signal?: AbortSignal) =>
  api.call(marketRoutes.publicMarketCategory, { params: { id }, signal });

export const usePublicCategory = (id: number) =>
  useQuery({
    queryKey: practiceKeys.publicCategory(id),
    queryFn: ({ signal }) => getPublicCategory(id, signal),
  });
