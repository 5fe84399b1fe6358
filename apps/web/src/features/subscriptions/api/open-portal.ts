import { subscriptionRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { leaveTo } from '../leave-to';

/** The address of the provider's billing portal, where I cancel or change the card. */
export const openPortal = () => api.call(subscriptionRoutes.portal);

export const useOpenPortal = () =>
  useMutation({ mutationFn: openPortal, onSuccess: ({ url }) => leaveTo(url) });
