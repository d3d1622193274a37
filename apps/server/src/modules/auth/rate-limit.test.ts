import { AuthMessages, routes } from '@snaplist/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, uniqueEmail } from '../../testing';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('attempt limits', () => {
  it('refuses the address that guessed an e-mail wrongly, even with the right password, and says when to retry', async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    const seller = await createUser(server.baseUrl);
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await server.call(routes.login, {
        body: { email: seller.email, password: 'wrong password' },
      });
      expect(response.status).toBe(401);
    }
    const locked = await server.call(routes.login, {
      body: { email: seller.email, password: seller.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('rate_limited');
    expect(locked.body.message).toMatch(/too many attempts/i);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    const otherSeller = await createUser(server.baseUrl);
    const unaffected = await server.call(routes.login, {
      body: { email: otherSeller.email, password: otherSeller.password },
    });
    expect(unaffected.status).toBe(200);
  });

  it('lets the seller in from their own address after a stranger guessed ten times, and keeps the stranger out', async () => {
    server = await startTestServer({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_EMAIL: '10',
      AUTH_RATE_LIMIT_PER_IP: '100',
    });
    const seller = await createUser(server.baseUrl);
    const stranger = { 'x-forwarded-for': '203.0.113.66' };
    const sellersHome = { 'x-forwarded-for': '198.51.100.7' };
    const login = (password: string, headers: Record<string, string>) =>
      server?.call(routes.login, { body: { email: seller.email, password }, headers });

    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login('wrong password', stranger))?.status).toBe(401);
    }
    expect((await login(seller.password, sellersHome))?.status).toBe(200);

    const strangerAgain = await login(seller.password, stranger);
    expect(strangerAgain?.status).toBe(429);
    expect(strangerAgain?.body.code).toBe('rate_limited');
    expect((await login('another guess', stranger))?.status).toBe(429);
    expect((await login(seller.password, sellersHome))?.status).toBe(200);
  });

  it('does not count successful log-ins against the e-mail', async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_EMAIL: '2', AUTH_RATE_LIMIT_PER_IP: '100' });
    const seller = await createUser(server.baseUrl);
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await server.call(routes.login, {
        body: { email: seller.email, password: seller.password },
      });
      expect(response.status).toBe(200);
    }
  });

  it('limits log-in attempts per IP across e-mails', async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_EMAIL: '100', AUTH_RATE_LIMIT_PER_IP: '3' });
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await server.call(routes.login, {
        body: { email: uniqueEmail(), password: 'whatever-123' },
      });
      expect(response.status).toBe(401);
    }
    const response = await server.call(routes.login, {
      body: { email: uniqueEmail(), password: 'whatever-123' },
    });
    expect(response.status).toBe(429);
  });

  it('runs a sign-up prober out of answers: the same 429 as log-in, whether the e-mail is taken or not', async () => {
    server = await startTestServer({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_EMAIL: '100',
      AUTH_RATE_LIMIT_PER_IP: '3',
    });
    const seller = await createUser(server.baseUrl);
    const prober = { 'x-forwarded-for': '203.0.113.9' };
    const signup = (email: string, headers: Record<string, string> = prober) =>
      server?.call(routes.signup, { body: { email, password: 'long enough' }, headers });

    expect((await signup(seller.email))?.status).toBe(409);
    expect((await signup(uniqueEmail()))?.status).toBe(201);
    expect((await signup(uniqueEmail()))?.status).toBe(201);

    for (const email of [seller.email, uniqueEmail()]) {
      const refused = await signup(email);
      expect(refused?.status).toBe(429);
      expect(refused?.body).toEqual({ code: 'rate_limited', message: AuthMessages.rateLimited });
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // Sign-ups have their own budget: someone at the same address can still log in, and others sign up.
    const login = await server.call(routes.login, {
      body: { email: seller.email, password: seller.password },
      headers: prober,
    });
    expect(login.status).toBe(200);
    expect((await signup(uniqueEmail(), { 'x-forwarded-for': '198.51.100.20' }))?.status).toBe(201);
  });

  it('limits sign-ups per IP and per e-mail', async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_EMAIL: '2', AUTH_RATE_LIMIT_PER_IP: '3' });
    const email = uniqueEmail();
    const signup = (address: string) =>
      server?.call(routes.signup, { body: { email: address, password: 'long enough' } });
    expect((await signup(email))?.status).toBe(201);
    expect((await signup(email))?.status).toBe(409);
    expect((await signup(email))?.status).toBe(429);
    expect((await signup(uniqueEmail()))?.status).toBe(429);
  });
});
