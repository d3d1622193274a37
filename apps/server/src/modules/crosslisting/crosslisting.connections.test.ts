// Connecting a seller's marketplace account over real HTTP, against the protocol test servers: the OAuth round
// trip and its state (tampered, expired, reused, another seller's), settings checked against the account's own
// choices, tokens refreshed before they expire and after a refusal, a refused refresh, and disconnecting.
import crypto from 'node:crypto';
import { type PublishingMarketplace, routes } from '@snaplist/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTokenCipher, TokenDecryptionError } from '../../platform/marketplaces/token-cipher';
import { createUser, expectOk, startTestServer, type TestServer, type TestUser } from '../../testing';
import { userIdOf } from '../../testing/account-data';
import { callbackBody, completeConsent, connectMarketplace } from '../../testing/crosslisting';
import { type FakeEbay, startFakeEbay } from '../../testing/marketplaces/fake-ebay';
import { type FakeShopify, startFakeShopify } from '../../testing/marketplaces/fake-shopify';

const TOKEN_KEY = crypto.randomBytes(32).toString('base64');

let ebay: FakeEbay;
let shopify: FakeShopify;
let server: TestServer;
let clock: { offsetMs: number };

beforeAll(async () => {
  [ebay, shopify] = await Promise.all([startFakeEbay(), startFakeShopify()]);
  clock = { offsetMs: 0 };
  server = await startTestServer(
    { ...ebay.env, ...shopify.env, MARKETPLACE_TOKEN_KEY: TOKEN_KEY },
    undefined,
    { now: () => new Date(Date.now() + clock.offsetMs) },
  );
  ebay.setAcceptUrl(`${server.baseUrl}/marketplaces/callback/ebay`);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([ebay?.close(), shopify?.close()]);
});

afterEach(() => {
  clock.offsetMs = 0;
});

async function seller(): Promise<TestUser> {
  return createUser(server.baseUrl);
}

function userId(user: TestUser): Promise<string> {
  return userIdOf(server.app.db, user.email);
}

/** The first step of connecting: the answer names the marketplace's consent page. */
function askToConnect(user: TestUser, marketplace: PublishingMarketplace, body: { shop?: string } = {}) {
  return server.call(routes.connectMarketplace, { token: user.token, params: { marketplace }, body });
}

async function connections(user: TestUser) {
  return expectOk(await server.call(routes.marketplaceConnections, { token: user.token })).connections;
}

describe('configuration', () => {
  it('offers a marketplace only with its whole app configured, and names what is missing', () => {
    const config = loadConfig({ EBAY_CLIENT_ID: 'id', EBAY_CLIENT_SECRET: 'secret', EBAY_RU_NAME: 'ru' });
    expect(config.marketplaces.ebay).toMatchObject({
      apiUrl: 'https://api.ebay.com',
      marketplaceId: 'EBAY_GB',
    });
    expect(config.marketplaces.etsy).toBeUndefined();
    expect(config.marketplaces.syncIntervalMs).toBe(300_000);
    expect(() => loadConfig({ ETSY_API_KEY: 'key' })).toThrow(
      'ETSY_SHARED_SECRET: required with ETSY_API_KEY',
    );
    expect(() => loadConfig({ MARKETPLACE_TOKEN_KEY: 'c2hvcnQ=' })).toThrow('MARKETPLACE_TOKEN_KEY');
    expect(() => loadConfig({ SHOPIFY_SHOP_URL: 'https://example.com' })).toThrow('SHOPIFY_SHOP_URL');
  });

  it('requires MARKETPLACE_TOKEN_KEY on a shared database once a marketplace is configured', () => {
    const shared = { DATABASE_URL: 'postgres://db/snaplist', ...ebay.env };
    const attempt = () => loadConfig(shared);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow('MARKETPLACE_TOKEN_KEY: required with DATABASE_URL');
    expect(loadConfig({ ...shared, MARKETPLACE_TOKEN_KEY: TOKEN_KEY }).marketplaces.tokenKey).toBe(TOKEN_KEY);
    // Without a marketplace there are no tokens to keep.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/snaplist' })).not.toThrow();
  });

  it('seals tokens with AES-256-GCM: a new IV each time, and a changed byte or another key is refused', () => {
    const cipher = createTokenCipher(Buffer.from(TOKEN_KEY, 'base64'));
    const sealed = cipher.encrypt('v^1.1#i^1#secret-token');
    expect(sealed).not.toContain('secret-token');
    expect(cipher.encrypt('v^1.1#i^1#secret-token')).not.toBe(sealed);
    expect(cipher.decrypt(sealed)).toBe('v^1.1#i^1#secret-token');
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    expect(() => cipher.decrypt(bytes.toString('base64url'))).toThrow(TokenDecryptionError);
    const otherKey = createTokenCipher(crypto.randomBytes(32));
    expect(() => otherKey.decrypt(sealed)).toThrow(TokenDecryptionError);
  });
});

