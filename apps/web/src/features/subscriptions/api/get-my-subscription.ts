import { subscriptionRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** My plan, premium dates and payments. */
export const getMySubscription = (signal?: AbortSignal) =>
  api.call(subscriptionRoutes.mySubscription, { signal });

/** `pollEvery`: milliseconds between fetches while the caller waits for a change, else no polling. */
export const useMySubscription = (pollEvery: number | false = false) =>
  useQuery({
    queryKey: subscriptionKeys.mine,
    queryFn: ({ signal }) => getMySubscription(signal),
    refetchInterval: pollEvery,
  });
