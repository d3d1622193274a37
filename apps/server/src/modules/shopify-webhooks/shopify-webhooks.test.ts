// Shopify's webhooks over real HTTP, delivered by the Shopify protocol test server as Shopify sends them (JSON body
// signed with the app's secret in X-Shopify-Hmac-Sha256): a bad signature is refused, the compliance topics are
// acknowledged, shop/redact forgets the shop, app/uninstalled asks for a reconnection, and orders/create ends the
// eBay and Etsy copies within seconds. Also: a shop whose app lacks protected customer data access keeps
// publishing, and its sales sync failing says why instead of asking the seller to reconnect.
import crypto from 'node:crypto';
import {
  type Listing,
  type PublicationsResponse,
  type PublishingMarketplace,
  routes,
} from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryListing, expectOk, startTestServer, type TestServer } from '../../testing';
import {
  allIn,
  type CrosslistingSeller,
  connectMarketplace,
  consentFor,
  createCrosslistingSeller,
  waitForPublications,
} from '../../testing/crosslisting';
import { type FakeEbay, startFakeEbay } from '../../testing/marketplaces/fake-ebay';
import { type FakeEtsy, startFakeEtsy } from '../../testing/marketplaces/fake-etsy';
import { type FakeShopify, startFakeShopify } from '../../testing/marketplaces/fake-shopify';
import { marketplaceSku } from '../crosslisting/publishable-listing';

const SHOP = 'snaplist-test.myshopify.com';
const OTHER_SHOP = 'other-shop.myshopify.com';

let ebay: FakeEbay;
let etsy: FakeEtsy;
let shopify: FakeShopify;
let server: TestServer;
let webhookUrl: string;

beforeAll(async () => {
  [ebay, etsy, shopify] = await Promise.all([
    startFakeEbay(),
    startFakeEtsy(),
    startFakeShopify({ shops: [{ domain: SHOP }, { domain: OTHER_SHOP }] }),
  ]);
  server = await startTestServer({
    ...ebay.env,
    ...etsy.env,
    ...shopify.env,
    MARKETPLACE_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
    MARKETPLACE_RETRY_SECONDS: '0.05',
  });
  ebay.setAcceptUrl(`${server.baseUrl}/marketplaces/callback/ebay`);
  webhookUrl = `${server.baseUrl}/api/webhooks/shopify`;
});

afterAll(async () => {
  await server?.close();
  await Promise.all([ebay?.close(), etsy?.close(), shopify?.close()]);
});

type Seller = CrosslistingSeller;

const newSeller = () => createCrosslistingSeller(server.baseUrl);
const consentOf = (marketplace: PublishingMarketplace, seller: Seller) =>
  consentFor({ ebay, etsy, shopify }, marketplace, seller);

async function connect(seller: Seller, marketplaces: PublishingMarketplace[], shop = SHOP) {
  for (const marketplace of marketplaces) {
    await connectMarketplace(
      server,
      seller.user.token,
      marketplace,
      consentOf(marketplace, seller),
      marketplace === 'shopify' ? shop : undefined,
    );
  }
}

async function shopifyConnection(seller: Seller) {
  const { connections } = expectOk(
    await server.call(routes.marketplaceConnections, { token: seller.user.token }),
  );
  const connection = connections.find((candidate) => candidate.marketplace === 'shopify');
  if (!connection) throw new Error('Shopify is not offered');
  return connection;
}

/**
 * A listing of the seller's, published and live on these marketplaces. Vintage: Etsy takes second-hand clothes
 * only when they are; the title says what the item is, so each marketplace finds its category.
 */
async function liveListing(seller: Seller, marketplaces: PublishingMarketplace[]) {
  const listing = await createInventoryListing(server.baseUrl, seller.user, {
    category: 'Vintage',
    title: "Levi's 501 men's blue denim jeans",
    quantity: 1,
  });
  expectOk(
    await server.call(routes.publishListing, {
      token: seller.user.token,
      params: { id: listing.listingId },
      body: { marketplaces },
    }),
  );
  await waitFor(seller, listing, allIn(marketplaces, 'live'));
  return { listing, sku: marketplaceSku({ id: listing.listingId, sku: listing.sku }, false) };
}

