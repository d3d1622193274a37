import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, refreshUser, startTestServer, type TestServer } from '../../testing';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('POST /api/users/onboarding', () => {
  it('keeps the onboarding seen on the server, so a new log-in (another device) does not show it again', async () => {
    const seller = await createUser(server.baseUrl);
    expect(seller.user.hasSeenOnboarding).toBe(false);

    const seen = await server.request('POST', '/api/users/onboarding', { token: seller.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ ok: true });
    expect((await refreshUser(server.baseUrl, seller)).user.hasSeenOnboarding).toBe(true);

    const elsewhere = await server.request('POST', '/api/user/login', {
      body: { email: seller.email, password: seller.password },
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.user.hasSeenOnboarding).toBe(true);
  });

  it('needs a signed-in seller', async () => {
    expect((await server.request('POST', '/api/users/onboarding')).status).toBe(401);
  });
});
