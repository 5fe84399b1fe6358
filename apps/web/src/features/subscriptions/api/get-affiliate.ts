import { affiliateRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** My referral code and link, the people I referred and my commissions (the first call gives me a code). */
export const getAffiliate = (signal?: AbortSignal) => api.call(affiliateRoutes.affiliateDetails, { signal });

export const useAffiliate = () =>
  useQuery({ queryKey: subscriptionKeys.affiliate, queryFn: ({ signal }) => getAffiliate(signal) });
