import { AuthMessages, routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { asErrorResponse, createUser, expectOk, startTestServer, uniqueEmail } from '../../testing';
import { useTestServer } from '../../testing/test-server-per-suite';

const server = useTestServer();
const db = () => server().app.db;

describe('POST /api/user/signup', () => {
  it('creates the account, normalises the e-mail, stores an argon2id hash and returns a working token', async () => {
    const email = uniqueEmail('Mixed.Case');
    const response = await server().call(routes.signup, {
      body: {
        email: `  ${email.toUpperCase()} `,
        password: 'correct horse battery',
        isNewDashboard: true,
        product: 'crosslister',
        name: email,
      },
    });

    const created = expectOk(response);
    expect(created.user).toEqual({
      email: email.toLowerCase(),
      emailVerified: false,
      hasPassword: true,
      linkedProviders: [],
      isNewUser: true,
      hasSeenOnboarding: false,
      planData: { plan: null, status: null },
      canGenerate: true,
      freeAccess: false,
      usage: {
        month: new Date().toISOString().slice(0, 7),
        aiListingsUsed: 0,
        aiListingsLimit: null,
        freeAiListingsLeft: 3,
      },
    });
    const stored = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain('correct horse battery');

    const check = await server().call(routes.authCheck, {
      token: created.jwtToken,
      body: { product: 'crosslister' },
    });
    expect(expectOk(check).user.email).toBe(email.toLowerCase());
  });

  it('refuses a taken e-mail, whatever its case, with 409', async () => {
    const existing = await createUser(server().baseUrl);
    const response = await server().call(routes.signup, {
      body: { email: existing.email.toUpperCase(), password: 'another password' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'email_taken', message: AuthMessages.emailTaken });
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, 'email', 'Invalid email address'],
    [{ email: 'a@b', password: 'long enough' }, 'email', 'Invalid email address'],
    [{ email: 'a b@c.de', password: 'long enough' }, 'email', 'Invalid email address'],
    [{ password: 'long enough' }, 'email', 'Invalid email address'],
    [{ email: 'ok@example.test', password: '' }, 'password', 'You need to enter a password'],
    [{ email: 'ok@example.test' }, 'password', 'You need to enter a password'],
    [{ email: 'ok@example.test', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [
      { email: 'ok@example.test', password: 'x'.repeat(257) },
      'password',
      'Password must be at most 256 characters',
    ],
  ])('rejects %j with 400 naming %s', async (body, field, message) => {
    // Raw: some bodies leave out what the types require.
    const response = asErrorResponse(await server().request('POST', '/api/user/signup', { body }));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.message).toBe(message);
    expect(response.body.details).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('writes nothing when the request is refused', async () => {
    const before = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await server().call(routes.signup, { body: { email: uniqueEmail(), password: 'short' } });
    const after = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('POST /api/user/login', () => {
  it('logs in with the right password, whatever the e-mail case and surrounding spaces', async () => {
    const seller = await createUser(server().baseUrl);
    const response = await server().call(routes.login, {
      body: {
        email: ` ${seller.email.toUpperCase()}`,
        password: seller.password,
        isNewDashboard: true,
        product: 'crosslister',
      },
    });
    const loggedIn = expectOk(response);
    expect(loggedIn.user.email).toBe(seller.email);
    expect(loggedIn.jwtToken).not.toBe(seller.token);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const seller = await createUser(server().baseUrl);
    const wrongPassword = await server().call(routes.login, {
      body: { email: seller.email, password: 'not the password' },
    });
    const unknownEmail = await server().call(routes.login, {
      body: { email: uniqueEmail(), password: seller.password },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      code: 'invalid_credentials',
      message: AuthMessages.invalidCredentials,
    });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('returns the spec texts for a bad e-mail and a missing password', async () => {
    const response = await server().call(routes.login, { body: { email: 'nope', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { field: 'email', code: 'email_invalid', message: 'Invalid email address' },
      { field: 'password', code: 'password_required', message: 'You need to enter a password' },
    ]);
  });
});

describe('tokens', () => {
  it('requires a bearer token on the auth check and on log-out', async () => {
    for (const route of [routes.authCheck, routes.logout]) {
      const response = await server().call(route);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(response.body.code).toBe('unauthorized');
    }
  });

  it('revokes a token for good on log-out, and only that token', async () => {
    const seller = await createUser(server().baseUrl);
    const otherDevice = expectOk(
      await server().call(routes.login, { body: { email: seller.email, password: seller.password } }),
    );

    const logout = await server().call(routes.logout, { token: seller.token });
    expect(logout.status).toBe(200);

    expect((await server().call(routes.authCheck, { token: seller.token, body: {} })).status).toBe(401);
    expect((await server().call(routes.logout, { token: seller.token })).status).toBe(401);
    expect((await server().call(routes.authCheck, { token: otherDevice.jwtToken, body: {} })).status).toBe(
      200,
    );
  });

  it('rejects a token whose signature was tampered with', async () => {
    const seller = await createUser(server().baseUrl);
    const [header, payload] = seller.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const response = await server().call(routes.authCheck, { token: forged, body: {} });
    expect(response.status).toBe(401);
  });

  it('rejects a token signed by another server', async () => {
    const other = await startTestServer();
    try {
      const stranger = await createUser(other.baseUrl);
      const response = await server().call(routes.authCheck, { token: stranger.token, body: {} });
      expect(response.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('accepts the auth check with no body at all', async () => {
    const seller = await createUser(server().baseUrl);
    const response = await server().call(routes.authCheck, { token: seller.token });
    expect(response.status).toBe(200);
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const seller = await createUser(server().baseUrl);
    await server().call(routes.login, { body: { email: seller.email, password: seller.password } });
    await server().call(routes.login, { body: { email: seller.email, password: 'wrong-password-123' } });
    await server().call(routes.authCheck, { token: seller.token, body: {} });

    const logs = server().logs();
    expect(logs).toContain('/api/user/login');
    expect(logs).not.toContain(seller.password);
    expect(logs).not.toContain('wrong-password-123');
    expect(logs).not.toContain(seller.token);
  });
});
