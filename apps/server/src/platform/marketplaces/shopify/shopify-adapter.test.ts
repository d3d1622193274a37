// The Shopify adapter against the Shopify protocol test server: connecting a shop (signed callback, expiring
// tokens, refresh, uninstall), publishing with staged photo uploads and productSet, a lost answer or a refusal
// mid-publish without a second product, THROTTLED, ending, price and stock updates (the 2026-04 form), sales across
// pages, orders refused for want of protected customer data (not a lost login), a shop with no Online Store, and
// the category from Shopify's product taxonomy by what the item is and whose.
import crypto from 'node:crypto';
import type { Currency } from '@snaplist/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeShopify, startFakeShopify } from '../../../testing/marketplaces';
import { createTestJpeg } from '../../../testing/photos';
import {
  type ConnectedAccount,
  MarketplaceError,
  type MarketplaceSession,
  type PublishableListing,
  type PublishProgress,
} from '../marketplace-adapter';
import { createShopifyAdapter, normaliseShopDomain } from './shopify-adapter';

const REDIRECT_URI = 'https://snaplist.example/marketplaces/callback/shopify';

let fake: FakeShopify;
let adapter: ReturnType<typeof createShopifyAdapter>;
let locationId: string;

beforeEach(async () => {
  fake = await startFakeShopify({
    shops: [
      { domain: 'snaplist-test.myshopify.com', name: 'Snaplist Test' },
      { domain: 'other-shop.myshopify.com' },
    ],
  });
  adapter = createShopifyAdapter(fake.options);
  locationId = fake.shops[0]?.locations[1]?.id ?? '';
});

afterEach(async () => {
  await fake.close();
});

/** The code exchange the callback page asks for, with the query Shopify sent the seller back with. */
function exchange(shop: string | null, callbackQuery: Record<string, string>): Promise<ConnectedAccount> {
  return adapter.exchangeCode({
    code: callbackQuery.code ?? '',
    redirectUri: REDIRECT_URI,
    codeVerifier: null,
    shop,
    callbackQuery,
  });
}

async function connect(shop = 'snaplist-test') {
  const start = adapter.startAuthorization({ state: 'state-1', redirectUri: REDIRECT_URI, shop });
  const callbackQuery = Object.fromEntries(new URL(await fake.authorize(start.url)).searchParams);
  const account = await exchange(start.shop, callbackQuery);
  const session: MarketplaceSession = {
    accessToken: account.accessToken,
    shop: account.accountId,
    accountId: account.accountId,
  };
  return { start, callbackQuery, account, session };
}

async function listing(overrides: Partial<PublishableListing> = {}): Promise<PublishableListing> {
  const photos = await Promise.all(
    ['#3b6ea5', '#a53b3b'].map(async (colour, index) => {
      const bytes = await createTestJpeg({ colour });
      return {
        id: `photo-${index}`,
        mimeType: 'image/jpeg',
        url: `https://snaplist.example/p/${index}`,
        bytes: async () => bytes,
      };
    }),
  );
  return {
    listingId: 'listing-1',
    sku: 'SL-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    title: "Levi's 501 straight jeans, W32 L34",
    description: 'Classic mid-blue denim.\nButton fly.\n\nWorn a handful of times & washed cold.',
    tags: ['denim', 'levis', 'Denim', 'straight leg'],
    price: 4500,
    currency: 'GBP' as Currency,
    quantity: 2,
    brand: "Levi's",
    size: 'W32 L34',
    colours: ['Blue'],
    composition: [{ fibre: 'cotton', percent: 100 }],
    category: 'Bottoms',
    condition: 'Very good',
    barcode: null,
    photos,
    language: 'en',
    ...overrides,
  };
}

/** Publishes and records what was saved, as the crosslisting module does between attempts. */
async function publish(
  session: MarketplaceSession,
  item: PublishableListing,
  progress: PublishProgress = {},
) {
  const saved: PublishProgress[] = [];
  const result = await adapter.publish(session, item, { locationId }, progress, async (next) => {
    saved.push(next);
  });
  return { result, saved };
}

