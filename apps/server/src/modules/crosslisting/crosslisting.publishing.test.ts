// Publishing over real HTTP with the real adapters against the marketplaces' protocol test servers: one action
// to every marketplace, each live URL, a sale on one ending the others (read by the sales sync), every missing
// field named before anything is sent, retries that never make a second listing, refusals in the marketplace's
// own words, edits pushed to live copies, "mark sold", and a job finished after a restart.
import crypto from 'node:crypto';
import {
  type Listing,
  type ListingInput,
  type PublicationsResponse,
  type PublishingMarketplace,
  routes,
} from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInventoryListing,
  createUser,
  expectOk,
  listingInput,
  startTestServer,
  type TestServer,
} from '../../testing';
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
import { marketplaceSku } from './publishable-listing';

const TOKEN_KEY = crypto.randomBytes(32).toString('base64');

let ebay: FakeEbay;
let etsy: FakeEtsy;
let shopify: FakeShopify;
let env: Record<string, string>;
let server: TestServer;

beforeAll(async () => {
  [ebay, etsy, shopify] = await Promise.all([startFakeEbay(), startFakeEtsy(), startFakeShopify()]);
  env = {
    ...ebay.env,
    ...etsy.env,
    ...shopify.env,
    MARKETPLACE_TOKEN_KEY: TOKEN_KEY,
    // Retries a few milliseconds apart: a Retry-After still sets the pace where a marketplace sends one.
    MARKETPLACE_RETRY_SECONDS: '0.05',
    MARKETPLACE_JOB_ATTEMPTS: '4',
  };
  server = await startTestServer(env);
  ebay.setAcceptUrl(`${server.baseUrl}/marketplaces/callback/ebay`);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([ebay?.close(), etsy?.close(), shopify?.close()]);
});

type Seller = CrosslistingSeller;

const newSeller = () => createCrosslistingSeller(server.baseUrl);
const consentOf = (marketplace: PublishingMarketplace, seller: Seller) =>
  consentFor({ ebay, etsy, shopify }, marketplace, seller);

async function connect(seller: Seller, ...marketplaces: PublishingMarketplace[]): Promise<void> {
  for (const marketplace of marketplaces) {
    const shop = marketplace === 'shopify' ? shopify.shop : undefined;
    await connectMarketplace(server, seller.user.token, marketplace, consentOf(marketplace, seller), shop);
  }
}

function publish(seller: Seller, listingId: string, marketplaces: PublishingMarketplace[]) {
  return server.call(routes.publishListing, {
    token: seller.user.token,
    params: { id: listingId },
    body: { marketplaces },
  });
}

function waitFor(seller: Seller, listingId: string, done: (response: PublicationsResponse) => boolean) {
  return waitForPublications(server, seller.user.token, listingId, done);
}

function publicationOn(response: PublicationsResponse, marketplace: PublishingMarketplace) {
  return response.publications.find((publication) => publication.marketplace === marketplace);
}

/**
 * An inventory listing of the seller's. Vintage: Etsy takes second-hand clothes only when they are (its adapter
 * refuses the rest with Etsy's rule).
 */
function createListing(seller: Seller, overrides: Partial<ListingInput> = {}): Promise<Listing> {
  return createInventoryListing(server.baseUrl, seller.user, {
    category: 'Vintage',
    // The marketplaces file an item under whose it is: the title says.
    title: "Levi's 501 men's blue denim jeans",
    ...overrides,
  });
}

async function readListing(seller: Seller, listingId: string): Promise<Listing> {
  return expectOk(
    await server.call(routes.getListing, { token: seller.user.token, params: { id: listingId } }),
  );
}

/** The SKU a listing without its own is known by on the marketplaces. */
function skuOf(listing: Listing): string {
  return marketplaceSku({ id: listing.listingId, sku: listing.sku }, false);
}

