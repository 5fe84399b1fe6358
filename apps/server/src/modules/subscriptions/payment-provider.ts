import type { Currency, Plan } from '@flashcards/contract';
import { PLANS } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import Stripe from 'stripe';

/**
 * What the subscriptions module needs from a payment provider, in its own words: a checkout page for a
 * plan, a billing portal, and the provider's signed events read into the few kinds it acts on.
 */
export type CheckoutRequest = {
  userId: number;
  email: string;
  language: Language;
  plan: Plan;
  currency: Currency;
  /** Minor units a period. */
  amount: number;
  period: 'month' | 'year';
  productName: string;
  /** The provider's customer from an earlier payment, so one person stays one customer. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
};

export type PaymentEvent = { id: string; type: string } & (
  | { kind: 'checkout_completed'; userId: number | null; customerId: string | null }
  | {
      kind: 'invoice_paid';
      invoiceId: string;
      userId: number | null;
      plan: Plan | null;
      amount: number;
      currency: string;
      customerId: string | null;
    }
  | { kind: 'invoice_failed'; invoiceId: string; userId: number | null; renewal: boolean }
  /** A charge refunded in full; the invoice it paid, when the provider knows one. */
  | { kind: 'refunded'; invoiceId: string | null }
  | { kind: 'other' }
);

export interface PaymentProvider {
  /** The URL of a hosted checkout page for a subscription to the plan. */
  checkoutUrl(request: CheckoutRequest): Promise<string>;
  /** The URL of the customer's billing portal (cancel, change the card), returning to `returnUrl`. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** The event of a webhook body, verified against its signature header; throws when it is not genuine. */
  readEvent(rawBody: string, signature: string): Promise<PaymentEvent>;
}

export class InvalidSignatureError extends Error {}

const isPlan = (value: unknown): value is Plan => PLANS.includes(value as Plan);
const userIdOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's client options of `STRIPE_API_URL` (another address, for tests). */
const addressOptions = (apiUrl: string | undefined): Stripe.StripeConfig => {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
};

/** Stripe Checkout, the billing portal and signed webhooks, with the official client. */
export const createStripeProvider = ({
  secretKey,
  webhookSecret,
  apiUrl,
}: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}): PaymentProvider => {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000, ...addressOptions(apiUrl) });

  /** The invoice a payment intent paid: since 2025 a charge no longer names its invoice. */
  const invoiceOfPaymentIntent = async (paymentIntentId: string) => {
    const found = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    return idOf(found.data[0]?.invoice);
  };

  const toEvent = async (event: Stripe.Event): Promise<PaymentEvent> => {
    const base = { id: event.id, type: event.type };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        return {
          ...base,
          kind: 'checkout_completed',
          userId: userIdOf(session.client_reference_id ?? session.metadata?.user_id),
          customerId: idOf(session.customer),
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const metadata = invoice.parent?.subscription_details?.metadata ?? invoice.metadata ?? {};
        if (event.type === 'invoice.payment_failed')
          return {
            ...base,
            kind: 'invoice_failed',
            invoiceId: invoice.id ?? '',
            userId: userIdOf(metadata.user_id),
            renewal: invoice.billing_reason === 'subscription_cycle',
          };
        return {
          ...base,
          kind: 'invoice_paid',
          invoiceId: invoice.id ?? '',
          userId: userIdOf(metadata.user_id),
          plan: isPlan(metadata.plan) ? metadata.plan : null,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          customerId: idOf(invoice.customer),
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        // A partial refund leaves the period paid.
        if (!charge.refunded) return { ...base, kind: 'other' };
        const paymentIntent = idOf(charge.payment_intent);
        return {
          ...base,
          kind: 'refunded',
          invoiceId: paymentIntent ? await invoiceOfPaymentIntent(paymentIntent) : null,
        };
      }
      default:
        return { ...base, kind: 'other' };
    }
  };

  return {
    async checkoutUrl(request) {
      const metadata = { user_id: String(request.userId), plan: request.plan };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amount,
              recurring: { interval: request.period },
              product_data: { name: request.productName },
            },
          },
        ],
        client_reference_id: String(request.userId),
        metadata,
        subscription_data: { metadata },
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        locale: request.language,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError((error as Error).message);
      }
      return toEvent(event);
    },
  };
};
