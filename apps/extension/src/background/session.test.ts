// Signing the extension in and out against a real Snaplist server (the app on a random port, with its own
// SQLite database), through the background's message router as the popup uses it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@snaplist/contract';
import { createUser, startTestServer, type TestServer } from '@snaplist/server/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { loadBackground, signInBackground } from '../testing/background-harness';
import { contentScriptSender, type FakeChrome } from '../testing/fake-chrome';
import { LOCAL_KEYS, type StoredSession } from './storage';
import { WEB_BRIDGE_SCRIPT_ID } from './web-bridge-registration';

let server: TestServer;
let fake: FakeChrome;

beforeAll(async () => {
  // A low per-address limit, so the rate-limit answer can be reached in a test.
  server = await startTestServer({ AUTH_RATE_LIMIT_PER_EMAIL: '3' });
  fake = await loadBackground();
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  fake.reset();
});

function storedSession(): StoredSession | undefined {
  return fake.local.contents()[LOCAL_KEYS.session] as StoredSession | undefined;
}

/** An address where nothing listens any more. */
async function closedAddress(): Promise<string> {
  const listener = http.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  await new Promise((resolve) => listener.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function signedInSeller() {
  const seller = await createUser(server.baseUrl);
  await signInBackground(fake, server.baseUrl, seller);
  const session = storedSession();
  if (!session) throw new Error('signing in stored no session');
  return { seller, extensionToken: session.token };
}

describe('signing in', () => {
  it('uses the web app’s e-mail and password and holds a session of its own', async () => {
    const seller = await createUser(server.baseUrl);

    const answer = await fake.ask({
      type: 'signIn',
      // A pasted dashboard link and a differently typed e-mail still name the same server and account.
      server: `${server.baseUrl}/dashboard`,
      email: `  ${seller.email.toUpperCase()} `,
      password: seller.password,
    });

    expect(answer).toEqual({
      ok: true,
      value: { version: packageJson.version, server: server.baseUrl, signedIn: true, email: seller.email },
    });
    const token = storedSession()?.token;
    expect(token).toBeTruthy();
    expect(token).not.toBe(seller.token);
    const check = await server.call(routes.authCheck, { token, body: { product: 'crosslister' } });
    expect(check.status).toBe(200);
    // The dashboard on that server can now see the extension.
    expect(fake.registeredScripts).toEqual([
      expect.objectContaining({
        id: WEB_BRIDGE_SCRIPT_ID,
        matches: ['http://127.0.0.1/*'],
        js: ['web-bridge.js'],
      }),
    ]);
  });

  it('names a wrong password in the seller’s words and keeps no session', async () => {
    const seller = await createUser(server.baseUrl);

    const answer = await fake.ask({
      type: 'signIn',
      server: server.baseUrl,
      email: seller.email,
      password: 'not the password',
    });

    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid_credentials', message: 'Incorrect e-mail or password.' },
    });
    expect(storedSession()).toBeUndefined();
    expect(await fake.ask({ type: 'status' })).toMatchObject({
      ok: true,
      value: { signedIn: false, server: null },
    });
  });

  it('says when there were too many attempts', async () => {
    const seller = await createUser(server.baseUrl);
    const attempt = () =>
      fake.ask({ type: 'signIn', server: server.baseUrl, email: seller.email, password: 'wrong' });

    const answers = [];
    for (let count = 0; count < 4; count += 1) answers.push(await attempt());

    expect(answers.at(-1)).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many attempts. Wait a few minutes and try again.' },
    });
  });

  it.each([
    'localhost:3000',
    'ftp://snaplist.example.com',
    'snaplist',
    'https://user:pw@snaplist.example.com',
  ])('refuses the address %j with an example of a good one', async (address) => {
    const answer = await fake.ask({ type: 'signIn', server: address, email: 'a@b.co', password: 'x' });

    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'server_invalid',
        message:
          'Type the Snaplist address with http:// or https://, for example https://snaplist.example.com.',
      },
    });
  });

  it('asks for the permission to reach a self-hosted server, and says so when it is missing', async () => {
    const answer = await fake.ask({
      type: 'signIn',
      server: 'https://snaplist.example.com',
      email: 'a@b.co',
      password: 'x',
    });

    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'permission_denied',
        message:
          'The extension needs your permission to reach https://snaplist.example.com. Sign in again and choose Allow.',
      },
    });
  });

  it('names an address where no server answers', async () => {
    const address = await closedAddress();

    const answer = await fake.ask({ type: 'signIn', server: address, email: 'a@b.co', password: 'x' });

    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'server_unreachable',
        message: `Snaplist at ${address} could not be reached. Check the address and that the server is running.`,
      },
    });
  });

  it('tells another website at the address apart from Snaplist', async () => {
    const otherSite = http.createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
    });
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
    try {
      const answer = await fake.ask({ type: 'signIn', server: address, email: 'a@b.co', password: 'x' });

      expect(answer).toEqual({
        ok: false,
        error: {
          code: 'server_invalid',
          message: `${address} does not answer like a Snaplist server. Check the address.`,
        },
      });
    } finally {
      await new Promise((resolve) => otherSite.close(resolve));
    }
  });

  it('is refused to a script in a marketplace page', async () => {
    const seller = await createUser(server.baseUrl);

    const answer = await fake.ask(
      { type: 'signIn', server: server.baseUrl, email: seller.email, password: seller.password },
      contentScriptSender(4, 'https://www.vinted.fr/items/new'),
    );

    expect(answer.ok).toBe(false);
    expect(answer.ok ? null : answer.error.code).toBe('bad_request');
    expect(storedSession()).toBeUndefined();
  });
});