/** The form of an edit to a published listing. */
function editInput(listing: Listing, changes: Partial<ListingInput>): ListingInput {
  return listingInput({
    photos: listing.photos.map((photo) => photo.id),
    title: listing.title,
    quantity: listing.quantity,
    price: listing.price ?? 0,
    // The published copies' links are the server's to keep: the form sends none for them.
    listedOn: {},
    ...changes,
  });
}

function sellOn(marketplace: PublishingMarketplace, seller: Seller, sku: string): void {
  if (marketplace === 'ebay') ebay.sell(sku, 1, { username: seller.ebayUser });
  else if (marketplace === 'etsy') etsy.sell(sku, 1);
  else shopify.sell(sku, 1);
}

/** Whether the marketplace still offers the listing of this SKU to buyers. */
function onSale(marketplace: PublishingMarketplace, seller: Seller, sku: string): boolean {
  if (marketplace === 'ebay') {
    return [...ebay.account(seller.ebayUser).offers.values()].some(
      (offer) => offer.sku === sku && offer.status === 'PUBLISHED' && offer.listingStatus === 'ACTIVE',
    );
  }
  if (marketplace === 'etsy')
    return etsy.listings.some((listing) => listing.sku === sku && listing.state === 'active');
  return shopify.products.some(
    (product) => product.status === 'ACTIVE' && product.variants.some((variant) => variant.sku === sku),
  );
}

/** A new seller connected to these marketplaces, with a listing of theirs published and live on each. */
async function liveListing(marketplaces: PublishingMarketplace[], overrides: Partial<ListingInput> = {}) {
  const seller = await newSeller();
  await connect(seller, ...marketplaces);
  const listing = await createListing(seller, overrides);
  expectOk(await publish(seller, listing.listingId, marketplaces));
  await waitFor(seller, listing.listingId, allIn(marketplaces, 'live'));
  return { seller, listing, sku: skuOf(listing) };
}

function syncSales() {
  return server.app.services.crosslisting.salesSync.syncAll();
}

