import { adminAffiliateRoutes, affiliateRoutes, subscriptionRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toAffiliate, toMySubscription, toPayoutRow } from './subscriptions.presenter';

export const subscriptionRouteHandlers = ({ subscriptions }: Services) => [
  route(subscriptionRoutes.plans, async () => subscriptions.pricing()),
  route(subscriptionRoutes.mySubscription, async ({ actor }) =>
    toMySubscription(await subscriptions.mySubscription(actor)),
  ),
  route(subscriptionRoutes.checkout, async ({ actor, body }) => ({
    url: await subscriptions.checkoutUrl(actor, body.plan, body.currency),
  })),
  route(subscriptionRoutes.checkoutStatus, async ({ actor, params }) => {
    const { status, plan, premiumUntil } = await subscriptions.checkoutStatus(actor, params.session_id);
    return { status, plan, premium_until: premiumUntil?.toISOString() ?? null };
  }),
  route(subscriptionRoutes.portal, async ({ actor }) => ({ url: await subscriptions.portalUrl(actor) })),
  // The body is the raw text here (see the JSON parser in app.ts): the signature is over its bytes.
  route(subscriptionRoutes.webhook, async ({ body, request }) => {
    const signature = request.headers['stripe-signature'];
    await subscriptions.receiveEvent(body, Array.isArray(signature) ? signature[0] : signature);
    return { received: true };
  }),
];

export const affiliateRouteHandlers = ({ subscriptions, config, clock }: Services) => [
  route(affiliateRoutes.affiliateDetails, async ({ actor }) =>
    toAffiliate(await subscriptions.affiliateDetails(actor), {
      publicUrl: config.publicUrl,
      rate: config.subscriptions.affiliateRate,
      now: clock.now(),
    }),
  ),
];

export const adminAffiliateRouteHandlers = ({ subscriptions }: Services) => [
  route(adminAffiliateRoutes.adminAffiliates, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const payable = query.payable === undefined ? undefined : query.payable === 'true';
    const { total, rows } = await subscriptions.payoutRows(actor, { payable, ...window });
    return toPage(request, window, total, rows.map(toPayoutRow));
  }),
  route(adminAffiliateRoutes.payAffiliate, async ({ actor, params }) =>
    subscriptions.payAffiliate(actor, params.id),
  ),
  route(adminAffiliateRoutes.markCommissionPaid, async ({ actor, params }) =>
    subscriptions.markCommissionPaid(actor, params.id),
  ),
];