describe('the session ending', () => {
  it('forgets the token when the server answers 401, and says the seller is signed out', async () => {
    const { extensionToken } = await signedInSeller();
    expect(
      (await fake.ask({ type: 'listings', listingType: 'inventory', search: '', cursor: null })).ok,
    ).toBe(true);
    // The session is revoked elsewhere (as signing out in the extension on another computer would).
    expect((await server.call(routes.logout, { token: extensionToken })).status).toBe(200);

    const answer = await fake.ask({ type: 'listings', listingType: 'inventory', search: '', cursor: null });

    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'signed_out',
        message:
          'You are signed out of Snaplist. Sign in again with the Snaplist button in your browser’s toolbar.',
      },
    });
    expect(storedSession()).toBeUndefined();
    expect(await fake.ask({ type: 'status' })).toMatchObject({
      ok: true,
      value: { signedIn: false, email: null, server: server.baseUrl },
    });
  });

  it('signs out by revoking the extension’s session only', async () => {
    const { seller, extensionToken } = await signedInSeller();

    const answer = await fake.ask({ type: 'signOut' });

    expect(answer).toMatchObject({
      ok: true,
      value: { signedIn: false, email: null, server: server.baseUrl },
    });
    expect(storedSession()).toBeUndefined();
    const check = (token: string) =>
      server.call(routes.authCheck, { token, body: { product: 'crosslister' } });
    expect((await check(extensionToken)).status).toBe(401);
    expect((await check(seller.token)).status).toBe(200);
  });

  it('signs out when the server cannot be reached', async () => {
    const address = await closedAddress();
    await fake.local.set({
      [LOCAL_KEYS.server]: address,
      [LOCAL_KEYS.session]: { token: 'a-token-the-server-would-revoke', email: 'seller@example.com' },
    });

    const answer = await fake.ask({ type: 'signOut' });

    expect(answer).toEqual({
      ok: true,
      value: { version: packageJson.version, server: address, signedIn: false, email: null },
    });
    expect(storedSession()).toBeUndefined();
  });

  it('answers a request while signed out with the sign-in hint', async () => {
    const answer = await fake.ask({ type: 'listings', listingType: 'inventory', search: '', cursor: null });

    expect(answer).toMatchObject({ ok: false, error: { code: 'signed_out' } });
  });
});
