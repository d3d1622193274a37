// eBay's marketplace account deletion against the real app over HTTP, with eBay played by the fake Notification
// API host: the endpoint check eBay makes, signed notifications that forget the account, and the ones refused.
import crypto from 'node:crypto';
import { routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoriesOf } from '../../services';
import { createUser, expectOk, readOpenApiDocument, seedListings, type TestUser } from '../../testing';
import { userIdOf } from '../../testing/account-data';
import {
  type FakeEbayNotification,
  startFakeEbayNotification,
} from '../../testing/marketplaces/fake-ebay-notification';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { EBAY_ACCOUNT_DELETION_PATH } from './ebay-account-deletion.service';

const PUBLIC_URL = 'https://snaplist.example';
const VERIFICATION_TOKEN = 'snaplist_verification_token_0123456789abcdef';
const REGISTERED_ENDPOINT = `${PUBLIC_URL}${EBAY_ACCOUNT_DELETION_PATH}`;

/** The app with `env`, and a key for the marketplace tokens it stores. */
function startServer(env: Record<string, string>): Promise<TestServer> {
  return startTestServer({ MARKETPLACE_TOKEN_KEY: crypto.randomBytes(32).toString('base64'), ...env });
}

interface EbaySeller {
  seller: TestUser;
  ownerId: string;
  userId: string;
  username: string;
  listingId: string;
}

/** A seller with a connected eBay account and one listing live on eBay, its `listedOn` link included. */
async function sellerLiveOnEbay(server: TestServer, username: string): Promise<EbaySeller> {
  const seller = await createUser(server.baseUrl);
  const ownerId = await userIdOf(server.app.db, seller.email);
  const userId = crypto.randomBytes(6).toString('base64url');
  const repositories = repositoriesOf(server.app.db);
  const at = new Date().toISOString();
  await repositories.connections.save({
    id: crypto.randomUUID(),
    ownerId,
    marketplace: 'ebay',
    accountName: username,
    accountId: userId,
    shop: null,
    accessToken: 'sealed-access-token',
    refreshToken: 'sealed-refresh-token',
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    settings: {},
    needsReconnect: false,
    salesSyncProblem: null,
    connectedAt: at,
    salesSyncedAt: at,
    updatedAt: at,
  });
  const [listingId = ''] = await seedListings(server.app.db, ownerId, { count: 1 });
  const url = `https://www.ebay.co.uk/itm/${crypto.randomInt(1e11, 1e12)}`;
  await repositories.publications.insert({
    id: crypto.randomUUID(),
    listingId,
    ownerId,
    marketplace: 'ebay',
    status: 'live',
    sku: `SL-${listingId.slice(0, 8)}`,
    externalId: String(crypto.randomInt(1e9, 1e10)),
    url,
    progress: { offerId: '5000123', listingId: url.slice(-12) },
    error: null,
    attempts: 1,
    needsUpdate: false,
    createdAt: at,
    updatedAt: at,
    publishedAt: at,
  });
  await repositories.publications.saveLink(listingId, 'ebay', url, at);
  return { seller, ownerId, userId, username, listingId };
}

async function ebayConnection(server: TestServer, seller: EbaySeller) {
  return repositoriesOf(server.app.db).connections.find(seller.ownerId, 'ebay');
}

