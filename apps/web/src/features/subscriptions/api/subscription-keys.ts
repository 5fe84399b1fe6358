/** Query keys of plans, my subscription, my affiliate account and the staff's payouts. */
export const subscriptionKeys = {
  pricing: ['subscriptions', 'pricing'] as const,
  mine: ['subscriptions', 'me'] as const,
  checkout: (sessionId: string) => ['subscriptions', 'checkout', sessionId] as const,
  affiliate: ['affiliate', 'details'] as const,
  payouts: ['affiliate', 'payouts'] as const,
  payoutPage: (page: number, payableOnly: boolean) => ['affiliate', 'payouts', page, payableOnly] as const,
};
