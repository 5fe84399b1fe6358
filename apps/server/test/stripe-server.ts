import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Stripe-compatible API for tests, spoken at Stripe's HTTP protocol (form-encoded requests, JSON
 * answers): checkout sessions, billing portal sessions, the invoice payments a refund is traced by, and
 * customers' subscriptions, listed and cancelled.
 * It keeps every checkout session's form fields so tests can check what the server asked for, and serves
 * a tiny "Test checkout" page at each session's URL. Beside it: Stripe's webhook signature, and builders of
 * the events the server handles, shaped like the objects of the API version the `stripe` package pins.
 */

/** A request's form fields as Stripe's client writes them: `line_items[0][price_data][currency]` and so on. */
export type FormFields = Record<string, string>;

export type CheckoutSession = { id: string; url: string; fields: FormFields; createdAt: number };

export type Subscription = { id: string; customer: string; status: string };

const readForm = async (request: IncomingMessage): Promise<FormFields> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
};

export const startStripeServer = async () => {
  let sequence = 0;
  const checkoutSessions: CheckoutSession[] = [];
  const portalSessions: FormFields[] = [];
  /** Which invoice each payment intent paid, as the builders below register it. */
  const invoiceOfPaymentIntent = new Map<string, string>();
  const subscriptions = new Map<string, Subscription>();
  /** While set, every subscriptions call answers this HTTP status with a Stripe error. */
  let subscriptionFault: number | null = null;
  let baseUrl = '';

  const subscriptionObject = (subscription: Subscription) => ({
    object: 'subscription',
    ...subscription,
    metadata: {},
    items: { object: 'list', data: [], has_more: false },
  });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++sequence}` });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const fields = await readForm(request);
      const id = `cs_test_${++sequence}`;
      const session = { id, url: `${baseUrl}/checkout/${id}`, fields, createdAt: Date.now() };
      checkoutSessions.push(session);
      json(200, {
        id,
        object: 'checkout.session',
        mode: fields.mode,
        url: session.url,
        client_reference_id: fields.client_reference_id ?? null,
        customer: fields.customer ?? null,
        customer_email: fields.customer_email ?? null,
        metadata: { user_id: fields['metadata[user_id]'], plan: fields['metadata[plan]'] },
        status: 'open',
      });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const fields = await readForm(request);
      portalSessions.push(fields);
      const id = `bps_test_${++sequence}`;
      json(200, {
        id,
        object: 'billing_portal.session',
        customer: fields.customer,
        return_url: fields.return_url,
        url: `${baseUrl}/portal/${id}`,
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const paymentIntent = url.searchParams.get('payment[payment_intent]') ?? '';
      const invoice = invoiceOfPaymentIntent.get(paymentIntent);
      json(200, {
        object: 'list',
        url: '/v1/invoice_payments',
        has_more: false,
        data: invoice
          ? [
              {
                id: `inpay_${paymentIntent}`,
                object: 'invoice_payment',
                invoice,
                is_default: true,
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: paymentIntent },
              },
            ]
          : [],
      });
      return;
    }
    if (url.pathname.startsWith('/v1/subscriptions') && subscriptionFault !== null) {
      json(subscriptionFault, {
        error: { type: 'api_error', message: 'The test server was told to fail subscription calls' },
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/subscriptions') {
      // Without `status`, Stripe lists the subscriptions that are not cancelled.
      const customer = url.searchParams.get('customer');
      json(200, {
        object: 'list',
        url: '/v1/subscriptions',
        has_more: false,
        data: [...subscriptions.values()]
          .filter((subscription) => subscription.customer === customer && subscription.status !== 'canceled')
          .map(subscriptionObject),
      });
      return;
    }
    const cancelled = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && cancelled) {
      const subscription = subscriptions.get(decodeURIComponent(cancelled[1]!));
      if (!subscription) {
        json(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such subscription: '${cancelled[1]}'`,
          },
        });
        return;
      }
      subscription.status = 'canceled';
      json(200, subscriptionObject(subscription));
      return;
    }
    if (request.method === 'GET' && /^\/(checkout|portal)\//.test(url.pathname)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><head><title>Test checkout</title></head><body><h1>Test checkout</h1></body></html>',
      );
      return;
    }
    json(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    /** For `STRIPE_API_URL`. */
    url: baseUrl,
    checkoutSessions,
    portalSessions,
    /** Every subscription, cancelled ones too, by id. */
    subscriptions,
    /** A customer's subscription, active until cancelled. */
    addSubscription: (customer: string, id = nextId('sub')) => {
      const subscription = { id, customer, status: 'active' };
      subscriptions.set(id, subscription);
      return subscription;
    },
    /**
     * The checkout's payment succeeds: its subscription is created at the customer, and the events Stripe
     * sends then are returned, to be delivered.
     */
    completeCheckout: (session: CheckoutSession) => {
      const events = paymentEventsOf(session);
      const { customer, subscription } = events[0]!.data.object as { customer: string; subscription: string };
      subscriptions.set(subscription, { id: subscription, customer, status: 'active' });
      return events;
    },
    /** Makes every subscriptions call answer `status` (null: answer normally again). */
    failSubscriptionCalls: (status: number | null) => {
      subscriptionFault = status;
    },
    /** Remembers that this payment intent paid this invoice (as Stripe's invoice payments record it). */
    recordInvoicePayment: (paymentIntent: string, invoice: string) =>
      invoiceOfPaymentIntent.set(paymentIntent, invoice),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

/** The `Stripe-Signature` header of a payload, as Stripe signs webhooks: HMAC-SHA256 of "t.payload". */
export const signWebhook = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

let eventSequence = 0;
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${++eventSequence}`;

export type StripeEvent = { id: string; object: 'event'; type: string; data: { object: object } };

const event = (type: string, object: object): StripeEvent => ({
  id: nextId('evt'),
  object: 'event',
  type,
  // Fields every event carries; the server reads only `id`, `type` and `data.object`.
  ...{ api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false },
  ...{ pending_webhooks: 1, request: { id: null, idempotency_key: null } },
  data: { object },
});

export const checkoutCompletedEvent = ({
  sessionId = nextId('cs'),
  userId,
  plan,
  customer,
  subscription = `sub_test_${userId}`,
}: {
  sessionId?: string;
  userId: number;
  plan: string;
  customer: string;
  /** The subscription the checkout created, the one its invoices name. */
  subscription?: string;
}) =>
  event('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: String(userId),
    customer,
    metadata: { user_id: String(userId), plan },
    subscription,
  });

export type InvoiceInput = {
  invoiceId?: string;
  userId: number;
  plan: string;
  /** Minor units. */
  amount: number;
  currency: 'bgn' | 'eur';
  customer?: string;
  /** `subscription_create` for the first payment, `subscription_cycle` for a renewal. */
  billingReason?: string;
  subscription?: string;
};

/** An invoice of a subscription, with the subscription's metadata where this API version keeps it. */
const invoice = (input: InvoiceInput, paid: boolean) => ({
  id: input.invoiceId ?? nextId('in'),
  object: 'invoice',
  amount_due: input.amount,
  amount_paid: paid ? input.amount : 0,
  amount_remaining: paid ? 0 : input.amount,
  billing_reason: input.billingReason ?? 'subscription_create',
  currency: input.currency,
  customer: input.customer ?? `cus_test_${input.userId}`,
  metadata: {},
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: {
      metadata: { user_id: String(input.userId), plan: input.plan },
      subscription: input.subscription ?? `sub_test_${input.userId}`,
    },
  },
  status: paid ? 'paid' : 'open',
});

export const invoicePaidEvent = (input: InvoiceInput) => event('invoice.paid', invoice(input, true));

export const invoicePaymentFailedEvent = (input: InvoiceInput) =>
  event('invoice.payment_failed', invoice({ billingReason: 'subscription_cycle', ...input }, false));

/** A charge refunded, in full unless `amountRefunded` says less; it names its payment intent, not its invoice. */
export const chargeRefundedEvent = ({
  paymentIntent,
  amount,
  currency,
  amountRefunded = amount,
}: {
  paymentIntent: string;
  amount: number;
  currency: 'bgn' | 'eur';
  amountRefunded?: number;
}) =>
  event('charge.refunded', {
    id: nextId('ch'),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: amountRefunded,
    currency,
    paid: true,
    payment_intent: paymentIntent,
    refunded: amountRefunded >= amount,
    status: 'succeeded',
  });

/**
 * The events Stripe sends when a checkout session's first payment succeeds: the session completed, then
 * its first invoice paid. The session's own form fields give the user, plan, amount and currency.
 */
export const paymentEventsOf = (session: CheckoutSession) => {
  const { fields } = session;
  const userId = Number(fields.client_reference_id);
  const plan = fields['metadata[plan]'] ?? '';
  const customer = fields.customer ?? `cus_test_${userId}`;
  const subscription = `sub_test_${session.id}`;
  return [
    checkoutCompletedEvent({ sessionId: session.id, userId, plan, customer, subscription }),
    invoicePaidEvent({
      userId,
      plan,
      customer,
      subscription,
      amount: Number(fields['line_items[0][price_data][unit_amount]']),
      currency: fields['line_items[0][price_data][currency]'] as 'bgn' | 'eur',
    }),
  ];
};

/**
 * An injectable request delivering the event (or any other body) to the server's webhook, signed with the
 * secret at `at` (the server's clock: a signature more than 300 seconds off is refused).
 */
export const webhookRequest = (event: StripeEvent | string, secret: string, at: Date) => {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  return {
    method: 'POST' as const,
    url: '/api/subscriptions/webhook/',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signWebhook(payload, secret, Math.floor(at.getTime() / 1000)),
    },
    payload,
  };
};
