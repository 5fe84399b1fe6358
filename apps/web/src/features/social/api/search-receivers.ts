import { privateSendingRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** People I may send my category to, by name or whole e-mail, friends first, with their offer flags. */
export const searchReceivers = (categoryId: number, search: string, signal?: AbortSignal) =>
  api.call(privateSendingRoutes.searchReceivers, { query: { category_id: categoryId, search }, signal });

export const useReceiverCandidates = (categoryId: number, search: string) =>
  useQuery({
    queryKey: socialKeys.receivers(categoryId, search),
    queryFn: ({ signal }) => searchReceivers(categoryId, search, signal),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
