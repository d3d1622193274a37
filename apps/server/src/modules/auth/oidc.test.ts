// Google and Apple sign-in (decision 041) over real HTTP, against real OpenID providers running here
// (testing/oidc-provider.ts: one like Google, one like Apple) and a real SMTP server for the link e-mails.
import crypto from 'node:crypto';
import net from 'node:net';
import { OidcMessages, type OidcProvider, routes } from '@snaplist/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import {
  type AppleTestKey,
  type CapturedMail,
  createAppleTestKey,
  createUser,
  expectOk,
  type ProviderAnswer,
  readOpenApiDocument,
  signInAtProvider,
  startTestOidcProvider,
  startTestServer,
  startTestSmtpServer,
  type TestOidcAccount,
  type TestOidcProvider,
  type TestServer,
  type TestSmtpServer,
  uniqueEmail,
} from '../../testing';

const PUBLIC_URL = 'https://snaplist.test';
const GOOGLE_REDIRECT = `${PUBLIC_URL}/auth/callback/google`;
const APPLE_REDIRECT = `${PUBLIC_URL}/api/auth/oidc/apple/callback`;
const GOOGLE_CLIENT = { id: 'snaplist-google-client', secret: 'google-client-secret' };
const APPLE_CLIENT = { id: 'test.snaplist.signin', teamId: 'TEAM123456' };
const MINUTE_MS = 60 * 1000;

/** How far the server's clock is ahead of the real one; tests move it to let attempts and links expire. */
let clockOffsetMs = 0;
let smtp: TestSmtpServer;
let google: TestOidcProvider;
let apple: TestOidcProvider;
let appleKey: AppleTestKey;
let server: TestServer;

function providerEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PUBLIC_URL,
    MAIL_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    OIDC_RATE_LIMIT_PER_IP: '1000',
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    GOOGLE_ISSUER: google.issuer,
    APPLE_CLIENT_ID: APPLE_CLIENT.id,
    APPLE_TEAM_ID: APPLE_CLIENT.teamId,
    APPLE_KEY_ID: appleKey.keyId,
    APPLE_PRIVATE_KEY: appleKey.privateKeyPem,
    APPLE_ISSUER: apple.issuer,
    ...overrides,
  };
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  appleKey = createAppleTestKey();
  google = await startTestOidcProvider({
    like: 'google',
    clientId: GOOGLE_CLIENT.id,
    clientSecret: GOOGLE_CLIENT.secret,
    redirectUri: GOOGLE_REDIRECT,
  });
  apple = await startTestOidcProvider({
    like: 'apple',
    clientId: APPLE_CLIENT.id,
    redirectUri: APPLE_REDIRECT,
    apple: { teamId: APPLE_CLIENT.teamId, key: appleKey },
  });
  server = await startTestServer(providerEnv(), undefined, {
    now: () => new Date(Date.now() + clockOffsetMs),
  });
});

afterAll(async () => {
  await server?.close();
  await google?.close();
  await apple?.close();
  await smtp?.close();
});

afterEach(() => {
  clockOffsetMs = 0;
});

interface Started {
  authorizationUrl: string;
  state: string;
  browserKey: string;
}

function start(provider: OidcProvider, target: TestServer = server) {
  return target.call(routes.startOidc, { params: { provider }, body: { language: 'en' } });
}

/** Apple's form_post, as the browser sends it to our server: the answer is where the browser goes next. */
async function postAppleForm(fields: Record<string, string>, target: TestServer = server): Promise<Response> {
  return fetch(`${target.baseUrl}/api/auth/oidc/apple/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** The code and state the web app's callback page gets, whichever way the provider answered. */
async function callbackParameters(
  answer: ProviderAnswer,
  target: TestServer = server,
): Promise<{ code: string; state: string }> {
  let query = new URLSearchParams(answer.fields);
  if (answer.mode === 'form_post') {
    expect(answer.target).toBe(APPLE_REDIRECT);
    const redirected = await postAppleForm(answer.fields, target);
    expect(redirected.status).toBe(303);
    const location = new URL(redirected.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/auth/callback/apple`);
    query = location.searchParams;
  } else {
    expect(answer.target).toBe(GOOGLE_REDIRECT);
  }
  return { code: query.get('code') ?? '', state: query.get('state') ?? '' };
}

