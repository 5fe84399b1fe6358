import { subscriptionRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** Whether the first payment of a checkout I started has been recorded. */
export const getCheckoutStatus = (sessionId: string, signal?: AbortSignal) =>
  api.call(subscriptionRoutes.checkoutStatus, { params: { session_id: sessionId }, signal });

/** `pollEvery`: milliseconds between fetches while the caller waits for the payment, else no polling. */
export const useCheckoutStatus = (sessionId: string | null, pollEvery: number | false) =>
  useQuery({
    queryKey: subscriptionKeys.checkout(sessionId ?? ''),
    queryFn: ({ signal }) => getCheckoutStatus(sessionId!, signal),
    enabled: sessionId !== null,
    refetchInterval: pollEvery,
    retry: false,
  });
