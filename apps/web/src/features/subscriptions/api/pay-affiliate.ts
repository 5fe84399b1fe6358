import { adminAffiliateRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** Marks every unpaid commission of an affiliate (by their user id) paid; 409 below the minimum payout. */
export const payAffiliate = (userId: number) =>
  api.call(adminAffiliateRoutes.payAffiliate, { params: { id: userId } });

export const usePayAffiliate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payAffiliate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.payouts }),
  });
};