/** Starts, signs in at the provider as `account`, and answers what the callback page would hand over. */
async function signIn(
  provider: OidcProvider,
  account: TestOidcAccount,
  target: TestServer = server,
  alterAuthorizationUrl: (url: URL) => void = () => {},
): Promise<Started & { code: string }> {
  const started = expectOk(await start(provider, target));
  const url = new URL(started.authorizationUrl);
  alterAuthorizationUrl(url);
  const { code, state } = await callbackParameters(await signInAtProvider(url.href, account), target);
  expect(state).toBe(started.state);
  return { ...started, code };
}

function complete(
  provider: OidcProvider,
  body: { state: string; code: string; browserKey: string },
  target: TestServer = server,
) {
  return target.call(routes.completeOidc, { params: { provider }, body });
}

/** Once linked, the provider's account signs in to the existing account, with no step between. */
async function expectSignedStraightIn(provider: OidcProvider, account: TestOidcAccount) {
  const direct = expectOk(await complete(provider, await signIn(provider, account)));
  expect(direct).toMatchObject({
    status: 'signed_in',
    accountCreated: false,
    user: { email: account.email },
  });
}

function authCheck(token: string) {
  return server.call(routes.authCheck, { token, body: { product: 'crosslister' } });
}

/** The next link e-mail to `email`, past the other mail a new account gets (its address confirmation). */
async function linkMail(email: string): Promise<CapturedMail> {
  for (;;) {
    const mail = await smtp.waitForMessage(email);
    if (mail.text.includes('/auth/link?token=')) return mail;
  }
}

