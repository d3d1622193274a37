// Deleting a Stripe subscriber's account (decision 043), against the local server speaking Stripe's API: the
// subscription is cancelled before anything is deleted; Stripe failing stops the deletion with 502 and nothing
// lost, and a retry finishes it, also when the first attempt had cancelled the subscription already.
import { routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import {
  completedCheckoutSession,
  createUser,
  expectOk,
  startFakeStripe,
  stripeSubscription,
  type TestUser,
} from '../../testing';
import { rowsMentioning, userIdOf } from '../../testing/account-data';
import { useForSuite, useTestServer } from '../../testing/test-server-per-suite';
import { LeavingMessages } from './account.service';

const fake = useForSuite(startFakeStripe);
const server = useTestServer(() => fake().env);

/** A seller who bought a plan through Stripe Checkout, with the subscription Stripe made for it. */
async function subscriber(): Promise<{ seller: TestUser; userId: string; subscription: string }> {
  const seller = await createUser(server().baseUrl);
  expectOk(await server().call(routes.checkout, { token: seller.token, body: { plan: 'pro_monthly' } }));
  const completed = completedCheckoutSession(fake().checkoutSessions.at(-1) ?? {});
  const subscription = String(completed.subscription);
  const userId = await userIdOf(server().app.db, seller.email);
  fake().addSubscription(
    stripeSubscription({
      id: subscription,
      customer: String(completed.customer),
      status: 'active',
      lookupKey: 'pro_monthly',
      userId,
    }),
  );
  const { body, headers } = fake().signed(fake().event('checkout.session.completed', completed));
  expect((await server().request('POST', '/api/payments/webhook', { body, headers })).status).toBe(200);
  return { seller, userId, subscription };
}

function deleteAccount(seller: TestUser) {
  return server().call(routes.deleteAccount, {
    token: seller.token,
    body: { confirmation: seller.email, currentPassword: seller.password },
  });
}

function cancellations(subscription: string) {
  return fake().requests.filter(
    (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscription}`,
  );
}

describe('deleting a Stripe subscriber’s account', () => {
  it('cancels the subscription at Stripe, then deletes the account', async () => {
    const { seller, userId, subscription } = await subscriber();
    expect(fake().subscriptions.get(subscription)?.status).toBe('active');

    expectOk(await deleteAccount(seller));

    expect(cancellations(subscription)).toHaveLength(1);
    expect(fake().subscriptions.get(subscription)?.status).toBe('canceled');
    expect(await rowsMentioning(server().app.db, [userId, seller.email])).toEqual([]);
  });

  it('answers 502 and deletes nothing while Stripe fails; a retry then finishes the job', async () => {
    const { seller, userId, subscription } = await subscriber();
    const before = await rowsMentioning(server().app.db, [userId]);

    fake().failWith(500);
    try {
      const refused = await deleteAccount(seller);
      expect(refused.status).toBe(502);
      expect(refused.body).toMatchObject({
        code: 'internal_error',
        message: LeavingMessages.paymentUnreachable,
      });
    } finally {
      fake().failWith(null);
    }
    expect(fake().subscriptions.get(subscription)?.status).toBe('active');
    expect(await rowsMentioning(server().app.db, [userId])).toEqual(before);
    expect((await server().call(routes.authCheck, { token: seller.token, body: {} })).status).toBe(200);

    expectOk(await deleteAccount(seller));
    expect(fake().subscriptions.get(subscription)?.status).toBe('canceled');
    expect(await rowsMentioning(server().app.db, [userId])).toEqual([]);
  });

  it('goes through when the subscription was cancelled already (Stripe no longer knows it)', async () => {
    const { seller, userId, subscription } = await subscriber();
    // As after an attempt that cancelled it and then failed, or the seller cancelling at Stripe.
    const stored = fake().subscriptions.get(subscription) ?? {};
    fake().subscriptions.set(subscription, { ...stored, status: 'canceled' });

    expectOk(await deleteAccount(seller));
    expect(cancellations(subscription)).toHaveLength(1);
    expect(await rowsMentioning(server().app.db, [userId])).toEqual([]);
  });

  it('asks Stripe nothing for a seller without a subscription', async () => {
    const seller = await createUser(server().baseUrl);
    const calls = fake().requests.length;
    expectOk(await deleteAccount(seller));
    expect(fake().requests.length).toBe(calls);
  });
});