async function refusal(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

const productSetCalls = () => fake.requests.filter((request) => request.operation === 'productSet').length;

describe('connecting a shop', () => {
  it('takes the shop as a seller types or pastes it, and refuses anything else as shop_invalid', async () => {
    expect(normaliseShopDomain('My-Shop')).toBe('my-shop.myshopify.com');
    expect(normaliseShopDomain(' my-shop.myshopify.com ')).toBe('my-shop.myshopify.com');
    expect(normaliseShopDomain('https://my-shop.myshopify.com/admin/products')).toBe('my-shop.myshopify.com');
    expect(normaliseShopDomain('https://admin.shopify.com/store/my-shop/orders')).toBe(
      'my-shop.myshopify.com',
    );
    for (const wrong of ['', 'my shop', 'shop.example.com', 'evil.com/x.myshopify.com', '-shop', 'my.shop']) {
      expect(normaliseShopDomain(wrong), wrong).toBeNull();
    }
    let thrown: unknown;
    try {
      adapter.startAuthorization({ state: 's', redirectUri: REDIRECT_URI, shop: 'shop.example.com' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MarketplaceError);
    expect((thrown as MarketplaceError).details.marketplaceCode).toBe('shop_invalid');
  });

  it('connects through the consent page: a signed callback, an expiring offline token, the shop domain', async () => {
    const { start, callbackQuery, account, session } = await connect();
    const authorize = new URL(start.url);
    expect(authorize.pathname).toBe('/shops/snaplist-test.myshopify.com/admin/oauth/authorize');
    expect(authorize.searchParams.get('scope')).toBe(
      'write_products,write_inventory,read_locations,read_orders,write_publications',
    );
    expect(authorize.searchParams.get('client_id')).toBe(fake.clientId);
    expect(Object.keys(callbackQuery).sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(account).toMatchObject({
      accountName: 'snaplist-test.myshopify.com',
      accountId: 'snaplist-test.myshopify.com',
    });
    expect(account.refreshToken).toMatch(/^shprt_/);
    const lifetime = Date.parse(account.accessTokenExpiresAt ?? '') - Date.now();
    expect(lifetime).toBeGreaterThan(3500_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);
    const [setting] = await adapter.settingChoices(session);
    expect(setting).toEqual({
      name: 'locationId',
      choices: fake.shops[0]?.locations
        .filter((location) => location.isActive)
        .map((location) => ({ value: location.id, label: location.name })),
    });
  });

  it('refuses a callback whose signature does not match, before using the code', async () => {
    const start = adapter.startAuthorization({
      state: 'state-1',
      redirectUri: REDIRECT_URI,
      shop: 'snaplist-test',
    });
    const callbackQuery = Object.fromEntries(new URL(await fake.authorize(start.url)).searchParams);
    const tampered = { ...callbackQuery, state: 'state-2' };
    const error = await refusal(exchange(start.shop, tampered));
    expect(error.kind).toBe('rejected');
    expect(error.details.marketplaceCode).toBe('hmac_invalid');
    const forged = { ...callbackQuery, hmac: 'f'.repeat(64) };
    expect((await refusal(exchange(start.shop, forged))).details.marketplaceCode).toBe('hmac_invalid');
    expect(fake.requests.some((request) => request.path.endsWith('/admin/oauth/access_token'))).toBe(false);
  });

  it('refuses a callback signed for another shop than the one being connected', async () => {
    const start = adapter.startAuthorization({
      state: 'state-1',
      redirectUri: REDIRECT_URI,
      shop: 'snaplist-test',
    });
    const other = adapter.startAuthorization({
      state: 'state-1',
      redirectUri: REDIRECT_URI,
      shop: 'other-shop',
    });
    const callbackQuery = Object.fromEntries(new URL(await fake.authorize(other.url)).searchParams);
    const error = await refusal(exchange(start.shop, callbackQuery));
    expect(error.details.marketplaceCode).toBe('shop_mismatch');
  });

  it('refuses a code used twice with Shopify words', async () => {
    const { start, callbackQuery } = await connect();
    const error = await refusal(exchange(start.shop, callbackQuery));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('The authorization code was not found or was already used');
  });

  it('renews an expired access token with the refresh token, which then works only once', async () => {
    const { account, session } = await connect();
    fake.expireAccessTokens();
    expect((await refusal(adapter.settingChoices(session))).kind).toBe('auth');
    const renewed = await adapter.refresh(account, session.shop);
    expect(renewed.accessToken).not.toBe(account.accessToken);
    expect(renewed.refreshToken).not.toBe(account.refreshToken);
    await expect(
      adapter.settingChoices({ ...session, accessToken: renewed.accessToken }),
    ).resolves.toHaveLength(1);
    expect((await refusal(adapter.refresh(account, session.shop))).kind).toBe('auth');
    expect((await refusal(adapter.refresh({ ...account, refreshToken: null }, session.shop))).kind).toBe(
      'auth',
    );
  });

  it('disconnects by uninstalling the app: the token stops working, and revoking again is fine', async () => {
    const { account, session } = await connect();
    await adapter.revoke(account, session.shop);
    expect((await refusal(adapter.settingChoices(session))).kind).toBe('auth');
    await expect(adapter.revoke(account, session.shop)).resolves.toBeUndefined();
  });
});

describe('publishing', () => {
  it('publishes end to end: staged photos, one product with media, price, SKU, stock, on the Online Store', async () => {
    const { session } = await connect();
    const item = await listing();
    const { result, saved } = await publish(session, item);

    expect(fake.products).toHaveLength(1);
    const product = fake.products[0];
    if (!product) throw new Error('no product');
    expect(product).toMatchObject({
      shop: 'snaplist-test.myshopify.com',
      title: item.title,
      status: 'ACTIVE',
      vendor: "Levi's",
      productType: 'Bottoms',
      // Jeans whose words do not say whose: Shopify's taxonomy would have them adults' or a baby's.
      category: null,
      tags: ['denim', 'levis', 'straight leg'],
      options: [{ name: 'Size', values: ['W32 L34'] }],
      descriptionHtml:
        '<p>Classic mid-blue denim.<br>Button fly.</p><p>Worn a handful of times &#38; washed cold.</p>',
    });
    expect(product.handle).toMatch(/^levi-s-501-straight-jeans-w32-l34-[0-9a-f]{8}$/);
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0]).toMatchObject({
      sku: item.sku,
      price: '45.00',
      tracked: true,
      available: { [locationId]: 2 },
    });
    const sent = await Promise.all(item.photos.map((photo) => photo.bytes()));
    expect(product.media.map((media) => media.bytes)).toEqual(sent);
    expect(fake.uploads.every((upload) => upload.httpMethod === 'POST' && upload.bytes !== null)).toBe(true);
    const onlineStore = fake.shops[0]?.publications.find(
      (publication) => publication.name === 'Online Store',
    );
    expect(product.publicationIds).toEqual([onlineStore?.id]);

    expect(result).toEqual({
      externalId: product.id,
      url: `https://snaplist-test.myshopify.com/products/${product.handle}`,
      progress: {
        productId: product.id,
        handle: product.handle,
        variantId: product.variants[0]?.id,
        inventoryItemId: product.variants[0]?.inventoryItemId,
        locationId,
      },
    });
    expect(saved).toEqual([result.progress]);
  });

  it('names the size option in the listing language and falls back to Shopify default without a size', async () => {
    const { session } = await connect();
    await publish(session, await listing({ language: 'de', sku: 'SL-de' }));
    await publish(session, await listing({ size: null, sku: 'SL-none', title: 'A plain scarf' }));
    expect(fake.products.map((product) => product.options)).toEqual([
      [{ name: 'Größe', values: ['W32 L34'] }],
      [{ name: 'Title', values: ['Default Title'] }],
    ]);
  });

  it('a 5xx after productSet was applied: the retry finds the product and creates no second one', async () => {
    const { session } = await connect();
    const item = await listing();
    fake.failNext({ status: 502, operation: 'productSet', afterApplying: true });
    const first = await refusal(publish(session, item));
    expect(first.kind).toBe('transient');
    expect(fake.products).toHaveLength(1);

    const { result, saved } = await publish(session, item);
    expect(fake.products).toHaveLength(1);
    expect(productSetCalls()).toBe(1);
    expect(result.externalId).toBe(fake.products[0]?.id);
    expect(saved).toEqual([result.progress]);
  });

  it('finds the product by SKU when the title (so the handle) changed between the attempts', async () => {
    const { session } = await connect();
    fake.failNext({ status: 500, operation: 'productSet', afterApplying: true });
    expect((await refusal(publish(session, await listing()))).kind).toBe('transient');
    const { result } = await publish(session, await listing({ title: 'Levis 501 jeans, mid blue' }));
    expect(fake.products).toHaveLength(1);
    expect(result.externalId).toBe(fake.products[0]?.id);
  });

  it('a 5xx before anything exists is transient, and the retry publishes once', async () => {
    const { session } = await connect();
    fake.failNext({ status: 503, operation: 'stagedUploadsCreate' });
    expect((await refusal(publish(session, await listing()))).kind).toBe('transient');
    fake.failNext({ status: 500, path: '/staged-uploads' });
    expect((await refusal(publish(session, await listing()))).kind).toBe('transient');
    await publish(session, await listing());
    expect(fake.products).toHaveLength(1);
  });

  it('resumes from the saved product: a second run creates nothing and answers the same product', async () => {
    const { session } = await connect();
    const item = await listing();
    const first = await publish(session, item);
    const again = await publish(session, item, first.result.progress);
    expect(again.result).toEqual(first.result);
    expect(again.saved).toEqual([]);
    expect(productSetCalls()).toBe(1);
    expect(fake.products).toHaveLength(1);
  });

  it('THROTTLED becomes rate_limited with the wait the cost extension gives', async () => {
    const { session } = await connect();
    fake.rateLimitNext({ times: 1, retryAfterSeconds: 3 });
    const error = await refusal(publish(session, await listing()));
    expect(error.kind).toBe('rate_limited');
    expect(error.details).toMatchObject({ marketplaceCode: 'THROTTLED', retryAfterMs: 3000 });
    expect(fake.products).toHaveLength(0);
    await publish(session, await listing());
    expect(fake.products).toHaveLength(1);
  });

  it('a revoked token is auth', async () => {
    const { session } = await connect();
    fake.revokeAll();
    expect((await refusal(publish(session, await listing()))).kind).toBe('auth');
  });

  it("Shopify's userErrors are rejected, in Shopify's words", async () => {
    const { session } = await connect();
    const item = await listing();
    const error = await refusal(
      adapter.publish(session, item, { locationId: 'gid://shopify/Location/999999' }, {}, async () => {}),
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('Location does not exist');
    expect(error.details.marketplaceCode).toBe('INVALID_LOCATION');
    expect(fake.products).toHaveLength(0);
  });

  it('refuses a listing priced in another currency than the shop sells in, before uploading anything', async () => {
    const { session } = await connect();
    const error = await refusal(publish(session, await listing({ currency: 'USD' })));
    expect(error).toMatchObject({ kind: 'rejected', details: { marketplaceCode: 'currency_mismatch' } });
    expect(fake.uploads).toHaveLength(0);
  });

  it('says what a listing lacks before anything is sent: the location, a title within 255 characters', async () => {
    const item = await listing({ title: 'x'.repeat(256) });
    expect(adapter.missingRequirements(item, {})).toEqual([
      { field: 'settings.locationId', code: 'marketplace_setting_required' },
      { field: 'title', code: 'marketplace_title_too_long', params: { max: 255 } },
    ]);
    expect(adapter.missingRequirements(await listing(), { locationId })).toEqual([]);
  });
});

describe('a published product', () => {
  it('takes a new price and quantity', async () => {
    const { session } = await connect();
    const item = await listing();
    const { result } = await publish(session, item);
    await adapter.updatePriceAndQuantity(
      session,
      { externalId: result.externalId, progress: result.progress, sku: item.sku },
      { price: 3999, currency: 'GBP', quantity: 1 },
    );
    expect(fake.products[0]?.variants[0]).toMatchObject({ price: '39.99', available: { [locationId]: 1 } });
  });

  it('ends by archiving; ending again, or after the seller deleted it in Shopify, is fine', async () => {
    const { session } = await connect();
    const item = await listing();
    const { result } = await publish(session, item);
    const published = { externalId: result.externalId, progress: result.progress, sku: item.sku };
    await adapter.end(session, published);
    expect(fake.products[0]?.status).toBe('ARCHIVED');
    await adapter.end(session, published);
    fake.products.splice(0, 1);
    await expect(adapter.end(session, published)).resolves.toBeUndefined();
  });

  it('comes back from archived at the listing price and stock, without a second product', async () => {
    const { session } = await connect();
    const item = await listing();
    const { result } = await publish(session, item);
    await adapter.end(session, { externalId: result.externalId, progress: result.progress, sku: item.sku });
    const again = await publish(session, { ...item, price: 4000, quantity: 1 }, result.progress);
    expect(again.result.externalId).toBe(result.externalId);
    expect(fake.products).toHaveLength(1);
    expect(fake.products[0]).toMatchObject({ status: 'ACTIVE' });
    expect(fake.products[0]?.variants[0]).toMatchObject({ price: '40.00', available: { [locationId]: 1 } });
  });

  it('reads sales across pages, once per order and SKU, without cancelled or older orders', async () => {
    const { session } = await connect();
    const item = await listing();
    await publish(session, { ...item, quantity: 50 });
    const since = new Date(Date.now() - 60_000);
    fake.sell(item.sku, 1, { at: new Date(since.getTime() - 2 * 3600_000) });
    const placed = Array.from({ length: 30 }, (_, index) =>
      fake.sell(item.sku, 1, { at: new Date(since.getTime() + (index + 1) * 1000) }),
    );
    const cancelled = placed[3];
    if (cancelled) cancelled.cancelledAt = new Date().toISOString();
    const twoLines = placed[5];
    twoLines?.lineItems.push({
      id: 'gid://shopify/LineItem/1',
      title: 'again',
      sku: item.sku,
      quantity: 2,
      variantId: null,
    });
    fake.sell('SOMEONE-ELSES-SKU', 1, { at: new Date(since.getTime() + 40_000) });
    const ordersCalls = () => fake.requests.filter((request) => request.operation === 'orders').length;

    const sold = await adapter.soldSince(session, since.toISOString());
    expect(ordersCalls()).toBe(2);
    const ours = sold.filter((sale) => sale.sku === item.sku);
    expect(ours).toHaveLength(29);
    expect(ours.map((sale) => sale.orderId)).toEqual(
      placed.filter((order) => order !== cancelled).map((order) => order.id),
    );
    expect(ours.find((sale) => sale.orderId === twoLines?.id)?.quantity).toBe(3);
    expect(sold.find((sale) => sale.sku === 'SOMEONE-ELSES-SKU')).toBeDefined();
    expect(sold.map((sale) => sale.soldAt)).toEqual([...sold.map((sale) => sale.soldAt)].sort());
  });

  it('reads every line of a long order', async () => {
    const { session } = await connect();
    const order = fake.sell('LINE-0', 1);
    for (let line = 1; line < 60; line += 1) {
      order.lineItems.push({
        id: `gid://shopify/LineItem/${9000 + line}`,
        title: 'x',
        sku: `LINE-${line}`,
        quantity: 1,
        variantId: null,
      });
    }
    const sold = await adapter.soldSince(session, new Date(Date.now() - 60_000).toISOString());
    expect(sold.map((sale) => sale.sku).sort()).toEqual(
      Array.from({ length: 60 }, (_, line) => `LINE-${line}`).sort(),
    );
  });
});

describe('what Shopify withholds', () => {
  it('without protected customer data access, sales are refused as ACCESS_DENIED, not a lost login, and publishing still works', async () => {
    const { session } = await connect();
    fake.withholdProtectedCustomerData();
    const refused = await refusal(adapter.soldSince(session, new Date(Date.now() - 60_000).toISOString()));
    expect(refused.kind).toBe('rejected');
    expect(refused.details.marketplaceCode).toBe('ACCESS_DENIED');
    expect(refused.message).toContain('protected customer data');
    const { result } = await publish(session, await listing());
    expect(result.url).toContain('/products/');
    expect(fake.products).toHaveLength(1);
  });

  it('finds the Online Store by its catalog, and without one says so instead of a live link to nothing', async () => {
    const { session } = await connect();
    const shop = fake.shops[0];
    const onlineStore = shop?.publications.findIndex((publication) => publication.name === 'Online Store');
    if (!shop || onlineStore === undefined || onlineStore < 0)
      throw new Error('the fake shop has no Online Store');
    const [removed] = shop.publications.splice(onlineStore, 1);
    const item = await listing();
    const refused = await refusal(publish(session, item));
    expect(refused.kind).toBe('rejected');
    expect(refused.details.marketplaceCode).toBe('online_store_missing');
    expect(refused.message).toContain('Online Store');
    // Once the seller adds the channel, publishing again finishes the same product.
    if (removed) shop.publications.push(removed);
    const { result } = await publish(session, item);
    expect(fake.products).toHaveLength(1);
    expect(fake.products[0]?.publicationIds).toContain(removed?.id);
    expect(result.url).toBe(`https://${shop.domain}/products/${fake.products[0]?.handle}`);
  });

  it('sets stock with a fresh idempotency key and changeFromQuantity null, as 2026-04 and later require', async () => {
    const { session } = await connect();
    const item = await listing();
    const { result } = await publish(session, item);
    const published = { externalId: result.externalId, progress: result.progress, sku: item.sku };
    await adapter.updatePriceAndQuantity(session, published, { price: 4500, currency: 'GBP', quantity: 1 });
    // A second identical update is a new call (a new key), so it is applied, not answered from the first.
    fake.sell(item.sku, 1);
    await adapter.updatePriceAndQuantity(session, published, { price: 4500, currency: 'GBP', quantity: 1 });
    expect(fake.products[0]?.variants[0]?.available).toEqual({ [locationId]: 1 });
  });
});

describe('the taxonomy category', () => {
  const TAXONOMY = 'gid://shopify/TaxonomyCategory/';

  /** Publishes an item of these words under a SKU of its own and answers the category its product got. */
  async function categoryOf(
    session: MarketplaceSession,
    words: Pick<PublishableListing, 'title' | 'tags' | 'description'> & Partial<PublishableListing>,
  ): Promise<string | null> {
    const sku = `SL-${crypto.randomUUID().replaceAll('-', '')}`;
    await publish(session, await listing({ sku, listingId: sku, category: 'Vintage', ...words }));
    const product = fake.products.find((candidate) => candidate.variants[0]?.sku === sku);
    if (!product) throw new Error(`no product for ${words.title}`);
    return product.category;
  }

  it("files men's jeans, a women's dress, trainers and a bag each under the leaf of its own kind", async () => {
    const { session } = await connect();
    const jeans = await categoryOf(session, {
      title: "Men's Levi's 501 jeans",
      tags: ['denim'],
      description: 'Straight leg.',
    });
    const dress = await categoryOf(session, {
      title: 'Floral midi dress',
      tags: ['women', 'summer'],
      description: 'Wrap front.',
    });
    const trainers = await categoryOf(session, {
      title: 'Nike Air Max trainers',
      tags: ['mens'],
      description: 'Barely worn.',
    });
    const bag = await categoryOf(session, {
      title: 'Leather shoulder bag',
      tags: ['tan'],
      description: 'Gold hardware.',
    });

    expect(jeans).toBe(`${TAXONOMY}aa-1-12-4`); // Apparel & Accessories > Clothing > Pants > Jeans
    expect(dress).toBe(`${TAXONOMY}aa-1-4`); // ... > Clothing > Dresses, not Pet or Baby & Toddler Dresses
    expect(trainers).toBe(`${TAXONOMY}aa-8-8`); // ... > Shoes > Sneakers
    expect(bag).toBe(`${TAXONOMY}aa-5-4-19`); // ... > Handbags > Shoulder Bags
  });

  it("files a toddler's dress in Baby & Toddler Clothing", async () => {
    const { session } = await connect();
    const category = await categoryOf(session, {
      title: "Toddler girl's party dress",
      tags: [],
      description: 'Age 2-3.',
    });
    expect(category).toBe(`${TAXONOMY}aa-1-2-3`);
  });

  it('publishes without a category when the words say nothing, or not whose the clothes are, or no bag style', async () => {
    const { session } = await connect();
    const nothing = await categoryOf(session, {
      title: 'Lovely vintage find',
      tags: ['retro'],
      description: 'In great condition.',
    });
    const unknownWhose = await categoryOf(session, {
      title: 'Straight leg jeans',
      tags: [],
      description: 'Mid blue.',
    });
    const anyBag = await categoryOf(session, { title: 'Designer bag', tags: [], description: 'Black.' });

    expect(nothing).toBeNull();
    expect(unknownWhose).toBeNull();
    expect(anyBag).toBeNull();
    expect(fake.products).toHaveLength(3);
    // Nothing to look up for the item of no kind or no department; the style-less bag finds no leaf to search for.
    expect(fake.requests.filter((request) => request.operation === 'taxonomy')).toHaveLength(0);
  });

  it('asks the taxonomy once per search', async () => {
    const { session } = await connect();
    const jeans = { title: "Men's slim jeans", tags: [], description: 'Dark wash.' };
    await categoryOf(session, jeans);
    await categoryOf(session, { ...jeans, title: "Men's bootcut jeans" });
    await categoryOf(session, { ...jeans, title: "Boy's jeans", tags: ['kids'] });
    await categoryOf(session, { title: "Women's maxi dress", tags: [], description: 'Linen.' });

    const searches = fake.requests.filter((request) => request.operation === 'taxonomy');
    expect(searches).toHaveLength(2);
    expect(fake.products.map((product) => product.category)).toEqual([
      `${TAXONOMY}aa-1-12-4`,
      `${TAXONOMY}aa-1-12-4`,
      `${TAXONOMY}aa-1-12-4`,
      `${TAXONOMY}aa-1-4`,
    ]);
  });
});
