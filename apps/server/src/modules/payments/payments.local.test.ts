import { issueMessage, PlanMessages, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  expectOk,
  openCheckout,
  refreshUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../testing';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://snap.example.com', FREE_AI_LISTINGS: '0' });
});

afterAll(async () => {
  await server.close();
});

function checkout(user: TestUser, plan: string) {
  return server.call(routes.checkout, { token: user.token, body: { plan } });
}

// Raw: the checkout page and its forms are HTML, outside the route table.
function page(method: 'GET' | 'POST', path: string) {
  return server.request(method, path, {
    headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: method === 'POST' ? '' : undefined,
  });
}

function formAction(html: string, name: 'confirm' | 'cancel'): string {
  const action = new RegExp(`<form method="post" action="([^"]+/${name})">`).exec(html)?.[1];
  if (!action) throw new Error(`no ${name} form in ${html}`);
  return action;
}

describe('the local test checkout', () => {
  it('activates the plan end to end: checkout URL, test page, Confirm, and the auth check shows it', async () => {
    const seller = await createUser(server.baseUrl);
    expect(seller.user).toMatchObject({ canGenerate: false, planData: { plan: null, status: null } });

    const started = expectOk(await checkout(seller, 'pro_monthly'));
    expect(started.url).toMatch(/^https:\/\/snap\.example\.com\/api\/checkout\/local\/[0-9a-f-]{36}$/);
    const path = new URL(started.url).pathname;

    const shown = await page('GET', path);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shown.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.text).toContain('Test checkout: no payment is taken');
    expect(shown.text).toContain('Snaplist Pro');
    expect(shown.text).toContain('$29.99');
    expect(shown.text).toContain(seller.email);
    expect(shown.text).toMatch(/<button type="submit">Confirm<\/button>/);
    expect(shown.text).toMatch(/<button type="submit" class="secondary">Cancel<\/button>/);
    expect(shown.text).not.toMatch(/<script|<link|src=/);

    const confirmed = await page('POST', formAction(shown.text, 'confirm'));
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Your plan is active. You can close this window.');
    expect(confirmed.text).toContain('href="/dashboard"');

    const after = await refreshUser(server.baseUrl, seller);
    expect(after.user).toMatchObject({
      planData: { plan: 'pro_monthly', status: 'active' },
      canGenerate: true,
      usage: { aiListingsLimit: 100 },
    });
    const sessionId = path.split('/').pop();
    const recorded = await server.app.db
      .selectFrom('payment_events')
      .selectAll()
      .where('event_id', '=', `local_${sessionId}`)
      .execute();
    expect(recorded).toMatchObject([{ provider: 'local', type: 'local.checkout.completed' }]);
    const row = await server.app.db
      .selectFrom('users')
      .select(['plan_tier', 'plan_period'])
      .where('email', '=', seller.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ plan_tier: 'pro', plan_period: 'monthly' });

    // Single use: the link is spent.
    expect((await page('GET', path)).status).toBe(410);
    const twice = await page('POST', formAction(shown.text, 'confirm'));
    expect(twice.status).toBe(410);
    expect(twice.text).toContain('This checkout has already been used');
  });

  it('refuses the plan the seller is already on with 409, and lets them change to another', async () => {
    const seller = await createUser(server.baseUrl, { plan: 'standard_monthly' });
    const again = await checkout(seller, 'standard_monthly');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'already_on_plan', message: PlanMessages.alreadyOnPlan });
    expect((await checkout(seller, 'standard_yearly')).status).toBe(200);
  });

  it.each([['ultra_monthly'], ['no_such_plan'], ['']])('refuses %j as a plan with 400', async (plan) => {
    const seller = await createUser(server.baseUrl);
    const response = await checkout(seller, plan);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'validation_failed',
      message: issueMessage('plan_unknown'),
      details: [{ field: 'plan', code: 'plan_unknown' }],
    });
  });

  it('needs a signed-in seller to start a checkout', async () => {
    const response = await server.call(routes.checkout, { body: { plan: 'pro_monthly' } });
    expect(response.status).toBe(401);
  });

  it('cancels without activating anything, and the cancelled link cannot be confirmed later', async () => {
    const seller = await createUser(server.baseUrl);
    const path = await openCheckout(server.baseUrl, seller, 'pro_yearly');
    const shown = await page('GET', path);
    expect(shown.text).toContain('$299.99');
    const cancelled = await page('POST', formAction(shown.text, 'cancel'));
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).toContain('Checkout cancelled');
    const late = await page('POST', formAction(shown.text, 'confirm'));
    expect(late.status).toBe(410);
    expect((await refreshUser(server.baseUrl, seller)).user.planData.plan).toBeNull();
  });

  it('answers an unknown link with a 404 page and an expired one with a 410 page', async () => {
    const unknown = await page('GET', '/api/checkout/local/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain(PlanMessages.checkoutNotFound);

    const seller = await createUser(server.baseUrl);
    const path = await openCheckout(server.baseUrl, seller, 'pro_monthly');
    await server.app.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', path.split('/').pop() ?? '')
      .execute();
    const expired = await page('POST', `${path}/confirm`);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('This checkout has expired');
    expect((await refreshUser(server.baseUrl, seller)).user.planData.plan).toBeNull();
  });

  it('escapes what it shows', async () => {
    const seller = await createUser(server.baseUrl, { email: `o'neil<b>-${Date.now()}@example.test` });
    const shown = await page('GET', await openCheckout(server.baseUrl, seller, 'pro_monthly'));
    expect(shown.text).toContain('o&#39;neil&lt;b&gt;');
    expect(shown.text).not.toContain('<b>');
  });

  it('takes no webhooks: the local provider has nothing to sign them', async () => {
    // Raw: a webhook is the exact bytes the provider signed.
    const response = await server.request('POST', '/api/payments/webhook', {
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_signature', message: PlanMessages.invalidSignature });
  });
});
