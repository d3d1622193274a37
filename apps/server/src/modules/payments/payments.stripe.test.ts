// The Stripe adapter against a local server that speaks Stripe's API, with webhooks signed as Stripe signs
// them: the only fake in the server's tests, because Stripe is the only third party.
import { PlanMessages, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completedCheckoutSession,
  createUser,
  expectOk,
  type FakeStripe,
  failedInvoice,
  listingInput,
  refreshUser,
  type StripeEventJson,
  startFakeStripe,
  startTestServer,
  stripeSubscription,
  type TestServer,
  type TestUser,
  uploadTestPhoto,
} from '../../testing';
import { userIdOf } from '../../testing/account-data';

let fake: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  // No free allowance, so what a seller may generate comes from the plan alone.
  server = await startTestServer({
    ...fake.env,
    PUBLIC_URL: 'https://snap.example.com',
    FREE_AI_LISTINGS: '0',
  });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

function idOf(user: TestUser): Promise<string> {
  return userIdOf(server.app.db, user.email);
}

function deliver(event: StripeEventJson, signing?: Parameters<FakeStripe['signed']>[1]) {
  const { body, headers } = fake.signed(event, signing);
  // Raw: a webhook is the exact bytes Stripe signed.
  return server.request('POST', '/api/payments/webhook', { body, headers });
}

function checkout(user: TestUser, plan: string) {
  return server.call(routes.checkout, { token: user.token, body: { plan } });
}

/** A seller who bought a plan through Stripe Checkout, and the Stripe ids it left. */
async function subscribedSeller(priceId = 'pro_monthly') {
  const seller = await createUser(server.baseUrl);
  const started = await checkout(seller, priceId);
  expect(started.status, started.text).toBe(200);
  const session = fake.checkoutSessions.at(-1) ?? {};
  const completed = completedCheckoutSession(session);
  const event = fake.event('checkout.session.completed', completed);
  expect((await deliver(event)).status).toBe(200);
  return {
    seller,
    event,
    customer: String(completed.customer),
    subscription: String(completed.subscription),
  };
}

async function viewOf(user: TestUser) {
  return (await refreshUser(server.baseUrl, user)).user;
}

async function planRow(user: TestUser) {
  return server.app.db
    .selectFrom('users')
    .select(['plan_price_id', 'plan_status', 'payment_customer_id', 'payment_subscription_id'])
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
}

