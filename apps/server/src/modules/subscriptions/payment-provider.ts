import type { Currency, Plan } from '@flashcards/contract';
import { PLANS } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';

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
  | {
      kind: 'checkout_completed';
      sessionId: string;
      userId: number | null;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | {
      kind: 'invoice_paid';
      invoiceId: string;
      userId: number | null;
      plan: Plan | null;
      amount: number;
      currency: string;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | { kind: 'invoice_failed'; invoiceId: string; userId: number | null; renewal: boolean }
  /** A charge refunded in full; the invoice it paid, when the provider knows one. */
  | { kind: 'refunded'; invoiceId: string | null }
  | { kind: 'other' }
);

export interface PaymentProvider {
  /** A hosted checkout page for a subscription to the plan: the provider's id of it and its URL. */
  checkout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The URL of the customer's billing portal (cancel, change the card), returning to `returnUrl`. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /**
   * The event of a webhook body, verified against its signature header as of `receivedAt`; throws
   * `InvalidSignatureError` when it is not genuine and `InvalidEventError` when it is no event at all.
   */
  readEvent(rawBody: string, signature: string, receivedAt: Date): Promise<PaymentEvent>;
  /** Cancels at once every subscription of the customer that could still charge; how many it cancelled. */
  cancelSubscriptions(customerId: string): Promise<number>;
}

export class InvalidSignatureError extends Error {}
/** A genuine signature over something that is not an event (`[]`, `{}`, an event without an id). */
export class InvalidEventError extends Error {}

/** Seconds a signature's time may lie from the moment it is received, either way (Stripe's default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const INT_MAX = 2_147_483_647;
const isPlan = (value: unknown): value is Plan => PLANS.includes(value as Plan);
const userIdOf = (value: unknown) => {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id > 0 && id <= INT_MAX ? id : null;
};

/**
 * What an event must carry to be read at all, and the few fields of each handled object the server reads.
 * Ids are the provider's printable ASCII: whatever else a signed body holds never reaches a column.
 */
const providerId = z.string().regex(/^[\x21-\x7e]{1,255}$/);
const reference = z.union([providerId, z.object({ id: providerId })]);
const metadata = z.record(z.string(), z.unknown());
const eventEnvelope = z.object({
  id: providerId,
  type: providerId,
  /** Read per type below: an event of a handled type without a readable object is acknowledged. */
  data: z.unknown().optional(),
});
const checkoutSessionFields = z.object({
  id: providerId,
  client_reference_id: z.string().nullish(),
  metadata: metadata.nullish(),
  customer: reference.nullish(),
  subscription: reference.nullish(),
});
const invoiceFields = z.object({
  id: providerId,
  amount_paid: z.number().int().min(0).max(INT_MAX),
  currency: z.string(),
  billing_reason: z.string().nullish(),
  customer: reference.nullish(),
  metadata: metadata.nullish(),
  parent: z
    .object({
      subscription_details: z
        .object({ metadata: metadata.nullish(), subscription: reference.nullish() })
        .nullish(),
    })
    .nullish(),
});
const chargeFields = z.object({ refunded: z.boolean(), payment_intent: reference.nullish() });

const idOf = (value: z.infer<typeof reference> | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The `t=` of a `Stripe-Signature` header, read as Stripe's client reads it (the last one, `parseInt`). */
const signedAtOf = (header: string) => {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
};

/** Subscription states in which the provider may still charge. */
const CHARGEABLE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

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

/** Stripe Checkout, the billing portal, cancelling, and signed webhooks, with the official client. */
export const createStripeProvider = ({
  secretKey,
  webhookSecret,
  apiUrl,
  log,
}: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
  log: FastifyBaseLogger;
}): PaymentProvider => {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000, ...addressOptions(apiUrl) });

  /** The invoice a payment intent paid: since 2025 a charge no longer names its invoice. */
  const invoiceOfPaymentIntent = async (paymentIntentId: string) => {
    const found = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    const invoice = found.data[0]?.invoice;
    return typeof invoice === 'string' ? invoice : (invoice?.id ?? null);
  };

  /**
   * The object of a handled event read by its schema. One the server cannot read is acknowledged and
   * left alone: answering an error would only make the provider send it again for days.
   */
  const objectOf = <T>(event: z.infer<typeof eventEnvelope>, schema: z.ZodType<T>): T | undefined => {
    const { data } = event;
    const read = schema.safeParse(
      data && typeof data === 'object' ? (data as { object?: unknown }).object : data,
    );
    if (read.success) return read.data;
    log.warn(
      { eventId: event.id, type: event.type, issues: read.error.issues },
      'an unreadable payment event',
    );
    return undefined;
  };

  const toEvent = async (event: z.infer<typeof eventEnvelope>): Promise<PaymentEvent> => {
    const base = { id: event.id, type: event.type };
    const other = { ...base, kind: 'other' } as const;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = objectOf(event, checkoutSessionFields);
        if (!session) return other;
        return {
          ...base,
          kind: 'checkout_completed',
          sessionId: session.id,
          userId: userIdOf(session.client_reference_id ?? session.metadata?.user_id),
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = objectOf(event, invoiceFields);
        if (!invoice) return other;
        const details = invoice.parent?.subscription_details;
        const data = details?.metadata ?? invoice.metadata ?? {};
        if (event.type === 'invoice.payment_failed')
          return {
            ...base,
            kind: 'invoice_failed',
            invoiceId: invoice.id,
            userId: userIdOf(data.user_id),
            renewal: invoice.billing_reason === 'subscription_cycle',
          };
        return {
          ...base,
          kind: 'invoice_paid',
          invoiceId: invoice.id,
          userId: userIdOf(data.user_id),
          plan: isPlan(data.plan) ? data.plan : null,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          customerId: idOf(invoice.customer),
          subscriptionId: idOf(details?.subscription),
        };
      }
      case 'charge.refunded': {
        const charge = objectOf(event, chargeFields);
        // A partial refund leaves the period paid.
        if (!charge?.refunded) return other;
        const paymentIntent = idOf(charge.payment_intent);
        const invoiceId = paymentIntent ? await invoiceOfPaymentIntent(paymentIntent) : null;
        return { ...base, kind: 'refunded', invoiceId: providerId.safeParse(invoiceId).data ?? null };
      }
      default:
        return other;
    }
  };

  return {
    async checkout(request) {
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
      return { id: session.id, url: session.url };
    },

    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async readEvent(rawBody, signature, receivedAt) {
      let parsed: unknown;
      try {
        // The client checks only that a signature is not too old; one dated ahead is refused here.
        parsed = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          receivedAt.getTime(),
        );
      } catch (error) {
        throw new InvalidSignatureError((error as Error).message);
      }
      const ahead = signedAtOf(signature) - Math.floor(receivedAt.getTime() / 1000);
      if (!(ahead <= SIGNATURE_TOLERANCE_SECONDS))
        throw new InvalidSignatureError('The signature is dated ahead of the tolerance');
      const event = eventEnvelope.safeParse(parsed);
      if (!event.success) throw new InvalidEventError('The signed body is not an event');
      return toEvent(event.data);
    },

    async cancelSubscriptions(customerId) {
      const chargeable: string[] = [];
      for await (const subscription of stripe.subscriptions.list({ customer: customerId, limit: 100 }))
        if (CHARGEABLE.has(subscription.status)) chargeable.push(subscription.id);
      for (const id of chargeable) await stripe.subscriptions.cancel(id);
      return chargeable.length;
    },
  };
};