describe('eBay marketplace account deletion', () => {
  let ebay: FakeEbayNotification;
  let server: TestServer;
  let endpoint: string;

  beforeAll(async () => {
    ebay = await startFakeEbayNotification();
    server = await startServer({
      ...ebay.env,
      EBAY_DELETION_VERIFICATION_TOKEN: VERIFICATION_TOKEN,
      PUBLIC_URL,
    });
    endpoint = `${server.baseUrl}${EBAY_ACCOUNT_DELETION_PATH}`;
  });
  afterAll(async () => {
    await server?.close();
    await ebay?.close();
  });

  it('answers the challenge with the hex SHA-256 of code, verification token and public endpoint', async () => {
    const response = await fetch(`${endpoint}?challenge_code=a8628072-3d33-45ee-9004-bee86830a22d`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // Computed outside this code base: printf '%s' "$code$token$endpoint" | sha256sum
    expect(await response.json()).toEqual({
      challengeResponse: '6097a737fd6459d3c6a885871e33f3bb04d5930dcab26df0fe136023f5efb9eb',
    });
    const check = await ebay.checkEndpoint(REGISTERED_ENDPOINT, VERIFICATION_TOKEN, endpoint);
    expect(check).toMatchObject({ status: 200, challengeResponse: check.expected });
  });

  it('refuses a challenge without a code', async () => {
    const response = await fetch(endpoint);
    expect(response.status).toBe(400);
  });

  it('forgets the eBay account a signed notification names, keeps the listings, and is idempotent', async () => {
    const closing = await sellerLiveOnEbay(server, `closing_${crypto.randomUUID().slice(0, 6)}`);
    const staying = await sellerLiveOnEbay(server, `staying_${crypto.randomUUID().slice(0, 6)}`);
    const keyRequestsBefore = ebay.publicKeyRequests.length;

    const response = await ebay.notify(endpoint, { userId: closing.userId, username: closing.username });
    expect(response.status).toBe(204);

    expect(await ebayConnection(server, closing)).toBeUndefined();
    const listing = expectOk(
      await server.call(routes.getListing, {
        token: closing.seller.token,
        params: { id: closing.listingId },
      }),
    );
    expect(listing.listedOn.ebay).toBeUndefined();
    const { publications, activity } = expectOk(
      await server.call(routes.listingPublications, {
        token: closing.seller.token,
        params: { id: closing.listingId },
      }),
    );
    expect(publications).toEqual([
      expect.objectContaining({ marketplace: 'ebay', status: 'ended', url: null }),
    ]);
    expect(activity[0]).toMatchObject({ marketplace: 'ebay', kind: 'ended' });

    // Another seller's eBay account is not touched.
    expect(await ebayConnection(server, staying)).toMatchObject({ accountId: staying.userId });
    const other = expectOk(
      await server.call(routes.listingPublications, {
        token: staying.seller.token,
        params: { id: staying.listingId },
      }),
    );
    expect(other.publications).toEqual([expect.objectContaining({ status: 'live' })]);

    // eBay sends it again (an acknowledgement lost on the way): acknowledged, nothing else changes.
    const again = await ebay.notify(endpoint, { userId: closing.userId, username: closing.username });
    expect(again.status).toBe(204);
    expect(await ebayConnection(server, staying)).toBeDefined();
    // The key was fetched once and reused, as eBay asks.
    expect(ebay.publicKeyRequests.length - keyRequestsBefore).toBeLessThanOrEqual(1);
  });

  it('refuses with 412 a notification whose signature does not verify, and deletes nothing', async () => {
    const target = await sellerLiveOnEbay(server, `target_${crypto.randomUUID().slice(0, 6)}`);
    const user = { userId: target.userId, username: target.username };
    const other = await sellerLiveOnEbay(server, `other_${crypto.randomUUID().slice(0, 6)}`);

    const forged = await ebay.notify(endpoint, user, { forged: true });
    expect(forged.status).toBe(412);
    expect(await forged.json()).toMatchObject({ code: 'invalid_signature' });
    // Signed for another account, then pointed at this one.
    const altered = await ebay.notify(
      endpoint,
      { userId: other.userId, username: other.username },
      {
        tamper: (body) => body.replace(other.userId, target.userId),
      },
    );
    expect(altered.status).toBe(412);
    const unsigned = await ebay.notify(endpoint, user, { unsigned: true });
    expect(unsigned.status).toBe(412);
    expect(await unsigned.json()).toMatchObject({ message: expect.stringMatching(/X-EBAY-SIGNATURE/) });

    expect(await ebayConnection(server, target)).toBeDefined();
    expect(await ebayConnection(server, other)).toBeDefined();
  });

  it('refuses a notification signed under a key id eBay does not know', async () => {
    const target = await sellerLiveOnEbay(server, `unknown_kid_${crypto.randomUUID().slice(0, 6)}`);
    const unknownKid = crypto.randomUUID();
    const response = await ebay.notify(
      endpoint,
      { userId: target.userId, username: target.username },
      { kid: unknownKid },
    );
    expect(response.status).toBe(412);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/does not know the key/) });
    expect(ebay.publicKeyRequests).toContain(unknownKid);
    expect(await ebayConnection(server, target)).toBeDefined();
  });

  it('documents both methods in the OpenAPI document, with every status they answer', async () => {
    const document = await readOpenApiDocument(server.baseUrl);
    const operations = document.paths[EBAY_ACCOUNT_DELETION_PATH];
    expect(Object.keys(operations?.get?.responses ?? {}).sort()).toEqual(['200', '400', '404', '500', '503']);
    expect(Object.keys(operations?.post?.responses ?? {}).sort()).toEqual([
      '204',
      '400',
      '404',
      '412',
      '413',
      '415',
      '500',
      '502',
      '503',
    ]);
    expect(operations?.post?.security).toBeUndefined();
  });

  it('refuses a signed message of another topic', async () => {
    const body = ebay
      .notificationBody({ userId: 'someone', username: 'someone' })
      .replace('MARKETPLACE_ACCOUNT_DELETION', 'ITEM_SOLD');
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ebay-signature': ebay.signatureHeader(body) },
      body,
    });
    expect(response.status).toBe(400);
  });
});

