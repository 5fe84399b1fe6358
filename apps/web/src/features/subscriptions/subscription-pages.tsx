/**
 * The pricing, subscription, affiliate and payout pages, each fetched when first opened. The router
 * reaches them through this small module so the home page's first load carries one entry for all of them
 * (the first-load budget).
 */
export const subscriptionPages = {
  pricing: () => import('./pages/pricing-page').then((m) => <m.PricingPage />),
  subscriptions: () => import('./pages/subscriptions-page').then((m) => <m.SubscriptionsPage />),
  subscriptionsSuccess: () =>
    import('./pages/subscription-success-page').then((m) => <m.SubscriptionSuccessPage />),
  subscriptionsFailed: () =>
    import('./pages/subscription-failed-page').then((m) => <m.SubscriptionFailedPage />),
  affiliates: () => import('./pages/affiliates-page').then((m) => <m.AffiliatesPage />),
  adminPayouts: () => import('./pages/admin-payouts-page').then((m) => <m.AdminPayoutsPage />),
};
