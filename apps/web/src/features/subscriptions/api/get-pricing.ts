import { subscriptionRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** The plans on sale with their prices, and the free tier they are compared with (public). */
export const getPricing = (signal?: AbortSignal) => api.call(subscriptionRoutes.plans, { signal });

export const usePricing = () =>
  useQuery({ queryKey: subscriptionKeys.pricing, queryFn: ({ signal }) => getPricing(signal) });
