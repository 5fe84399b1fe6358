import { adminAffiliateRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** A page of 20 affiliates with commissions, the largest unpaid total first; only payable ones if asked. */
export const getAffiliatePayouts = (page: number, payableOnly: boolean, signal?: AbortSignal) =>
  api.call(adminAffiliateRoutes.adminAffiliates, {
    query: { page, payable: payableOnly ? 'true' : undefined },
    signal,
  });

export const useAffiliatePayouts = (page: number, payableOnly: boolean) =>
  useQuery({
    queryKey: subscriptionKeys.payoutPage(page, payableOnly),
    queryFn: ({ signal }) => getAffiliatePayouts(page, payableOnly, signal),
    placeholderData: keepPreviousData,
  });