function subject(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2)}`;
}

const signInFailed = { code: 'oidc_failed', message: OidcMessages.signInFailed };

describe('signing in with Google', () => {
  it('creates the account on the first sign-in, and signs into it on the next', async () => {
    const account = { subject: subject('google'), email: uniqueEmail('Google.Seller') };
    const first = await signIn('google', account);
    expect(first.authorizationUrl.startsWith(`${google.issuer}/auth?`)).toBe(true);
    const authorization = new URL(first.authorizationUrl).searchParams;
    expect(authorization.get('code_challenge_method')).toBe('S256');
    expect(authorization.get('scope')).toBe('openid email');
    expect(authorization.get('redirect_uri')).toBe(GOOGLE_REDIRECT);
    expect(authorization.get('nonce')).toBeTruthy();
    expect(authorization.toString()).not.toContain(first.browserKey);

    const created = expectOk(await complete('google', first));
    if (created.status !== 'signed_in') throw new Error(`not signed in: ${created.status}`);
    expect(created.accountCreated).toBe(true);
    expect(created.user).toMatchObject({
      email: account.email.toLowerCase(),
      isNewUser: true,
      emailVerified: true,
      hasPassword: false,
      linkedProviders: ['google'],
    });
    expect((await authCheck(created.jwtToken)).status).toBe(200);
    // Nobody knows the password of an account Google made.
    const login = await server.call(routes.login, { body: { email: account.email, password: '' } });
    expect(login.status).toBe(400);

    const again = expectOk(await complete('google', await signIn('google', account)));
    if (again.status !== 'signed_in') throw new Error(`not signed in: ${again.status}`);
    expect(again.accountCreated).toBe(false);
    expect(again.user.email).toBe(account.email.toLowerCase());
    expect(again.jwtToken).not.toBe(created.jwtToken);
    const rows = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('makes no account from an address Google has not verified', async () => {
    const account = { subject: subject('google'), email: uniqueEmail(), emailVerified: false };
    const refused = await complete('google', await signIn('google', account));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'oidc_email_unconfirmed', message: OidcMessages.emailUnconfirmed });
    const rows = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses a provider that shares no address with 422', async () => {
    const refused = await complete('google', await signIn('google', { subject: subject('no-email') }));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ code: 'oidc_email_missing', message: OidcMessages.emailMissing });
  });
});

describe('signing in with Apple', () => {
  it('goes through the form_post route and creates the account of a private relay address', async () => {
    const account = {
      subject: subject('apple'),
      email: `${subject('relay')}@privaterelay.appleid.com`,
      isPrivateEmail: true,
    };
    const started = expectOk(await start('apple'));
    const authorization = new URL(started.authorizationUrl).searchParams;
    expect(authorization.get('response_mode')).toBe('form_post');
    expect(authorization.get('scope')).toBe('openid email name');
    expect(authorization.get('redirect_uri')).toBe(APPLE_REDIRECT);

    const answer = await signInAtProvider(started.authorizationUrl, account);
    expect(answer.mode).toBe('form_post');
    const redirected = await postAppleForm({ ...answer.fields, user: '{"name":{"firstName":"Ada"}}' });
    expect(redirected.status).toBe(303);
    const location = new URL(redirected.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/auth/callback/apple`);
    expect(location.searchParams.get('state')).toBe(started.state);
    expect(location.searchParams.get('code')).toBe(answer.fields.code);

    const created = expectOk(
      await complete('apple', {
        state: started.state,
        code: location.searchParams.get('code') ?? '',
        browserKey: started.browserKey,
      }),
    );
    expect(created).toMatchObject({
      status: 'signed_in',
      accountCreated: true,
      user: { email: account.email, isNewUser: true, emailVerified: true, linkedProviders: ['apple'] },
    });
  });

  it('sends a cancelled sign-in on to the page with its error', async () => {
    const redirected = await postAppleForm({ error: 'user_cancelled_authorize', state: 'some-state' });
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toBe(
      `${PUBLIC_URL}/auth/callback/apple?error=user_cancelled_authorize&state=some-state`,
    );
  });

  it('is described in the OpenAPI document as a form that answers 303', async () => {
    const document = await readOpenApiDocument(server.baseUrl);
    const operation = document.paths['/api/auth/oidc/apple/callback']?.post;
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['303', '400', '415']));
  });

  it('refuses a form without code or error, and JSON', async () => {
    expect((await postAppleForm({ state: 'some-state' })).status).toBe(400);
    const json = await server.request('POST', '/api/auth/oidc/apple/callback', {
      body: { state: 'some-state', code: 'x' },
    });
    expect(json.status).toBe(415);
  });

  it('is refused by Apple when the client secret is signed with another key', async () => {
    const otherKey = createAppleTestKey();
    const impostor = await startTestServer(
      providerEnv({ APPLE_KEY_ID: appleKey.keyId, APPLE_PRIVATE_KEY: otherKey.privateKeyPem }),
    );
    try {
      const attempt = await signIn('apple', { subject: subject('apple'), email: uniqueEmail() }, impostor);
      const refused = await complete('apple', attempt, impostor);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(signInFailed);
      const logged = impostor
        .logs()
        .split('\n')
        .filter((line) => line.includes('"provider":"apple"'))
        .map((line) => JSON.parse(line));
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 50,
          cause: 'configuration',
          check: 'token endpoint',
          error: 'invalid_client',
        }),
      );
      expect(impostor.logs()).not.toContain(attempt.code);
    } finally {
      await impostor.close();
    }
  });
});