describe('connecting a marketplace', () => {
  it('lists the three marketplaces, only those with an app available', async () => {
    const user = await seller();
    expect(await connections(user)).toEqual([
      expect.objectContaining({ marketplace: 'ebay', available: true, connected: false, settings: [] }),
      expect.objectContaining({ marketplace: 'etsy', available: false, connected: false }),
      expect.objectContaining({ marketplace: 'shopify', available: true, connected: false }),
    ]);
    const unavailable = await askToConnect(user, 'etsy');
    expect(unavailable.status).toBe(404);
    expect(unavailable.body.code).toBe('marketplace_unavailable');
  });

  it('connects through the consent page, stores the tokens encrypted, and offers the account’s own policies', async () => {
    const user = await seller();
    const { authorizeUrl } = expectOk(await askToConnect(user, 'ebay'));
    const authorize = new URL(authorizeUrl);
    expect(authorize.origin).toBe(ebay.url);
    expect(authorize.searchParams.get('redirect_uri')).toBe(ebay.env.EBAY_RU_NAME);
    const state = authorize.searchParams.get('state') ?? '';
    expect(state.length).toBeGreaterThanOrEqual(40);

    const landed = new URL(await ebay.authorize(authorizeUrl));
    expect(landed.pathname).toBe('/marketplaces/callback/ebay');
    const connected = expectOk(
      await server.call(routes.completeMarketplaceConnection, {
        token: user.token,
        params: { marketplace: 'ebay' },
        body: callbackBody(landed),
      }),
    );
    expect(connected).toMatchObject({
      marketplace: 'ebay',
      available: true,
      connected: true,
      accountName: ebay.defaultUsername,
      needsReconnect: false,
    });
    const policies = ebay.account().fulfillmentPolicies;
    expect(connected.settings.map((setting) => setting.name)).toEqual([
      'fulfillmentPolicyId',
      'paymentPolicyId',
      'returnPolicyId',
      'merchantLocationKey',
    ]);
    expect(connected.settings[0]).toEqual({
      name: 'fulfillmentPolicyId',
      value: null,
      choices: policies.map((policy) => ({ value: policy.id, label: policy.name })),
    });

    // Nothing readable in the database: neither the tokens nor the state.
    const row = await server.app.db
      .selectFrom('marketplace_connections')
      .selectAll()
      .where('owner_id', '=', await userId(user))
      .executeTakeFirstOrThrow();
    expect(row.access_token.length).toBeGreaterThan(40);
    expect(row.access_token).not.toMatch(/^v\^|^[A-Za-z0-9]{20,}$/);
    const attempts = await server.app.db
      .selectFrom('marketplace_authorizations')
      .select('state_hash')
      .execute();
    expect(attempts.map((attempt) => attempt.state_hash)).not.toContain(state);
    expect(server.logs()).not.toContain(state);
  });

  it('connects a Shopify shop typed as its name, and refuses one that is not a Shopify shop', async () => {
    const user = await seller();
    for (const shop of [undefined, '', 'shop with spaces', 'evil.example.com', 'https://a_b.myshopify.com']) {
      const refused = await askToConnect(user, 'shopify', { shop });
      expect(refused.status, String(shop)).toBe(400);
      expect(refused.body.details).toEqual([
        expect.objectContaining({ field: 'shop', code: 'shop_invalid' }),
      ]);
    }
    const name = shopify.shop.replace('.myshopify.com', '');
    const connected = expectOk(
      await completeConsent(server, user.token, 'shopify', shopify, ` ${name.toUpperCase()} `),
    );
    expect(connected).toMatchObject({ connected: true, accountName: shopify.shop });
    expect(connected.settings.map((setting) => setting.name)).toEqual(['locationId']);
  });

  it('checks settings against the account’s choices, and keeps the valid ones', async () => {
    const user = await seller();
    const connected = expectOk(await completeConsent(server, user.token, 'ebay', ebay));
    const refused = await server.call(routes.saveMarketplaceSettings, {
      token: user.token,
      params: { marketplace: 'ebay' },
      body: { settings: { fulfillmentPolicyId: 'not-a-policy', colour: 'red' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      expect.objectContaining({ field: 'settings.fulfillmentPolicyId', code: 'marketplace_setting_invalid' }),
      expect.objectContaining({ field: 'settings.colour', code: 'marketplace_setting_invalid' }),
    ]);
    const location = connected.settings.find((setting) => setting.name === 'merchantLocationKey');
    const saved = expectOk(
      await server.call(routes.saveMarketplaceSettings, {
        token: user.token,
        params: { marketplace: 'ebay' },
        body: { settings: { merchantLocationKey: location?.choices[0]?.value ?? '' } },
      }),
    );
    expect(saved.settings.find((setting) => setting.name === 'merchantLocationKey')?.value).toBe('home');

    const notConnected = await server.call(routes.saveMarketplaceSettings, {
      token: (await seller()).token,
      params: { marketplace: 'ebay' },
      body: { settings: {} },
    });
    expect(notConnected.status).toBe(409);
    expect(notConnected.body.code).toBe('marketplace_not_connected');
  });

  it('shows the saved settings without choices when the marketplace does not answer', async () => {
    const user = await seller();
    await connectMarketplace(server, user.token, 'ebay', ebay);
    ebay.failNext({ status: 503, path: '/sell/account/v1/return_policy' });
    const [ebayConnection] = await connections(user);
    expect(ebayConnection?.connected).toBe(true);
    expect(ebayConnection?.settings).toHaveLength(4);
    for (const setting of ebayConnection?.settings ?? []) {
      expect(setting.choices).toEqual([]);
      expect(setting.value).not.toBeNull();
    }
  });

  it('refuses a tampered, unknown, reused, expired or other seller’s state, and a declined consent', async () => {
    const user = await seller();
    const start = async (who: TestUser) => expectOk(await askToConnect(who, 'ebay')).authorizeUrl;
    const complete = (who: TestUser, body: ReturnType<typeof callbackBody>) =>
      server.call(routes.completeMarketplaceConnection, {
        token: who.token,
        params: { marketplace: 'ebay' },
        body,
      });
    const expectRefused = (response: { status: number; body: { code?: string } }) => {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('marketplace_connection_failed');
    };

    const landed = callbackBody(new URL(await ebay.authorize(await start(user))));
    expectRefused(await complete(user, { ...landed, state: `${landed.state}x` }));
    // Another seller presenting it is refused, and does not use it up.
    expectRefused(await complete(await seller(), landed));
    expectOk(await complete(user, landed));
    expectRefused(await complete(user, landed));

    const expiring = callbackBody(new URL(await ebay.authorize(await start(user))));
    clock.offsetMs = 11 * 60 * 1000;
    expectRefused(await complete(user, expiring));
    clock.offsetMs = 0;

    const declinedUrl = new URL(await ebay.authorize(await start(user), { decline: true }));
    const declined = await complete(user, callbackBody(declinedUrl));
    expectRefused(declined);
    expect(declined.body.message).toContain('did not allow Snaplist');
  });

  it('refreshes tokens that expire within five minutes before calling, and once more after a refusal', async () => {
    const user = await seller();
    await connectMarketplace(server, user.token, 'ebay', ebay);
    const tokenCalls = () =>
      ebay.requests.filter((request) => request.path === '/identity/v1/oauth2/token').length;

    // eBay's access tokens last two hours: one hour and 58 minutes on, Snaplist refreshes first.
    clock.offsetMs = (2 * 60 - 2) * 60 * 1000;
    let before = tokenCalls();
    const early = await connections(user);
    expect(tokenCalls()).toBe(before + 1);
    expect(early[0]?.settings[0]?.choices.length).toBeGreaterThan(0);
    clock.offsetMs = 0;

    // Refused before its time (eBay restarted, a clock skewed): refreshed once, and the call made again.
    ebay.expireAccessTokens();
    before = tokenCalls();
    const afterRefusal = await connections(user);
    expect(tokenCalls()).toBe(before + 1);
    expect(afterRefusal[0]).toMatchObject({ connected: true, needsReconnect: false });
    expect(afterRefusal[0]?.settings[0]?.choices.length).toBeGreaterThan(0);
  });

  it('asks the seller to reconnect when the marketplace refuses the refresh, and reconnecting clears it', async () => {
    const user = await seller();
    const username = `revoker_${crypto.randomUUID().slice(0, 6)}`;
    // An eBay account of its own, so revoking it leaves the other tests' tokens alone.
    const { authorizeUrl } = expectOk(await askToConnect(user, 'ebay'));
    expectOk(
      await server.call(routes.completeMarketplaceConnection, {
        token: user.token,
        params: { marketplace: 'ebay' },
        body: callbackBody(new URL(await ebay.authorize(authorizeUrl, { username }))),
      }),
    );
    ebay.revokeAll(username);
    const [revoked] = await connections(user);
    expect(revoked).toMatchObject({ connected: true, needsReconnect: true, accountName: username });
    const settings = await server.call(routes.saveMarketplaceSettings, {
      token: user.token,
      params: { marketplace: 'ebay' },
      body: { settings: {} },
    });
    expect(settings.status).toBe(409);
    expect(settings.body.code).toBe('marketplace_reconnect_needed');

    expectOk(await completeConsent(server, user.token, 'ebay', ebay));
    const [reconnected] = await connections(user);
    expect(reconnected).toMatchObject({
      connected: true,
      needsReconnect: false,
      accountName: ebay.defaultUsername,
    });
  });

  it('disconnects: the tokens are forgotten and connecting again starts afresh', async () => {
    const user = await seller();
    await connectMarketplace(server, user.token, 'ebay', ebay);
    const disconnected = expectOk(
      await server.call(routes.disconnectMarketplace, { token: user.token, params: { marketplace: 'ebay' } }),
    );
    expect(disconnected).toMatchObject({
      marketplace: 'ebay',
      connected: false,
      accountName: null,
      settings: [],
    });
    const rows = await server.app.db
      .selectFrom('marketplace_connections')
      .select('id')
      .where('owner_id', '=', await userId(user))
      .execute();
    expect(rows).toEqual([]);
    // Disconnecting twice is no error.
    expect(
      (
        await server.call(routes.disconnectMarketplace, {
          token: user.token,
          params: { marketplace: 'ebay' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses to start more than ten connections at once', async () => {
    const user = await seller();
    for (let started = 0; started < 10; started++) {
      expectOk(await askToConnect(user, 'ebay'));
    }
    const refused = await askToConnect(user, 'ebay');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
  });
});