describe('eBay marketplace account deletion, not set up', () => {
  it('says so when no verification token is set, and still takes notifications', async () => {
    const ebay = await startFakeEbayNotification();
    const server = await startServer({ ...ebay.env, PUBLIC_URL });
    try {
      const endpoint = `${server.baseUrl}${EBAY_ACCOUNT_DELETION_PATH}`;
      const check = await fetch(`${endpoint}?challenge_code=abc`);
      expect(check.status).toBe(503);
      expect(await check.json()).toMatchObject({
        message: expect.stringMatching(/EBAY_DELETION_VERIFICATION_TOKEN is not set/),
      });
      const target = await sellerLiveOnEbay(server, `no_token_${crypto.randomUUID().slice(0, 6)}`);
      const notified = await ebay.notify(endpoint, { userId: target.userId, username: target.username });
      expect(notified.status).toBe(204);
      expect(await ebayConnection(server, target)).toBeUndefined();
    } finally {
      await server.close();
      await ebay.close();
    }
  });

  it('answers 404 where no eBay app is configured', async () => {
    const server = await startServer({});
    try {
      const endpoint = `${server.baseUrl}${EBAY_ACCOUNT_DELETION_PATH}`;
      const check = await fetch(`${endpoint}?challenge_code=abc`);
      expect(check.status).toBe(404);
      expect(await check.json()).toMatchObject({ code: 'marketplace_unavailable' });
      const notified = await fetch(endpoint, { method: 'POST', body: '{}' });
      expect(notified.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('leaves the notification unacknowledged when the Notification API cannot be reached', async () => {
    const ebay = await startFakeEbayNotification();
    const server = await startServer({ ...ebay.env, PUBLIC_URL });
    await ebay.close();
    try {
      const endpoint = `${server.baseUrl}${EBAY_ACCOUNT_DELETION_PATH}`;
      const target = await sellerLiveOnEbay(server, `unreachable_${crypto.randomUUID().slice(0, 6)}`);
      const body = ebay.notificationBody({ userId: target.userId, username: target.username });
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ebay-signature': ebay.signatureHeader(body) },
        body,
      });
      expect(response.status).toBe(502);
      expect(await ebayConnection(server, target)).toBeDefined();
    } finally {
      await server.close();
    }
  });
});
