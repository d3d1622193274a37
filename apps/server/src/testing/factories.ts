// Test-data factories shared by the server's tests and the Playwright journeys. They go through the
// public HTTP API, so what they create is exactly what a real seller would have.
import crypto from 'node:crypto';
import type { AuthResponse, User } from '@snaplist/contract';

export interface TestUser {
  email: string;
  password: string;
  token: string;
  user: User;
}

export function uniqueEmail(label = 'seller'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

export async function createUser(
  baseUrl: string,
  overrides: Partial<Pick<TestUser, 'email' | 'password'>> = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `pw-${crypto.randomUUID()}`;
  const response = await fetch(`${baseUrl}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, isNewDashboard: true, product: 'crosslister' }),
  });
  if (!response.ok) throw new Error(`createUser: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as AuthResponse;
  return { email, password, token: body.jwtToken, user: body.user };
}