describe('publishing to every marketplace', () => {
  const everywhere: PublishingMarketplace[] = ['ebay', 'etsy', 'shopify'];

  it.each(everywhere)(
    'publishes to all three in one action, shows each live URL, and ends the others when it sells on %s',
    async (soldOn) => {
      const seller = await newSeller();
      await connect(seller, ...everywhere);
      const listing = await createListing(seller, { quantity: 1 });
      const sku = skuOf(listing);

      const queued = expectOk(await publish(seller, listing.listingId, everywhere));
      expect(queued.publications.map((publication) => publication.marketplace)).toEqual(everywhere);
      expect(queued.activity.filter((event) => event.kind === 'publish_requested')).toHaveLength(3);

      const live = await waitFor(seller, listing.listingId, allIn(everywhere, 'live'));
      expect(publicationOn(live, 'ebay')?.url).toMatch(new RegExp(`^${ebay.url}/itm/\\d+$`));
      expect(publicationOn(live, 'etsy')?.url).toBeTruthy();
      expect(publicationOn(live, 'shopify')?.url).toBeTruthy();
      for (const marketplace of everywhere) expect(onSale(marketplace, seller, sku), marketplace).toBe(true);
      const listedOn = (await readListing(seller, listing.listingId)).listedOn;
      for (const marketplace of everywhere) {
        expect(listedOn[marketplace]?.url).toBe(publicationOn(live, marketplace)?.url);
      }

      sellOn(soldOn, seller, sku);
      expect((await syncSales()).sales).toBeGreaterThanOrEqual(1);
      const others = everywhere.filter((marketplace) => marketplace !== soldOn);
      const settled = await waitFor(
        seller,
        listing.listingId,
        (response) => allIn([soldOn], 'sold')(response) && allIn(others, 'ended')(response),
      );
      for (const marketplace of others) expect(onSale(marketplace, seller, sku), marketplace).toBe(false);
      const sold = await readListing(seller, listing.listingId);
      expect(sold).toMatchObject({ quantity: 0, stockStatus: 'ooStock' });
      for (const marketplace of others) expect(sold.listedOn[marketplace]).toBeUndefined();
      expect(settled.activity.map((event) => [event.kind, event.marketplace])).toEqual(
        expect.arrayContaining([['sold', soldOn], ...others.map((marketplace) => ['ended', marketplace])]),
      );

      // Read again, the same sale is not counted twice.
      await syncSales();
      const again = expectOk(
        await server.call(routes.listingPublications, {
          token: seller.user.token,
          params: { id: listing.listingId },
        }),
      );
      expect(again.activity.filter((event) => event.kind === 'sold')).toHaveLength(1);
      const home = expectOk(await server.call(routes.activity, { token: seller.user.token })).activity;
      expect(home[0]).toMatchObject({ listingId: listing.listingId, listingTitle: listing.title });
    },
  );

  it('with some left after a sale, pushes the new quantity to the other live copies', async () => {
    const { seller, listing, sku } = await liveListing(['ebay', 'etsy'], { quantity: 3 });

    sellOn('ebay', seller, sku);
    await syncSales();
    await waitFor(seller, listing.listingId, (response) =>
      response.activity.some((event) => event.kind === 'updated' && event.marketplace === 'etsy'),
    );
    expect((await readListing(seller, listing.listingId)).quantity).toBe(2);
    expect(etsy.listings.find((each) => each.sku === sku)?.quantity).toBe(2);
    const after = await waitFor(seller, listing.listingId, allIn(['ebay', 'etsy'], 'live'));
    expect(after.activity.some((event) => event.kind === 'updated' && event.marketplace === 'ebay')).toBe(
      false,
    );
  });

  it('ignores a sale of the same SKU in another seller’s account', async () => {
    const first = await newSeller();
    const second = await newSeller();
    const sku = `JEANS-${crypto.randomUUID().slice(0, 6)}`;
    const listings: Listing[] = [];
    for (const seller of [first, second]) {
      await connect(seller, 'ebay');
      const listing = await createListing(seller, { sku, quantity: 2 });
      expectOk(await publish(seller, listing.listingId, ['ebay']));
      await waitFor(seller, listing.listingId, allIn(['ebay'], 'live'));
      listings.push(listing);
    }
    ebay.sell(sku, 1, { username: first.ebayUser });
    await syncSales();
    expect((await readListing(first, listings[0]?.listingId ?? '')).quantity).toBe(1);
    expect((await readListing(second, listings[1]?.listingId ?? '')).quantity).toBe(2);
  });
});