describe('what a sign-in refuses', () => {
  const account = () => ({ subject: subject('google'), email: uniqueEmail() });

  it('refuses a tampered state, and the attempt still works with its own', async () => {
    const attempt = await signIn('google', account());
    const tampered = `${attempt.state.slice(0, -1)}${attempt.state.endsWith('A') ? 'B' : 'A'}`;
    const refused = await complete('google', { ...attempt, state: tampered });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(signInFailed);
    expect(expectOk(await complete('google', attempt)).status).toBe('signed_in');
  });

  it('refuses a replayed code and state', async () => {
    const attempt = await signIn('google', account());
    expect(expectOk(await complete('google', attempt)).status).toBe('signed_in');
    const replayed = await complete('google', attempt);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual(signInFailed);
  });

  it('refuses a code replayed with another attempt’s state (the provider refuses it)', async () => {
    const used = await signIn('google', account());
    expect(expectOk(await complete('google', used)).status).toBe('signed_in');
    const fresh = expectOk(await start('google'));
    const refused = await complete('google', { ...fresh, code: used.code });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(signInFailed);
  });

  it('refuses an ID token whose nonce is not the attempt’s', async () => {
    const attempt = await signIn('google', account(), server, (url) =>
      url.searchParams.set('nonce', 'a-nonce-the-server-never-made'),
    );
    const refused = await complete('google', attempt);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(signInFailed);
  });

  it('refuses another browser’s key, and the attempt still works with its own', async () => {
    const attempt = await signIn('google', account());
    const stranger = await complete('google', { ...attempt, browserKey: 'someone-elses-key' });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toEqual(signInFailed);
    expect(expectOk(await complete('google', attempt)).status).toBe('signed_in');
  });

  it('refuses a state at another provider’s address', async () => {
    const attempt = await signIn('google', account());
    const refused = await complete('apple', attempt);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(signInFailed);
  });

  it('refuses an attempt that expired, and the sweeper deletes it', async () => {
    const attempt = await signIn('google', account());
    clockOffsetMs = 11 * MINUTE_MS;
    const refused = await complete('google', attempt);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(signInFailed);
    expect((await server.app.sweeper.sweep()).expiredSignInAttempts).toBeGreaterThanOrEqual(1);
    const left = await server.app.db
      .selectFrom('oidc_attempts')
      .select('id')
      .where('state', '=', attempt.state)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('an e-mail that already has an account', () => {
  it('asks for the password, refuses a wrong one, then links; the identity then signs in directly', async () => {
    const seller = await createUser(server.baseUrl);
    const account = { subject: subject('google'), email: seller.email };
    const attempt = await signIn('google', account);
    expect(expectOk(await complete('google', attempt))).toEqual({
      status: 'link_required',
      provider: 'google',
      email: seller.email,
    });

    const link = (password: string) =>
      server.call(routes.linkOidc, {
        params: { provider: 'google' },
        body: { state: attempt.state, browserKey: attempt.browserKey, password },
      });
    const wrong = await link('not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials' });
    const linked = expectOk(await link(seller.password));
    expect(linked.user).toMatchObject({
      email: seller.email,
      hasPassword: true,
      emailVerified: true,
      linkedProviders: ['google'],
    });
    expect((await authCheck(linked.jwtToken)).status).toBe(200);
    expect((await link(seller.password)).status).toBe(400);

    await expectSignedStraightIn('google', account);
  });

  it('links with a link e-mailed in the page’s language, which works once', async () => {
    const seller = await createUser(server.baseUrl);
    const account = { subject: subject('apple'), email: seller.email };
    const attempt = await signIn('apple', account);
    expect(expectOk(await complete('apple', attempt)).status).toBe('link_required');

    const sent = await server.call(routes.sendOidcLinkEmail, {
      params: { provider: 'apple' },
      body: { state: attempt.state, browserKey: attempt.browserKey, language: 'fr' },
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ ok: true });
    const mail = await linkMail(seller.email);
    expect(mail.subject).toBe('Connectez-vous à Snaplist avec Apple');
    expect(mail.text).toContain('pendant 60 minutes');
    const token = /\/auth\/link\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/auth/link?token=${token}&amp;provider=apple">`);
    const stored = await server.app.db.selectFrom('oidc_link_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash).join()).not.toContain(token);

    const confirm = (value: string) => server.call(routes.confirmOidcLink, { body: { token: value } });
    expect((await confirm('made-up-token')).status).toBe(410);
    const linked = expectOk(await confirm(token));
    expect(linked.user).toMatchObject({
      email: seller.email,
      linkedProviders: ['apple'],
      emailVerified: true,
    });
    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ code: 'oidc_link_invalid', message: OidcMessages.linkInvalid });

    await expectSignedStraightIn('apple', account);
  });

  it('refuses an expired link e-mail', async () => {
    const seller = await createUser(server.baseUrl);
    const attempt = await signIn('google', { subject: subject('google'), email: seller.email });
    expect(expectOk(await complete('google', attempt)).status).toBe('link_required');
    await server.call(routes.sendOidcLinkEmail, {
      params: { provider: 'google' },
      body: { state: attempt.state, browserKey: attempt.browserKey, language: 'en' },
    });
    const mail = await linkMail(seller.email);
    expect(mail.subject).toBe('Sign in to Snaplist with Google');
    const token = /\/auth\/link\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    clockOffsetMs = 61 * MINUTE_MS;
    const expired = await server.call(routes.confirmOidcLink, { body: { token } });
    expect(expired.status).toBe(410);
  });

  it('answers a link e-mail request for an unknown attempt the same, and mails nothing', async () => {
    const sent = await server.call(routes.sendOidcLinkEmail, {
      params: { provider: 'google' },
      body: { state: 'no-such-state', browserKey: 'no-such-key', language: 'en' },
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ ok: true });
  });

  it('refuses with 409 when the provider has not verified the address', async () => {
    const seller = await createUser(server.baseUrl);
    const attempt = await signIn('google', {
      subject: subject('google'),
      email: seller.email,
      emailVerified: false,
    });
    const refused = await complete('google', attempt);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'oidc_email_unverified', message: OidcMessages.emailUnverified });
  });
});

