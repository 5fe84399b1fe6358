import { privateSendingRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** A page of 20 categories offered to me and still waiting for my answer, newest first. */
export const getInbox = (page: number, signal?: AbortSignal) =>
  api.call(privateSendingRoutes.inbox, { query: { page }, signal });

export const useInbox = (page: number) =>
  useQuery({
    queryKey: [...socialKeys.inbox(), page],
    queryFn: ({ signal }) => getInbox(page, signal),
    placeholderData: keepPreviousData,
  });
