import type { ReactNode } from 'react';

/** A page of what is sold: where nothing is (every account premium), the page that says so instead. */
const forSale = (page: Promise<ReactNode>) =>
  Promise.all([page, import('./components/for-sale')]).then(([element, m]) => (
    <m.ForSale>{element}</m.ForSale>
  ));

/**
 * The pricing, subscription, affiliate and payout pages, each fetched when first opened. The router
 * reaches them through this small module so the home page's first load carries one entry for all of them
 * (the first-load budget).
 */
export const subscriptionPages = {
  pricing: () => forSale(import('./pages/pricing-page').then((m) => <m.PricingPage />)),
  subscriptions: () => forSale(import('./pages/subscriptions-page').then((m) => <m.SubscriptionsPage />)),
  subscriptionsSuccess: () =>
    forSale(import('./pages/subscription-success-page').then((m) => <m.SubscriptionSuccessPage />)),
  subscriptionsFailed: () =>
    forSale(import('./pages/subscription-failed-page').then((m) => <m.SubscriptionFailedPage />)),
  affiliates: () => forSale(import('./pages/affiliates-page').then((m) => <m.AffiliatesPage />)),
  adminPayouts: () => import('./pages/admin-payouts-page').then((m) => <m.AdminPayoutsPage />),
};