/** The token of the next mail to `email` whose link goes to `pagePath`. */
async function mailedToken(email: string, pagePath: string): Promise<string> {
  for (;;) {
    const mail = await smtp.waitForMessage(email);
    const token = new RegExp(`${pagePath}\\?token=([\\w-]+)`).exec(mail.text)?.[1];
    if (token) return token;
  }
}

function logIn(email: string, password: string) {
  return server.call(routes.login, { body: { email, password } });
}

describe('an address a stranger signed up with first (pre-account hijacking)', () => {
  /** The stranger's account on the seller's address, never confirmed, with an address change waiting. */
  async function strangersAccount() {
    const seller = uniqueEmail();
    const stranger = await createUser(server.baseUrl, { email: seller });
    const strangersOwnAddress = uniqueEmail();
    const change = await server.call(routes.changeEmail, {
      token: stranger.token,
      body: { email: strangersOwnAddress, currentPassword: stranger.password, language: 'en' },
    });
    expect(change.status).toBe(202);
    const changeToken = await mailedToken(strangersOwnAddress, '/confirm-email');
    return { seller, stranger, changeToken };
  }

  it('ends the stranger’s password, sessions and address change when the seller links Google by e-mail', async () => {
    const { seller, stranger, changeToken } = await strangersAccount();
    const attempt = await signIn('google', { subject: subject('google'), email: seller });
    expect(expectOk(await complete('google', attempt)).status).toBe('link_required');
    await server.call(routes.sendOidcLinkEmail, {
      params: { provider: 'google' },
      body: { state: attempt.state, browserKey: attempt.browserKey, language: 'en' },
    });
    const linked = expectOk(
      await server.call(routes.confirmOidcLink, { body: { token: await mailedToken(seller, '/auth/link') } }),
    );
    expect(linked.user).toMatchObject({
      email: seller,
      emailVerified: true,
      hasPassword: false,
      linkedProviders: ['google'],
    });

    expect((await logIn(seller, stranger.password)).status).toBe(401);
    expect((await authCheck(stranger.token)).status).toBe(401);
    const change = await server.call(routes.confirmEmail, { body: { token: changeToken } });
    expect(change.status).toBe(410);
    expect((await authCheck(linked.jwtToken)).status).toBe(200);
  });

  it('keeps the password that linked an unconfirmed account, and ends every earlier session', async () => {
    const seller = await createUser(server.baseUrl);
    const attempt = await signIn('apple', { subject: subject('apple'), email: seller.email });
    expect(expectOk(await complete('apple', attempt)).status).toBe('link_required');
    const linked = expectOk(
      await server.call(routes.linkOidc, {
        params: { provider: 'apple' },
        body: { state: attempt.state, browserKey: attempt.browserKey, password: seller.password },
      }),
    );
    expect(linked.user).toMatchObject({ emailVerified: true, hasPassword: true, linkedProviders: ['apple'] });
    expect((await authCheck(seller.token)).status).toBe(401);
    expect((await authCheck(linked.jwtToken)).status).toBe(200);
    expect((await logIn(seller.email, seller.password)).status).toBe(200);
  });

  it('a password reset unties a provider account made before the address was confirmed', async () => {
    // What a server before decision 053 let a stranger make: an account from an address Google had not checked.
    const email = uniqueEmail();
    const strangersGoogle = { subject: subject('google'), email };
    const userId = crypto.randomUUID();
    const at = new Date().toISOString();
    await server.app.db
      .insertInto('users')
      .values({ id: userId, email, password_hash: 'unknowable', has_password: 0, created_at: at })
      .execute();
    await server.app.db
      .insertInto('user_identities')
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        provider: 'google',
        ...strangersGoogle,
        created_at: at,
      })
      .execute();
    const strangersSession = expectOk(await complete('google', await signIn('google', strangersGoogle)));
    expect(strangersSession.status).toBe('signed_in');

    await server.call(routes.requestPasswordReset, { body: { email, language: 'en' } });
    const reset = expectOk(
      await server.call(routes.confirmPasswordReset, {
        body: {
          token: await mailedToken(email, '/reset-password'),
          password: 'a long and unusual passphrase',
        },
      }),
    );
    expect(reset.user).toMatchObject({ hasPassword: true, emailVerified: true, linkedProviders: [] });
    if (strangersSession.status === 'signed_in') {
      expect((await authCheck(strangersSession.jwtToken)).status).toBe(401);
    }
    const again = expectOk(await complete('google', await signIn('google', strangersGoogle)));
    expect(again.status).toBe('link_required');

    // The password now counts: changing it asks for it.
    const unproven = await server.call(routes.changePassword, {
      token: reset.jwtToken,
      body: { newPassword: 'another long and unusual passphrase' },
    });
    expect(unproven.status).toBe(400);
  });

  it('a password reset records the password of an account made with Google', async () => {
    const account = { subject: subject('google'), email: uniqueEmail() };
    const created = expectOk(await complete('google', await signIn('google', account)));
    expect(created).toMatchObject({ status: 'signed_in', user: { hasPassword: false } });
    await server.call(routes.requestPasswordReset, { body: { email: account.email, language: 'en' } });
    const reset = expectOk(
      await server.call(routes.confirmPasswordReset, {
        body: {
          token: await mailedToken(account.email, '/reset-password'),
          password: 'a long and unusual passphrase',
        },
      }),
    );
    expect(reset.user).toMatchObject({ hasPassword: true, linkedProviders: ['google'] });
    const unproven = await server.call(routes.changePassword, {
      token: reset.jwtToken,
      body: { newPassword: 'another long and unusual passphrase' },
    });
    expect(unproven.status).toBe(400);
    expect(unproven.body).toMatchObject({
      details: [{ field: 'currentPassword', code: 'password_required' }],
    });
  });
});

