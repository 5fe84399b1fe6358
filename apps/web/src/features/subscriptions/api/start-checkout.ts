import { type CheckoutBody, subscriptionRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { leaveTo } from '../leave-to';

/** The address of the payment provider's checkout page for a plan in a currency. */
export const startCheckout = (body: CheckoutBody) => api.call(subscriptionRoutes.checkout, { body });

/** Starts buying a plan and sends the browser to the provider's checkout page. */
export const useStartCheckout = () =>
  useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => leaveTo(url),
  });