async function eventCount(): Promise<number> {
  const row = await server.app.db
    .selectFrom('payment_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('Stripe checkout', () => {
  it('reports Stripe as the provider', async () => {
    expect(expectOk(await server.call(routes.plans)).provider).toBe('stripe');
    const ready = expectOk(await server.call(routes.readiness));
    expect(ready.checks.payments).toEqual({ ok: true, adapter: 'stripe' });
  });

  it('opens a subscription Checkout Session for the Price with our id as lookup key', async () => {
    const seller = await createUser(server.baseUrl);
    const before = fake.requests.length;
    const started = expectOk(await checkout(seller, 'pro_monthly'));
    const session = fake.checkoutSessions.at(-1);
    expect(started.url).toBe(session?.url);
    expect(fake.requests.slice(before)).toEqual([
      { method: 'GET', path: '/v1/prices' },
      { method: 'POST', path: '/v1/checkout/sessions' },
    ]);
    const userId = await idOf(seller);
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: '1' }],
      client_reference_id: userId,
      customer_email: seller.email,
      metadata: { userId, priceId: 'pro_monthly' },
      subscription_data: { metadata: { userId, priceId: 'pro_monthly' } },
      success_url: 'https://snap.example.com/dashboard?checkout=success',
      cancel_url: 'https://snap.example.com/dashboard?checkout=cancelled',
    });
  });

  it('activates the plan from the signed checkout.session.completed webhook', async () => {
    const { seller, customer, subscription } = await subscribedSeller('standard_yearly');
    expect(await viewOf(seller)).toMatchObject({
      planData: { plan: 'standard_yearly', status: 'active' },
      canGenerate: true,
      usage: { aiListingsLimit: 5 },
    });
    expect(await planRow(seller)).toMatchObject({
      payment_customer_id: customer,
      payment_subscription_id: subscription,
    });

    const again = await checkout(seller, 'standard_yearly');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_on_plan');

    // A returning customer pays as the same Stripe customer, not a new one.
    expect((await checkout(seller, 'pro_monthly')).status).toBe(200);
    expect(fake.checkoutSessions.at(-1)).toMatchObject({ customer });
    expect(fake.checkoutSessions.at(-1)?.customer_email).toBeNull();
  });

  it('answers 502 with the support message when Stripe fails, and logs no secret', async () => {
    const seller = await createUser(server.baseUrl);
    fake.failWith(500);
    try {
      const response = await checkout(seller, 'pro_monthly');
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ code: 'checkout_failed', message: PlanMessages.checkoutUnavailable });
    } finally {
      fake.failWith(null);
    }
    expect(server.logs()).toContain('request failed');
    expect(server.logs()).not.toContain(fake.secretKey);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a bad, missing, stale or tampered signature with 400 and changes nothing', async () => {
    const { seller, subscription, customer } = await subscribedSeller();
    const cancel = fake.event('customer.subscription.deleted', {
      ...stripeSubscription({ id: subscription, customer, status: 'canceled', lookupKey: 'pro_monthly' }),
    });
    const eventsBefore = await eventCount();
    const signed = fake.signed(cancel);
    const attempts = [
      fake.signed(cancel, { secret: 'whsec_someone_else' }),
      { body: signed.body, headers: { 'content-type': 'application/json' } },
      fake.signed(cancel, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      { body: signed.body.replace('"canceled"', '"active"'), headers: signed.headers },
    ];
    for (const attempt of attempts) {
      // Raw: each attempt is exact bytes with its own signature header.
      const response = await server.request('POST', '/api/payments/webhook', attempt);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'invalid_signature', message: PlanMessages.invalidSignature });
    }
    expect(await eventCount()).toBe(eventsBefore);
    expect((await viewOf(seller)).planData).toEqual({ plan: 'pro_monthly', status: 'active' });
  });

  it('applies an event once, however often it is delivered', async () => {
    const { seller, event, subscription, customer } = await subscribedSeller();
    const cancelled = fake.event(
      'customer.subscription.deleted',
      stripeSubscription({ id: subscription, customer, status: 'canceled', lookupKey: 'pro_monthly' }),
    );
    expect((await deliver(cancelled)).status).toBe(200);
    // Stripe retries: the completed checkout again must not bring the cancelled plan back.
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true });
    expect((await viewOf(seller)).planData.status).toBe('canceled');
    const recorded = await server.app.db
      .selectFrom('payment_events')
      .select('event_id')
      .where('provider', '=', 'stripe')
      .where('event_id', '=', event.id)
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it('takes access away when payments fail or the subscription ends, and gives it back when paid', async () => {
    const { seller, subscription, customer } = await subscribedSeller();
    const userId = await idOf(seller);
    const updated = (status: string) =>
      fake.event(
        'customer.subscription.updated',
        stripeSubscription({ id: subscription, customer, status, lookupKey: 'pro_monthly', userId }),
      );
    const createListing = async () => {
      const photo = await uploadTestPhoto(server.baseUrl, seller);
      return server.call(routes.createListing, {
        token: seller.token,
        body: listingInput({ photos: [photo.id] }),
      });
    };

    expect((await deliver(updated('past_due'))).status).toBe(200);
    expect(await viewOf(seller)).toMatchObject({ planData: { status: 'past_due' }, canGenerate: false });
    const refused = await createListing();
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('plan_required');

    await deliver(updated('trialing'));
    expect(await viewOf(seller)).toMatchObject({ canGenerate: true });
    expect((await createListing()).status).toBe(201);

    await deliver(fake.event('invoice.payment_failed', failedInvoice({ customer, subscription })));
    expect(await viewOf(seller)).toMatchObject({ planData: { status: 'past_due' }, canGenerate: false });

    await deliver(updated('active'));
    expect((await viewOf(seller)).canGenerate).toBe(true);

    await deliver(
      fake.event(
        'customer.subscription.deleted',
        stripeSubscription({ id: subscription, customer, status: 'canceled', lookupKey: 'pro_monthly' }),
      ),
    );
    expect(await viewOf(seller)).toMatchObject({
      planData: { plan: 'pro_monthly', status: 'canceled' },
      canGenerate: false,
      usage: { aiListingsLimit: null },
    });
    expect((await createListing()).status).toBe(402);
  });

  it('lets no news about an old subscription, or news older than the plan, take the plan away', async () => {
    const { seller, subscription, customer } = await subscribedSeller();
    const oldSubscription = stripeSubscription({
      id: 'sub_old',
      customer,
      status: 'canceled',
      lookupKey: 'standard_monthly',
    });
    await deliver(fake.event('customer.subscription.deleted', oldSubscription));
    await deliver(fake.event('customer.subscription.updated', { ...oldSubscription, status: 'unpaid' }));
    const late = fake.event('invoice.payment_failed', failedInvoice({ customer, subscription }), {
      created: Math.floor(Date.now() / 1000) - 3600,
    });
    await deliver(late);
    expect((await viewOf(seller)).planData).toEqual({ plan: 'pro_monthly', status: 'active' });
  });

  it('records event types it does not act on and answers 200', async () => {
    const event = fake.event('customer.created', { id: 'cus_new', object: 'customer' });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    const row = await server.app.db
      .selectFrom('payment_events')
      .select(['type'])
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    expect(row).toEqual({ type: 'customer.created' });
  });
});