describe('configuration', () => {
  it('lists only the configured providers, and refuses the others with 404', async () => {
    expect(expectOk(await server.call(routes.authProviders))).toEqual({ providers: ['google', 'apple'] });
    const googleOnly = await startTestServer({
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: google.issuer,
    });
    const none = await startTestServer();
    try {
      expect(expectOk(await googleOnly.call(routes.authProviders))).toEqual({ providers: ['google'] });
      expect(expectOk(await none.call(routes.authProviders))).toEqual({ providers: [] });
      const refused = await start('apple', googleOnly);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({
        code: 'provider_not_configured',
        message: OidcMessages.providerNotConfigured,
      });
    } finally {
      await googleOnly.close();
      await none.close();
    }
  });

  it('says in readiness when a provider refuses this server’s client, and not when it accepts it', async () => {
    expect((await server.call(routes.readiness)).status).toBe(200);
    const rotated = await startTestServer(
      providerEnv({ GOOGLE_CLIENT_SECRET: 'a secret Google no longer has' }),
    );
    try {
      const readiness = await rotated.call(routes.readiness);
      expect(readiness.status).toBe(503);
      expect(readiness.body).toMatchObject({
        status: 'failing',
        checks: {
          'signIn:google': { ok: false, message: expect.stringContaining('invalid_client') },
          'signIn:apple': { ok: true },
        },
      });
      expect(JSON.stringify(readiness.body)).toContain('GOOGLE_CLIENT_SECRET');
    } finally {
      await rotated.close();
    }
  });

  it('logs a sign-in refused for the seller’s own reason as such, without the code', async () => {
    const attempt = await signIn('google', { subject: subject('google'), email: uniqueEmail() });
    expect(expectOk(await complete('google', attempt)).status).toBe('signed_in');
    const replayed = await complete('google', { ...expectOk(await start('google')), code: attempt.code });
    expect(replayed.status).toBe(400);
    const refusals = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('sign-in refused'))
      .map((line) => JSON.parse(line));
    expect(refusals).toContainEqual(expect.objectContaining({ provider: 'google', cause: 'seller' }));
    expect(server.logs()).not.toContain(attempt.code);
  });

  it('limits sign-in starts per IP', async () => {
    const limited = await startTestServer(providerEnv({ OIDC_RATE_LIMIT_PER_IP: '2', TRUST_PROXY: 'true' }));
    try {
      const from = (ip: string) =>
        limited.call(routes.startOidc, {
          params: { provider: 'google' },
          body: { language: 'en' },
          headers: { 'x-forwarded-for': ip },
        });
      expect((await from('198.51.100.20')).status).toBe(200);
      expect((await from('198.51.100.20')).status).toBe(200);
      const refused = await from('198.51.100.20');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited' });
      expect((await from('198.51.100.21')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 while the provider cannot be reached, and works once it can', async () => {
    const port = await freePort();
    const later = await startTestServer({
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: `http://127.0.0.1:${port}`,
    });
    let provider: TestOidcProvider | undefined;
    try {
      const down = await start('google', later);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'not_ready' });
      provider = await startTestOidcProvider({
        like: 'google',
        port,
        clientId: GOOGLE_CLIENT.id,
        clientSecret: GOOGLE_CLIENT.secret,
        redirectUri: `${later.baseUrl.replace('127.0.0.1', 'localhost')}/auth/callback/google`,
      });
      expect(expectOk(await start('google', later)).authorizationUrl).toContain(`127.0.0.1:${port}/auth?`);
    } finally {
      await later.close();
      await provider?.close();
    }
  });

  it('names the missing keys of a provider set in part, and refuses an http issuer off this machine', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    expect(problems({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_SECRET: required with GOOGLE_CLIENT_ID',
    ]);
    expect(problems({ APPLE_CLIENT_ID: 'id', APPLE_TEAM_ID: 'team' })).toEqual([
      'APPLE_KEY_ID: required with APPLE_CLIENT_ID, APPLE_TEAM_ID',
      'APPLE_PRIVATE_KEY: required with APPLE_CLIENT_ID, APPLE_TEAM_ID',
    ]);
    expect(problems({ GOOGLE_ISSUER: 'http://accounts.example.com' })).toEqual([
      'GOOGLE_ISSUER: an https:// issuer URL (http:// only for localhost or 127.0.0.1)',
    ]);
    expect(problems({ APPLE_PRIVATE_KEY: 'not a key' })[0]).toMatch(/^APPLE_PRIVATE_KEY: the \.p8 key/);
    // A PEM on one line, as many secret stores keep it.
    const escaped = appleKey.privateKeyPem.trim().replace(/\n/g, '\\n');
    const withEscapedKey = loadConfig({
      APPLE_CLIENT_ID: 'id',
      APPLE_TEAM_ID: 'team',
      APPLE_KEY_ID: 'key',
      APPLE_PRIVATE_KEY: escaped,
    });
    expect(withEscapedKey.oidc.apple?.privateKey).toBe(appleKey.privateKeyPem.trim());
  });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
