// Test-data factories shared by the server's tests and the Playwright journeys. They go through the
// public HTTP API, so what they create is exactly what a real seller would have.
import crypto from 'node:crypto';
import { routes, type User } from '@snaplist/contract';
import { expectOk, httpClient } from './http-client';

export interface TestUser {
  email: string;
  password: string;
  token: string;
  user: User;
}

export interface CreateUserOverrides {
  email?: string;
  password?: string;
  /**
   * A price id (e.g. 'pro_monthly') bought right after sign-up through the local test checkout, as a seller
   * would; the server must run the default PAYMENT_PROVIDER=local.
   */
  plan?: string;
}

export function uniqueEmail(label = 'seller'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

export async function createUser(baseUrl: string, overrides: CreateUserOverrides = {}): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `pw-${crypto.randomUUID()}`;
  const body = expectOk(
    await httpClient(baseUrl).call(routes.signup, {
      body: { email, password, isNewDashboard: true, product: 'crosslister' },
    }),
  );
  const user = { email, password, token: body.jwtToken, user: body.user };
  return overrides.plan ? activatePlan(baseUrl, user, overrides.plan) : user;
}

/**
 * Buys a plan through the local test checkout, click for click: POST /api/checkout, open the page it
 * answers, submit its Confirm form. Answers the seller as the auth check now describes them.
 */
export async function activatePlan(baseUrl: string, user: TestUser, priceId: string): Promise<TestUser> {
  const pagePath = await openCheckout(baseUrl, user, priceId);
  const page = await fetch(`${baseUrl}${pagePath}`);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`activatePlan: checkout page ${page.status} ${html}`);
  const confirm = /<form method="post" action="([^"]+\/confirm)">/.exec(html)?.[1];
  if (!confirm) throw new Error('activatePlan: the checkout page has no Confirm form');
  const confirmed = await fetch(`${baseUrl}${confirm}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (confirmed.status !== 200) {
    throw new Error(`activatePlan: confirm ${confirmed.status} ${await confirmed.text()}`);
  }
  return refreshUser(baseUrl, user);
}

/**
 * POST /api/checkout for a price id; answers the path of the payment page. The URL's origin is the
 * configured PUBLIC_URL, which a server on a random test port does not match, so callers use the path.
 */
export async function openCheckout(baseUrl: string, user: TestUser, priceId: string): Promise<string> {
  const { url } = expectOk(
    await httpClient(baseUrl).call(routes.checkout, { token: user.token, body: { plan: priceId } }),
  );
  return new URL(url).pathname;
}

/** The seller as the auth check describes them now (plan, usage, onboarding). */
export async function refreshUser(baseUrl: string, user: TestUser): Promise<TestUser> {
  const { user: described } = expectOk(
    await httpClient(baseUrl).call(routes.authCheck, { token: user.token, body: { product: 'crosslister' } }),
  );
  return { ...user, user: described };
}
