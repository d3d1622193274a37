import { routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { createUser, expectOk, refreshUser } from '../../testing';
import { useTestServer } from '../../testing/test-server-per-suite';

const server = useTestServer();

describe('POST /api/users/onboarding', () => {
  it('keeps the onboarding seen on the server, so a new log-in (another device) does not show it again', async () => {
    const seller = await createUser(server().baseUrl);
    expect(seller.user.hasSeenOnboarding).toBe(false);

    const seen = await server().call(routes.completeOnboarding, { token: seller.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ ok: true });
    expect((await refreshUser(server().baseUrl, seller)).user.hasSeenOnboarding).toBe(true);

    const elsewhere = await server().call(routes.login, {
      body: { email: seller.email, password: seller.password },
    });
    expect(expectOk(elsewhere).user.hasSeenOnboarding).toBe(true);
  });

  it('needs a signed-in seller', async () => {
    expect((await server().call(routes.completeOnboarding)).status).toBe(401);
  });
});