describe('checked before anything is sent', () => {
  it('answers 422 listing_incomplete naming every missing field, per marketplace', async () => {
    const seller = await newSeller();
    await connect(seller, 'etsy');
    const listing = await createListing(seller);
    // A listing as a generation leaves it: no price, category or condition, and its photo gone.
    await server.app.db
      .updateTable('listings')
      .set({ price: null, category: null, condition: null })
      .where('id', '=', listing.listingId)
      .execute();
    await server.app.db.deleteFrom('photos').where('listing_id', '=', listing.listingId).execute();
    const before = { ebay: ebay.requests.length, etsy: etsy.requests.length };

    const refused = await publish(seller, listing.listingId, ['ebay', 'etsy']);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('listing_incomplete');
    expect(refused.body.details?.map((detail) => [detail.field, detail.code])).toEqual([
      ['ebay.connection', 'marketplace_not_connected'],
      ['ebay.price', 'price_required_to_publish'],
      ['ebay.photos', 'photo_required_to_publish'],
      ['ebay.category', 'category_required_to_publish'],
      ['ebay.condition', 'condition_required_to_publish'],
      ['etsy.price', 'price_required_to_publish'],
      ['etsy.photos', 'photo_required_to_publish'],
      ['etsy.category', 'category_required_to_publish'],
      ['etsy.condition', 'condition_required_to_publish'],
    ]);
    expect({ ebay: ebay.requests.length, etsy: etsy.requests.length }).toEqual(before);
    const none = expectOk(
      await server.call(routes.listingPublications, {
        token: seller.user.token,
        params: { id: listing.listingId },
      }),
    );
    expect(none).toEqual({ publications: [], activity: [] });
  });

  it('names the business policies not chosen yet (the adapter’s own requirements)', async () => {
    const seller = await newSeller();
    await connectMarketplace(server, seller.user.token, 'ebay', consentOf('ebay', seller));
    expectOk(
      await server.call(routes.saveMarketplaceSettings, {
        token: seller.user.token,
        params: { marketplace: 'ebay' },
        body: { settings: { merchantLocationKey: 'home' } },
      }),
    );
    // Settings saved merge: clear the policies as a seller who never chose them.
    await server.app.db
      .updateTable('marketplace_connections')
      .set({ settings: JSON.stringify({ merchantLocationKey: 'home' }) })
      .where('marketplace', '=', 'ebay')
      .where('account_name', '=', seller.ebayUser)
      .execute();
    const listing = await createListing(seller);
    const refused = await publish(seller, listing.listingId, ['ebay']);
    expect(refused.status).toBe(422);
    expect(refused.body.details?.map((detail) => [detail.field, detail.code])).toEqual([
      ['ebay.settings.fulfillmentPolicyId', 'marketplace_setting_required'],
      ['ebay.settings.paymentPolicyId', 'marketplace_setting_required'],
      ['ebay.settings.returnPolicyId', 'marketplace_setting_required'],
    ]);
  });

  it('answers 404 for another seller’s listing, and publishes nothing', async () => {
    const owner = await newSeller();
    const stranger = await newSeller();
    await connect(stranger, 'ebay');
    const listing = await createListing(owner);
    const offersBefore = ebay.account(stranger.ebayUser).offers.size;
    for (const response of [
      await publish(stranger, listing.listingId, ['ebay']),
      await server.call(routes.listingPublications, {
        token: stranger.user.token,
        params: { id: listing.listingId },
      }),
      await server.call(routes.markListingSold, {
        token: stranger.user.token,
        params: { id: listing.listingId },
        body: { marketplace: null },
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    expect(ebay.account(stranger.ebayUser).offers.size).toBe(offersBefore);
    expect((await readListing(owner, listing.listingId)).quantity).toBe(1);
  });

  it('refuses to publish again where the listing is live (409 already_published)', async () => {
    const { seller, listing } = await liveListing(['ebay']);
    const again = await publish(seller, listing.listingId, ['ebay']);
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual([
      expect.objectContaining({ field: 'ebay', code: 'already_published' }),
    ]);
  });
});

describe('when a marketplace fails', () => {
  it('retries a 5xx and a 429 mid-publish, after its Retry-After, with no second listing on eBay', async () => {
    const seller = await newSeller();
    await connect(seller, 'ebay');
    const listing = await createListing(seller);
    // The photo upload is asked to wait a second; then the offer is made but its answer lost.
    ebay.rateLimitNext({
      times: 1,
      retryAfterSeconds: 1,
      path: '/commerce/media/v1_beta/image/create_image_from_file',
    });
    ebay.failNext({ status: 500, path: '/sell/inventory/v1/offer', method: 'POST', afterProcessing: true });
    const started = Date.now();
    expectOk(await publish(seller, listing.listingId, ['ebay']));
    const live = await waitFor(seller, listing.listingId, allIn(['ebay'], 'live'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(publicationOn(live, 'ebay')).toMatchObject({ attempts: 3, error: null });
    const account = ebay.account(seller.ebayUser);
    expect(account.offers.size).toBe(1);
    expect(account.inventoryItems.size).toBe(1);
    expect(account.images.size).toBe(1);
  });

  it('retries a 5xx mid-publish on Etsy and Shopify too, with one listing on each', async () => {
    const seller = await newSeller();
    await connect(seller, 'etsy', 'shopify');
    const listing = await createListing(seller);
    const sku = skuOf(listing);
    // The draft is made but Etsy's answer is lost; the photo upload then fails outright.
    etsy.failNext({ status: 503, path: /\/shops\/\d+\/listings$/, method: 'POST', afterApplying: true });
    etsy.failNext({ status: 500, path: '/images', method: 'POST' });
    shopify.failNext({ status: 502, operation: 'productSet', afterApplying: true });
    expectOk(await publish(seller, listing.listingId, ['etsy', 'shopify']));
    const live = await waitFor(seller, listing.listingId, allIn(['etsy', 'shopify'], 'live'));
    expect(publicationOn(live, 'etsy')?.attempts).toBe(3);
    expect(publicationOn(live, 'shopify')?.attempts).toBe(2);
    const etsyListings = etsy.listings.filter((each) => each.sku === sku);
    expect(etsyListings).toHaveLength(1);
    expect(etsyListings[0]?.images).toHaveLength(1);
    expect(
      shopify.products.filter((product) => product.variants.some((variant) => variant.sku === sku)),
    ).toHaveLength(1);
  });

  it('gives up after the configured attempts with marketplace_unreachable', async () => {
    const seller = await newSeller();
    await connect(seller, 'ebay');
    const listing = await createListing(seller);
    ebay.failNext({ status: 503, times: 4, path: '/commerce/media/v1_beta/image/create_image_from_file' });
    expectOk(await publish(seller, listing.listingId, ['ebay']));
    const failed = await waitFor(seller, listing.listingId, allIn(['ebay'], 'failed'));
    expect(publicationOn(failed, 'ebay')).toMatchObject({
      attempts: 4,
      error: { code: 'marketplace_unreachable' },
    });
    expect(failed.activity.some((event) => event.kind === 'publish_failed')).toBe(true);
  });

  it('fails at once in eBay’s words when a business policy is gone, and publishes once it is fixed', async () => {
    const seller = await newSeller();
    await connect(seller, 'ebay');
    const account = ebay.account(seller.ebayUser);
    const chosen = expectOk(
      await server.call(routes.marketplaceConnections, { token: seller.user.token }),
    ).connections[0]?.settings.find((setting) => setting.name === 'fulfillmentPolicyId')?.value;
    // The seller deleted the chosen postage policy on eBay after choosing it.
    account.fulfillmentPolicies = account.fulfillmentPolicies.filter((policy) => policy.id !== chosen);
    const listing = await createListing(seller);
    expectOk(await publish(seller, listing.listingId, ['ebay']));
    const failed = await waitFor(seller, listing.listingId, allIn(['ebay'], 'failed'));
    const publication = publicationOn(failed, 'ebay');
    expect(publication?.attempts).toBe(1);
    expect(publication?.error?.code).toBe('marketplace_rejected');
    expect(publication?.error?.message).toMatch(/policy/i);
    expect(failed.activity.find((event) => event.kind === 'publish_failed')?.detail).toMatch(/policy/i);

    const other = account.fulfillmentPolicies[0]?.id ?? '';
    expectOk(
      await server.call(routes.saveMarketplaceSettings, {
        token: seller.user.token,
        params: { marketplace: 'ebay' },
        body: { settings: { fulfillmentPolicyId: other } },
      }),
    );
    expectOk(await publish(seller, listing.listingId, ['ebay']));
    await waitFor(seller, listing.listingId, allIn(['ebay'], 'live'));
    expect(account.offers.size).toBe(1);
    expect(account.images.size).toBe(1);
  });

  it('refreshes a token refused mid-publish once, and asks to reconnect when the refresh is refused', async () => {
    const seller = await newSeller();
    await connect(seller, 'ebay');
    const first = await createListing(seller);
    ebay.expireAccessTokens();
    expectOk(await publish(seller, first.listingId, ['ebay']));
    await waitFor(seller, first.listingId, allIn(['ebay'], 'live'));

    ebay.revokeAll(seller.ebayUser);
    const second = await createListing(seller);
    expectOk(await publish(seller, second.listingId, ['ebay']));
    const failed = await waitFor(seller, second.listingId, allIn(['ebay'], 'failed'));
    expect(publicationOn(failed, 'ebay')?.error?.code).toBe('marketplace_reconnect_needed');
    const [connection] = expectOk(
      await server.call(routes.marketplaceConnections, { token: seller.user.token }),
    ).connections;
    expect(connection?.needsReconnect).toBe(true);
  });
});

describe('after it is live', () => {
  it('pushes an edited price and quantity to every live copy, and keeps their links', async () => {
    const { seller, listing, sku } = await liveListing(['ebay', 'etsy']);

    const edited = expectOk(
      await server.call(routes.updateListing, {
        token: seller.user.token,
        params: { id: listing.listingId },
        body: editInput(listing, { price: 3100, quantity: 2 }),
      }),
    );
    expect(Object.keys(edited.listedOn).sort()).toEqual(['ebay', 'etsy']);
    await waitFor(seller, listing.listingId, (response) =>
      ['ebay', 'etsy'].every((marketplace) =>
        response.activity.some((event) => event.kind === 'updated' && event.marketplace === marketplace),
      ),
    );
    const offer = [...ebay.account(seller.ebayUser).offers.values()].find((each) => each.sku === sku);
    expect(offer?.details).toMatchObject({
      availableQuantity: 2,
      pricingSummary: { price: { value: '31.00' } },
    });
    expect(etsy.listings.find((each) => each.sku === sku)).toMatchObject({ quantity: 2, priceCents: 3100 });

    // An edit that changes neither pushes nothing.
    const updatesBefore = (await waitFor(seller, listing.listingId, () => true)).activity.length;
    expectOk(
      await server.call(routes.updateListing, {
        token: seller.user.token,
        params: { id: listing.listingId },
        body: editInput(edited, { title: 'Blue jeans, straight leg' }),
      }),
    );
    expect((await waitFor(seller, listing.listingId, () => true)).activity).toHaveLength(updatesBefore);
  });

  it('marks sold by hand: one less, then at none left every live copy ends', async () => {
    const { seller, listing, sku } = await liveListing(['ebay', 'shopify'], { quantity: 2 });

    const markSold = () =>
      server.call(routes.markListingSold, {
        token: seller.user.token,
        params: { id: listing.listingId },
        body: { marketplace: null },
      });
    expectOk(await markSold());
    expect((await readListing(seller, listing.listingId)).quantity).toBe(1);
    await waitFor(
      seller,
      listing.listingId,
      (response) => response.activity.filter((event) => event.kind === 'updated').length === 2,
    );

    expectOk(await markSold());
    const ended = await waitFor(seller, listing.listingId, allIn(['ebay', 'shopify'], 'ended'));
    expect(ended.activity.filter((event) => event.kind === 'sold')).toHaveLength(2);
    expect(onSale('ebay', seller, sku)).toBe(false);
    expect(onSale('shopify', seller, sku)).toBe(false);
    expect(await readListing(seller, listing.listingId)).toMatchObject({
      quantity: 0,
      stockStatus: 'ooStock',
    });
    // Marked again at none left: nothing more sold.
    expectOk(await markSold());
    expect(
      (await waitFor(seller, listing.listingId, () => true)).activity.filter((e) => e.kind === 'sold'),
    ).toHaveLength(2);
  });

  it('keeps the publications when the marketplace is disconnected: the listing stays live there', async () => {
    const { seller, listing } = await liveListing(['ebay']);
    expectOk(
      await server.call(routes.disconnectMarketplace, {
        token: seller.user.token,
        params: { marketplace: 'ebay' },
      }),
    );
    const after = expectOk(
      await server.call(routes.listingPublications, {
        token: seller.user.token,
        params: { id: listing.listingId },
      }),
    );
    expect(publicationOn(after, 'ebay')?.status).toBe('live');
    expect(onSale('ebay', seller, skuOf(listing))).toBe(true);
  });
});

describe('after a restart', () => {
  /**
   * A server of its own whose jobs retry far apart, a seller with eBay connected there and an inventory
   * listing; `stopAt` runs on it until the state to stop in, then the server stops and a second one starts on
   * the same data, as a restarted process would, for `afterRestart`.
   */
  async function acrossRestart(
    stopAt: (first: TestServer, seller: Seller, listing: Listing) => Promise<void>,
    afterRestart: (restarted: TestServer, seller: Seller, listing: Listing) => Promise<void>,
  ): Promise<void> {
    const first = await startTestServer({ ...env, MARKETPLACE_RETRY_SECONDS: '600' });
    ebay.setAcceptUrl(`${first.baseUrl}/marketplaces/callback/ebay`);
    try {
      const seller: Seller = {
        user: await createUser(first.baseUrl, { plan: 'pro_monthly' }),
        ebayUser: `seller_${crypto.randomUUID().slice(0, 8)}`,
      };
      await connectMarketplace(first, seller.user.token, 'ebay', consentOf('ebay', seller));
      const listing = await createInventoryListing(first.baseUrl, seller.user);
      await stopAt(first, seller, listing);
      await first.app.close();
      const restarted = await startTestServer({ ...env, DATA_DIR: first.dataDir });
      try {
        await afterRestart(restarted, seller, listing);
      } finally {
        await restarted.app.close();
      }
    } finally {
      await first.close();
      ebay.setAcceptUrl(`${server.baseUrl}/marketplaces/callback/ebay`);
    }
  }

  const publishOnEbay = async (on: TestServer, seller: Seller, listing: Listing) =>
    expectOk(
      await on.call(routes.publishListing, {
        token: seller.user.token,
        params: { id: listing.listingId },
        body: { marketplaces: ['ebay'] },
      }),
    );

  const ebayUnreachable = (response: PublicationsResponse) =>
    publicationOn(response, 'ebay')?.error?.code === 'marketplace_unreachable';

  it('finishes a publication a stopped process left mid-way, from its progress, once', async () => {
    await acrossRestart(
      async (first, seller, listing) => {
        ebay.failNext({ status: 500, path: '/sell/inventory/v1/offer', method: 'POST' });
        await publishOnEbay(first, seller, listing);
        await waitForPublications(first, seller.user.token, listing.listingId, ebayUnreachable);
      },
      async (restarted, seller, listing) => {
        const live = await waitForPublications(
          restarted,
          seller.user.token,
          listing.listingId,
          allIn(['ebay'], 'live'),
        );
        expect(publicationOn(live, 'ebay')?.attempts).toBe(2);
        const account = ebay.account(seller.ebayUser);
        expect(account.images.size).toBe(1);
        expect(account.offers.size).toBe(1);
      },
    );
  });

  it('pushes an edit a stopped process had not pushed yet when it starts again', async () => {
    await acrossRestart(
      async (first, seller, listing) => {
        await publishOnEbay(first, seller, listing);
        await waitForPublications(first, seller.user.token, listing.listingId, allIn(['ebay'], 'live'));
        ebay.failNext({ status: 500, path: '/sell/inventory/v1/bulk_update_price_quantity', method: 'POST' });
        expectOk(
          await first.call(routes.updateListing, {
            token: seller.user.token,
            params: { id: listing.listingId },
            body: editInput(listing, { price: 3900, quantity: 3 }),
          }),
        );
        await waitForPublications(first, seller.user.token, listing.listingId, ebayUnreachable);
      },
      async (restarted, seller, listing) => {
        await waitForPublications(restarted, seller.user.token, listing.listingId, (response) =>
          response.activity.some((event) => event.kind === 'updated'),
        );
        const sku = skuOf(listing);
        const offer = [...ebay.account(seller.ebayUser).offers.values()].find((each) => each.sku === sku);
        expect(offer?.details).toMatchObject({
          availableQuantity: 3,
          pricingSummary: { price: { value: '39.00' } },
        });
      },
    );
  });
});
