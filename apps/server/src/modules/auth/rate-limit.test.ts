import { AuthMessages, routes } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
      TRUST_PROXY: '1',
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
      TRUST_PROXY: '1',
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

  it('counts the address the proxy saw, however the client fills X-Forwarded-For in before it (TRUST_PROXY=1)', async () => {
    server = await startTestServer({
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_PER_EMAIL: '100',
      AUTH_RATE_LIMIT_PER_IP: '3',
    });
    // The proxy adds the address it got the request from at the end; all before it is the client's own word.
    const login = (forged: string, client: string) =>
      server?.call(routes.login, {
        body: { email: uniqueEmail(), password: 'a guess of mine' },
        headers: { 'x-forwarded-for': `${forged}, ${client}` },
      });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(`198.51.100.${attempt}`, '203.0.113.5'))?.status).toBe(401);
    }
    expect((await login('198.51.100.99', '203.0.113.5'))?.status).toBe(429);
    expect((await login('203.0.113.5', '203.0.113.6'))?.status).toBe(401);
  });

  it('takes X-Forwarded-For only from the proxies TRUST_PROXY lists', async () => {
    const attempts = async (trustProxy: string) => {
      server = await startTestServer({
        TRUST_PROXY: trustProxy,
        AUTH_RATE_LIMIT_PER_EMAIL: '100',
        AUTH_RATE_LIMIT_PER_IP: '2',
      });
      const statuses: number[] = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        const response = await server.call(routes.login, {
          body: { email: uniqueEmail(), password: 'a guess of mine' },
          headers: { 'x-forwarded-for': client },
        });
        statuses.push(response.status);
      }
      await server.close();
      server = undefined;
      return statuses;
    };
    // The tests' requests come from 127.0.0.1: a listed proxy names three clients, any other peer is the client.
    expect(await attempts('127.0.0.1')).toEqual([401, 401, 401]);
    expect(await attempts('10.0.0.0/8, fd00::/8')).toEqual([401, 401, 429]);
  });
});

describe('guessing one account from many addresses at once', () => {
  /** A pause the test releases by hand, one at a time, noting how many waited at once. */
  function heldPauses() {
    const held: { milliseconds: number; release: () => void }[] = [];
    const state = { asked: [] as number[], mostAtOnce: 0 };
    return {
      state,
      held,
      pause: (milliseconds: number) =>
        new Promise<void>((release) => {
          held.push({ milliseconds, release });
          state.asked.push(milliseconds);
          state.mostAtOnce = Math.max(state.mostAtOnce, held.length);
        }),
      async releaseNext() {
        await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), { timeout: 10_000 });
        held.shift()?.release();
      },
    };
  }

  it('answers parallel guesses one pause apart once the account is past its limit, and still lets the seller in', async () => {
    const pauses = heldPauses();
    server = await startTestServer(
      { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_EMAIL: '2', AUTH_RATE_LIMIT_PER_IP: '100' },
      undefined,
      { pause: pauses.pause },
    );
    const seller = await createUser(server.baseUrl);
    const login = (password: string, address: string) =>
      server?.call(routes.login, {
        body: { email: seller.email, password },
        headers: { 'x-forwarded-for': address },
      });
    // Below the limit nobody waits.
    expect((await login('first guess', '203.0.113.1'))?.status).toBe(401);
    expect((await login('second guess', '203.0.113.2'))?.status).toBe(401);
    expect(pauses.state.asked).toEqual([]);

    const answered: string[] = [];
    const send = (name: string, password: string, address: string) =>
      login(password, address)?.then((response) => {
        answered.push(name);
        return response.status;
      });
    const guesses = Array.from({ length: 5 }, (_, index) =>
      send(`guess ${index}`, `guess number ${index}`, `198.51.100.${index + 10}`),
    );
    const sellersOwn = send('seller', seller.password, '192.0.2.80');

    for (let turn = 0; turn < 6; turn++) {
      await pauses.releaseNext();
      // Each turn is answered before the next one's pause starts: nothing else moved meanwhile.
      await vi.waitFor(() => expect(answered).toHaveLength(turn + 1), { timeout: 10_000 });
      expect(pauses.held.length).toBeLessThanOrEqual(1);
    }
    expect(await Promise.all(guesses)).toEqual([401, 401, 401, 401, 401]);
    expect(await sellersOwn).toBe(200);
    expect(pauses.state.asked).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    expect(pauses.state.mostAtOnce).toBe(1);
  });
});
