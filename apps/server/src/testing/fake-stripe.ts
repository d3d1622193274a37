// A local HTTP server that speaks Stripe's REST API for exactly the calls Snaplist makes (GET /v1/prices by
// lookup key, POST /v1/checkout/sessions, DELETE /v1/subscriptions/:id), with Stripe's form-encoded requests,
// JSON objects and error shapes; and Stripe events signed as Stripe signs them. Point the server at it with
// `fake.env`.
import crypto from 'node:crypto';
import http from 'node:http';
import { PLAN_CATALOGUE } from '@snaplist/contract';
import Stripe from 'stripe';
import { closeServer, listenLocally } from './local-http';

type StripeObject = Record<string, unknown>;

export interface StripeEventJson {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: StripeObject };
  [field: string]: unknown;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Configuration that points a Snaplist server at this fake. */
  env: Record<string, string>;
  /** The checkout sessions created so far, as Stripe stored them (request fields included). */
  checkoutSessions: StripeObject[];
  /** Every API call received, in order. */
  requests: Array<{ method: string; path: string }>;
  /**
   * The subscriptions Stripe knows, by id (add one with `addSubscription`). Cancelling one sets its status to
   * `canceled`; Stripe then answers it, like an id it never had, with 404 "No such subscription".
   */
  subscriptions: Map<string, StripeObject>;
  /** Makes a subscription (a `stripeSubscription(...)`) exist at the fake, as a completed checkout would. */
  addSubscription(subscription: StripeObject): void;
  /** Answer every API call with this HTTP status and Stripe's error shape (null: work normally again). */
  failWith(status: number | null): void;
  /** An event around `object`, as Stripe delivers it. */
  event(type: string, object: StripeObject, overrides?: { id?: string; created?: number }): StripeEventJson;
  /** A webhook request for an event: its exact body and a Stripe-Signature header (by default valid). */
  signed(
    event: StripeEventJson,
    options?: { secret?: string; timestamp?: number },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
  const prices = catalogPrices();
  const checkoutSessions: StripeObject[] = [];
  const requests: FakeStripe['requests'] = [];
  const subscriptions: FakeStripe['subscriptions'] = new Map();
  let failure: number | null = null;

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomId()}` });
        response.end(JSON.stringify(json));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(401, stripeError('invalid_request_error', 'Invalid API Key provided.'));
      }
      if (failure !== null) {
        return answer(failure, stripeError('api_error', 'The fake Stripe is failing on purpose.'));
      }
      if (method === 'GET' && url.pathname === '/v1/prices') {
        const keys = [...url.searchParams].filter(([key]) => /^lookup_keys\[\d*\]$/.test(key));
        const wanted = new Set(keys.map(([, value]) => value));
        const data = prices.filter((price) => wanted.size === 0 || wanted.has(String(price.lookup_key)));
        return answer(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const fields = parseStripeForm(body);
        const lineItems = fields.line_items as Array<{ price?: string }> | undefined;
        const priceId = lineItems?.[0]?.price;
        if (!prices.some((price) => price.id === priceId)) {
          return answer(
            400,
            stripeError('invalid_request_error', `No such price: '${priceId}'`, 'line_items[0][price]'),
          );
        }
        if (fields.mode !== 'subscription' || typeof fields.success_url !== 'string') {
          return answer(400, stripeError('invalid_request_error', 'Missing required param: success_url.'));
        }
        const session = checkoutSession(fields);
        checkoutSessions.push(session);
        return answer(200, session);
      }
      const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (method === 'DELETE' && subscriptionPath) {
        const id = decodeURIComponent(subscriptionPath[1] ?? '');
        const subscription = subscriptions.get(id);
        if (!subscription || subscription.status === 'canceled') {
          return answer(
            404,
            stripeError('invalid_request_error', `No such subscription: '${id}'`, 'id', 'resource_missing'),
          );
        }
        const now = Math.floor(Date.now() / 1000);
        const cancelled = { ...subscription, status: 'canceled', canceled_at: now, ended_at: now };
        subscriptions.set(id, cancelled);
        return answer(200, cancelled);
      }
      return answer(
        404,
        stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`),
      );
    });
  });
  const url = await listenLocally(server);

  return {
    url,
    secretKey,
    webhookSecret,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
    },
    checkoutSessions,
    requests,
    subscriptions,
    addSubscription(subscription) {
      subscriptions.set(String(subscription.id), subscription);
    },
    failWith(status) {
      failure = status;
    },
    event(type, object, overrides = {}) {
      return {
        id: overrides.id ?? `evt_${randomId()}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: overrides.created ?? Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    signed(event, options = {}) {
      const body = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? webhookSecret,
        timestamp: options.timestamp,
      });
      return {
        body,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      };
    },
    close: () => closeServer(server),
  };
}

/** A checkout session as Stripe reports it once the seller has paid. */
export function completedCheckoutSession(
  session: StripeObject,
  ids: { customer?: string; subscription?: string } = {},
): StripeObject {
  return {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    customer: ids.customer ?? `cus_${randomId()}`,
    subscription: ids.subscription ?? `sub_${randomId()}`,
  };
}

/** A subscription object for customer.subscription.* events. */
export function stripeSubscription(options: {
  id: string;
  customer: string;
  status: string;
  lookupKey: string;
  userId?: string;
}): StripeObject {
  const created = Math.floor(Date.now() / 1000);
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status,
    created,
    livemode: false,
    metadata: options.userId ? { userId: options.userId, priceId: options.lookupKey } : {},
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `si_${randomId()}`,
          object: 'subscription_item',
          quantity: 1,
          price: { id: `price_${options.lookupKey}`, object: 'price', lookup_key: options.lookupKey },
        },
      ],
    },
  };
}

/** An invoice whose payment failed, for invoice.payment_failed. */
export function failedInvoice(options: { customer: string; subscription: string }): StripeObject {
  return {
    id: `in_${randomId()}`,
    object: 'invoice',
    customer: options.customer,
    status: 'open',
    attempted: true,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: {}, subscription: options.subscription },
    },
  };
}

function catalogPrices(): StripeObject[] {
  return Object.values(PLAN_CATALOGUE).flatMap((plan) =>
    (['monthly', 'yearly'] as const).flatMap((period) =>
      (period === 'monthly' ? plan.monthlyPriceIds : plan.yearlyPriceIds).map((lookupKey) => ({
        id: `price_${lookupKey}`,
        object: 'price',
        active: true,
        currency: 'usd',
        lookup_key: lookupKey,
        product: plan.providerId,
        type: 'recurring',
        recurring: { interval: period === 'monthly' ? 'month' : 'year', interval_count: 1 },
        unit_amount: period === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice,
        livemode: false,
      })),
    ),
  );
}

function checkoutSession(fields: StripeObject): StripeObject {
  const id = `cs_test_${randomId()}`;
  const created = Math.floor(Date.now() / 1000);
  return {
    ...fields,
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    client_reference_id: fields.client_reference_id ?? null,
    customer: fields.customer ?? null,
    customer_email: fields.customer_email ?? null,
    metadata: fields.metadata ?? {},
    status: 'open',
    payment_status: 'unpaid',
    subscription: null,
    livemode: false,
    created,
    expires_at: created + 24 * 60 * 60,
  };
}

function stripeError(type: string, message: string, param?: string, code?: string) {
  return { error: { type, message, ...(param && { param }), ...(code && { code }) } };
}

/**
 * Stripe's form encoding back into objects: `metadata[userId]=u` to `{ metadata: { userId: 'u' } }`,
 * `line_items[0][price]=p` to `{ line_items: [{ price: 'p' }] }`.
 */
function parseStripeForm(body: string): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as StripeObject;
      }
    }
  }
  return listsFromIndexes(root) as StripeObject;
}

function listsFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, listsFromIndexes(inner)] as const);
  return entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))
    ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner)
    : Object.fromEntries(entries);
}

function randomId(): string {
  return crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
}