function waitFor(seller: Seller, listing: Listing, done: (response: PublicationsResponse) => boolean) {
  return waitForPublications(server, seller.user.token, listing.listingId, done);
}

function post(body: string, headers: Record<string, string>) {
  return fetch(webhookUrl, { method: 'POST', headers, body });
}

describe('the signature', () => {
  it('takes a webhook signed with the app secret over its exact body', async () => {
    const response = await shopify.deliverWebhook(webhookUrl, 'customers/data_request', {
      shop_id: 1,
      shop_domain: SHOP,
      orders_requested: [1],
      customer: { id: 2, email: 'buyer@example.com', phone: null },
      data_request: { id: 3 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });

  it('refuses with 401 a body changed after signing, another secret, or no signature', async () => {
    const signed = shopify.webhook('shop/redact', { shop_id: 1, shop_domain: SHOP });
    const tampered = await post(signed.body.replace(SHOP, OTHER_SHOP), signed.headers);
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toMatchObject({ code: 'invalid_signature' });
    const otherSecret = crypto.createHmac('sha256', 'not-the-secret').update(signed.body).digest('base64');
    expect(
      (await post(signed.body, { ...signed.headers, 'x-shopify-hmac-sha256': otherSecret })).status,
    ).toBe(401);
    const { 'x-shopify-hmac-sha256': _dropped, ...unsigned } = signed.headers;
    expect((await post(signed.body, unsigned)).status).toBe(401);
  });

  it('refuses a signed body that is not what its topic carries, with 400', async () => {
    const response = await shopify.deliverWebhook(webhookUrl, 'shop/redact', { shop_id: 1 });
    expect(response.status).toBe(400);
  });
});

describe('compliance topics and uninstalling', () => {
  it('acknowledges customers/redact: Snaplist holds no customer data', async () => {
    const response = await shopify.deliverWebhook(webhookUrl, 'customers/redact', {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 2, email: 'buyer@example.com', phone: null },
      orders_to_redact: [4],
    });
    expect(response.status).toBe(200);
  });

  it("shop/redact deletes the shop's connections and tokens, and no other shop's", async () => {
    const [redacted, other] = [await newSeller(), await newSeller()];
    await connect(redacted, ['shopify'], OTHER_SHOP);
    await connect(other, ['shopify'], SHOP);
    expect((await shopifyConnection(redacted)).connected).toBe(true);
    const response = await shopify.deliverWebhook(
      webhookUrl,
      'shop/redact',
      { shop_id: 2, shop_domain: OTHER_SHOP },
      { shop: OTHER_SHOP },
    );
    expect(response.status).toBe(200);
    expect(await shopifyConnection(redacted)).toMatchObject({ connected: false, accountName: null });
    const stored = await server.app.db
      .selectFrom('marketplace_connections')
      .select(['access_token', 'refresh_token'])
      .where('shop', '=', OTHER_SHOP)
      .execute();
    expect(stored).toEqual([]);
    expect((await shopifyConnection(other)).connected).toBe(true);
  });

  it('app/uninstalled marks the connection to be connected again', async () => {
    const seller = await newSeller();
    await connect(seller, ['shopify'], OTHER_SHOP);
    expect((await shopifyConnection(seller)).needsReconnect).toBe(false);
    const response = await shopify.deliverWebhook(
      webhookUrl,
      'app/uninstalled',
      { id: 2, name: 'Other Shop', domain: OTHER_SHOP, myshopify_domain: OTHER_SHOP },
      { shop: OTHER_SHOP },
    );
    expect(response.status).toBe(200);
    expect(await shopifyConnection(seller)).toMatchObject({ connected: true, needsReconnect: true });
  });
});

describe('orders/create', () => {
  const everywhere: PublishingMarketplace[] = ['ebay', 'etsy', 'shopify'];

  it('a Shopify sale ends the eBay and Etsy copies at once, and counts once however often it is seen', async () => {
    const seller = await newSeller();
    await connect(seller, everywhere);
    const { listing, sku } = await liveListing(seller, everywhere);
    const order = shopify.sell(sku, 1);
    const payload = shopify.orderPayload(order);

    const delivered = Date.now();
    expect((await shopify.deliverWebhook(webhookUrl, 'orders/create', payload)).status).toBe(200);
    const settled = await waitFor(
      seller,
      listing,
      (response) => allIn(['shopify'], 'sold')(response) && allIn(['ebay', 'etsy'], 'ended')(response),
    );
    expect(Date.now() - delivered).toBeLessThan(5000);
    const ebayOffers = [...ebay.account(seller.ebayUser).offers.values()].filter(
      (offer) => offer.sku === sku,
    );
    expect(ebayOffers.some((offer) => offer.status === 'PUBLISHED' && offer.listingStatus === 'ACTIVE')).toBe(
      false,
    );
    expect(etsy.listings.find((candidate) => candidate.sku === sku)?.state).not.toBe('active');

    // Shopify retries a webhook, and the periodic sync reads the same order: still one sale.
    expect((await shopify.deliverWebhook(webhookUrl, 'orders/create', payload)).status).toBe(200);
    await server.app.services.crosslisting.salesSync.syncAll();
    const again = expectOk(
      await server.call(routes.listingPublications, {
        token: seller.user.token,
        params: { id: listing.listingId },
      }),
    );
    expect(again.activity.filter((event) => event.kind === 'sold')).toHaveLength(1);
    expect(settled.activity.filter((event) => event.kind === 'sold')).toHaveLength(1);
  });

  it("leaves another seller's listing of the same SKU alone, and skips cancelled orders", async () => {
    const seller = await newSeller();
    await connect(seller, ['shopify'], OTHER_SHOP);
    const { listing, sku } = await liveListing(seller, ['shopify']);
    const order = shopify.sell(sku, 1, { shop: OTHER_SHOP });
    const cancelled = { ...shopify.orderPayload(order), cancelled_at: new Date().toISOString() };
    await shopify.deliverWebhook(webhookUrl, 'orders/create', cancelled, { shop: OTHER_SHOP });
    // The same order reported for a shop this seller did not connect touches nothing of theirs.
    await shopify.deliverWebhook(webhookUrl, 'orders/create', shopify.orderPayload(order), { shop: SHOP });
    const publications = expectOk(
      await server.call(routes.listingPublications, {
        token: seller.user.token,
        params: { id: listing.listingId },
      }),
    );
    expect(publications.publications).toEqual([
      expect.objectContaining({ marketplace: 'shopify', status: 'live' }),
    ]);
  });
});

describe('without protected customer data access', () => {
  it('keeps publishing, and the sales sync does not ask the seller to reconnect', async () => {
    const seller = await newSeller();
    await connect(seller, ['shopify']);
    shopify.withholdProtectedCustomerData();
    try {
      await server.app.services.crosslisting.salesSync.syncAll();
      expect(await shopifyConnection(seller)).toMatchObject({
        connected: true,
        needsReconnect: false,
        salesSyncProblem: 'order_access_denied',
      });
      expect(server.logs()).toContain('protected customer data');
      const { listing } = await liveListing(seller, ['shopify']);
      const live = await waitFor(seller, listing, allIn(['shopify'], 'live'));
      expect(live.publications[0]?.url).toContain('/products/');
      expect((await shopifyConnection(seller)).needsReconnect).toBe(false);
    } finally {
      shopify.withholdProtectedCustomerData(false);
    }
    // Once Shopify grants the access, the next sync reads the sales and the seller is no longer told otherwise.
    await server.app.services.crosslisting.salesSync.syncAll();
    expect((await shopifyConnection(seller)).salesSyncProblem).toBeNull();
  });
});
