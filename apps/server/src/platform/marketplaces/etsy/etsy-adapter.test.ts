// The Etsy adapter against the Etsy protocol test server: connect with PKCE, refresh, publish (with the
// failures a real run meets half way) into the taxonomy leaf of the item's kind with the node's properties,
// end, sales across receipt pages without asking who the seller is, and a seller who revoked access.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connectThroughConsent,
  expectDeclined,
  marketplaceFailure,
  sessionOf,
} from '../../../testing/marketplaces/adapter-testing';
import { type FakeEtsy, type FakeEtsyShop, startFakeEtsy } from '../../../testing/marketplaces/fake-etsy';
import { createTestJpeg } from '../../../testing/photos';
import type {
  MarketplaceAdapter,
  MarketplaceSession,
  PublishableListing,
  PublishProgress,
} from '../marketplace-adapter';
import { createEtsyAdapter } from './etsy-adapter';

const REDIRECT_URI = 'https://snaplist.example/marketplaces/callback/etsy';

let fake: FakeEtsy;
let etsy: MarketplaceAdapter;

beforeEach(async () => {
  fake = await startFakeEtsy();
  etsy = createEtsyAdapter(fake.options);
});

afterEach(async () => {
  await fake.close();
});

function connect(as?: FakeEtsyShop) {
  return connectThroughConsent(etsy, REDIRECT_URI, (url) => fake.authorize(url, { as }));
}

async function connectedSession(as?: FakeEtsyShop): Promise<MarketplaceSession> {
  return sessionOf(await connect(as));
}

function settingsOf(shop: FakeEtsyShop): Record<string, string> {
  const readyToShip = shop.readinessStates.find((state) => state.readiness_state === 'ready_to_ship');
  return {
    shippingProfileId: String(shop.shippingProfiles[0]?.shipping_profile_id),
    readinessStateId: String(readyToShip?.readiness_state_id),
  };
}

async function vintageListing(overrides: Partial<PublishableListing> = {}): Promise<PublishableListing> {
  const colours = ['#7a4b2a', '#2a4b7a', '#4b7a2a'];
  const photos = await Promise.all(
    colours.map(async (colour, index) => {
      const bytes = await createTestJpeg({ colour });
      return {
        id: `photo-${index + 1}`,
        mimeType: 'image/jpeg',
        url: 'http://127.0.0.1:9/unreachable',
        bytes: async () => bytes,
      };
    }),
  );
  return {
    listingId: 'listing-1',
    sku: 'SL-7K2M9Q',
    title: 'Vintage 1980s Levi’s 501 men’s jeans, W32 L30 & light wash',
    description: 'Classic straight leg, button fly. Light fading on the knees.',
    tags: ['levis', 'vintage denim', '80s & 90s', 'straight leg jeans for men and women', 'levis'],
    price: 4500,
    currency: 'GBP',
    quantity: 1,
    brand: "Levi's",
    size: 'W32 L30',
    colours: ['Blue'],
    composition: [{ fibre: 'cotton', percent: 100 }],
    category: 'Vintage',
    condition: 'Very good',
    barcode: null,
    photos,
    language: 'en',
    ...overrides,
  };
}

interface TaxonomyNode {
  id: number;
  name: string;
  children: TaxonomyNode[];
}

/** The names from the root to this node in Etsy's tree as the fake serves it: nodes are checked by name. */
async function taxonomyPath(taxonomyId: number | undefined): Promise<string[]> {
  const response = await fetch(`${fake.url}/v3/application/seller-taxonomy/nodes`, {
    headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}` },
  });
  const tree = (await response.json()) as { results: TaxonomyNode[] };
  const search = (nodes: TaxonomyNode[], path: string[]): string[] | null => {
    for (const node of nodes) {
      const here = [...path, node.name];
      if (node.id === taxonomyId) return node.children.length === 0 ? here : [...here, '(not a leaf)'];
      const below = search(node.children, here);
      if (below) return below;
    }
    return null;
  };
  return search(tree.results, []) ?? [];
}

/** The listing's properties as getListingProperties answers: display name → values (and scale). */
async function listingProperties(session: MarketplaceSession, listingId: number | undefined) {
  const response = await fetch(
    `${fake.url}/v3/application/shops/${fake.shop.shopId}/listings/${listingId}/properties`,
    {
      headers: {
        'x-api-key': `${fake.apiKey}:${fake.sharedSecret}`,
        authorization: `Bearer ${session.accessToken}`,
      },
    },
  );
  const body = (await response.json()) as {
    results: Array<{ property_name: string; scale_name: string | null; values: string[] }>;
  };
  return Object.fromEntries(
    body.results.map((property) => [
      property.property_name,
      property.scale_name
        ? `${property.scale_name} ${property.values.join(', ')}`
        : property.values.join(', '),
    ]),
  );
}

/** Publishes as the job runner does: progress kept between attempts, saved after every step. */
function progressStore(initial: PublishProgress = {}) {
  const store = { progress: initial, saves: 0 };
  const save = async (progress: PublishProgress) => {
    store.progress = progress;
    store.saves += 1;
  };
  return { store, save };
}

describe('connecting with OAuth 2 and PKCE', () => {
  it('sends the seller to the consent page and exchanges the code for Etsy tokens and the shop', async () => {
    const start = etsy.startAuthorization({ state: 'state-1', redirectUri: REDIRECT_URI });
    const authorizeUrl = new URL(start.url);
    expect(authorizeUrl.pathname).toBe('/oauth/connect');
    expect(start.url).toContain('scope=listings_r%20listings_w%20shops_r%20transactions_r');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(fake.apiKey);

    const callback = new URL(await fake.authorize(start.url));
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('state-1');

    const account = await etsy.exchangeCode({
      code: callback.searchParams.get('code') ?? '',
      redirectUri: REDIRECT_URI,
      codeVerifier: start.codeVerifier,
      shop: null,
      callbackQuery: Object.fromEntries(callback.searchParams),
    });
    expect(account.accessToken.startsWith(`${fake.shop.userId}.`)).toBe(true);
    expect(account.refreshToken?.startsWith(`${fake.shop.userId}.`)).toBe(true);
    expect(account.accountName).toBe(fake.shop.shopName);
    expect(account.accountId).toBe(String(fake.shop.shopId));
    const lifetime = Date.parse(account.accessTokenExpiresAt ?? '') - Date.now();
    expect(lifetime).toBeGreaterThan(3500_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);
  });

  it('fails with a verifier that does not match the challenge, and a code works once', async () => {
    const start = etsy.startAuthorization({ state: 'state-1', redirectUri: REDIRECT_URI });
    const callback = new URL(await fake.authorize(start.url));
    const exchange = (codeVerifier: string | null) =>
      etsy.exchangeCode({
        code: callback.searchParams.get('code') ?? '',
        redirectUri: REDIRECT_URI,
        codeVerifier,
        shop: null,
        callbackQuery: {},
      });

    const wrongVerifier = etsy.startAuthorization({ state: 'other', redirectUri: REDIRECT_URI }).codeVerifier;
    const refused = await marketplaceFailure(exchange(wrongVerifier));
    expect(refused).toMatchObject({
      kind: 'auth',
      message: 'code_verifier is invalid',
      details: { status: 400 },
    });

    await exchange(start.codeVerifier);
    expect(await marketplaceFailure(exchange(start.codeVerifier))).toMatchObject({
      kind: 'auth',
      message: 'code is invalid',
    });
  });

  it('comes back with access_denied when the seller declines', async () => {
    await expectDeclined(etsy, REDIRECT_URI, (url) => fake.authorize(url, { decline: true }));
  });

  it('refreshes an expired access token', async () => {
    const account = await connect();
    fake.expireAccessTokens();
    const expired = await marketplaceFailure(etsy.settingChoices(sessionOf(account)));
    expect(expired).toMatchObject({
      kind: 'auth',
      message: 'access token is expired',
      details: { status: 401 },
    });

    const refreshed = await etsy.refresh(account, null);
    expect(refreshed.accessToken).not.toBe(account.accessToken);
    expect(refreshed.refreshToken).toBeTruthy();
    const settings = await etsy.settingChoices({
      accessToken: refreshed.accessToken,
      shop: null,
      accountId: null,
    });
    expect(settings.map((setting) => setting.name)).toEqual(['shippingProfileId', 'readinessStateId']);
  });

  it('offers the shop’s shipping profiles and its ready-to-ship processing times', async () => {
    const session = await connectedSession();
    const [shipping, processing] = await etsy.settingChoices(session);
    expect(shipping?.choices).toEqual(
      fake.shop.shippingProfiles.map((profile) => ({
        value: String(profile.shipping_profile_id),
        label: profile.title,
      })),
    );
    expect(processing?.choices).toEqual([
      { value: settingsOf(fake.shop).readinessStateId, label: '1-2 days' },
    ]);
  });
});

describe('what publishing needs', () => {
  it('asks for the shipping profile and processing time, a price, a photo and a title Etsy can take', async () => {
    const listing = await vintageListing({ price: 0, photos: [], title: 'x'.repeat(141) });
    expect(await etsy.missingRequirements(listing, {})).toEqual([
      { field: 'settings.shippingProfileId', code: 'marketplace_setting_required' },
      { field: 'settings.readinessStateId', code: 'marketplace_setting_required' },
      { field: 'price', code: 'price_required_to_publish' },
      { field: 'photos', code: 'photo_required_to_publish' },
      { field: 'title', code: 'marketplace_title_too_long', params: { max: 140 } },
      // A title of x's does not say what the item is: no Etsy category can be chosen for it.
      { field: 'category', code: 'marketplace_category_not_found', params: { marketplace: 'Etsy' } },
    ]);
    expect(await etsy.missingRequirements(await vintageListing(), settingsOf(fake.shop))).toEqual([]);
  });

  it('refuses a listing that is not vintage before sending anything', async () => {
    const notVintage = await vintageListing({ category: 'Tops' });
    expect(await etsy.missingRequirements(notVintage, settingsOf(fake.shop))).toEqual([
      { field: 'category', code: 'etsy_vintage_only' },
    ]);
    const session = await connectedSession();
    const before = fake.requests.length;
    const { save } = progressStore();
    const refused = await marketplaceFailure(
      etsy.publish(session, notVintage, settingsOf(fake.shop), {}, save),
    );
    expect(refused).toMatchObject({ kind: 'rejected', details: { marketplaceCode: 'not_vintage' } });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a price in another currency than the shop’s', async () => {
    const { save } = progressStore();
    const session = await connectedSession();
    const refused = await marketplaceFailure(
      etsy.publish(session, await vintageListing({ currency: 'EUR' }), settingsOf(fake.shop), {}, save),
    );
    expect(refused).toMatchObject({ kind: 'rejected', details: { marketplaceCode: 'currency_mismatch' } });
    expect(fake.listings).toHaveLength(0);
  });

  it('passes on Etsy’s refusal when the chosen shipping profile no longer exists', async () => {
    const session = await connectedSession();
    const settings = settingsOf(fake.shop);
    fake.shop.shippingProfiles.splice(0, 1);
    const { save } = progressStore();
    const refused = await marketplaceFailure(
      etsy.publish(session, await vintageListing(), settings, {}, save),
    );
    expect(refused.kind).toBe('rejected');
    expect(refused.message).toContain(`Shipping profile ${settings.shippingProfileId} does not exist`);
    expect(fake.listings).toHaveLength(0);
  });
});

describe('publishing', () => {
  it('creates a draft, sets its inventory, uploads the photos in order, then makes it active', async () => {
    const session = await connectedSession();
    const listing = await vintageListing();
    const { store, save } = progressStore();
    const result = await etsy.publish(session, listing, settingsOf(fake.shop), {}, save);

    expect(fake.listings).toHaveLength(1);
    const published = fake.listings[0];
    expect(published).toMatchObject({
      state: 'active',
      shopId: fake.shop.shopId,
      title: 'Vintage 1980s Levi’s 501 men’s jeans, W32 L30 & light wash',
      priceCents: 4500,
      currency: 'GBP',
      quantity: 1,
      sku: 'SL-7K2M9Q',
      whoMade: 'someone_else',
      whenMade: '1980s',
      isSupply: false,
      shippingProfileId: Number(settingsOf(fake.shop).shippingProfileId),
      readinessStateId: Number(settingsOf(fake.shop).readinessStateId),
      tags: ['levis', 'vintage denim', '80s 90s', 'straight leg jeans'],
      materials: ['cotton'],
    });
    expect(await taxonomyPath(published?.taxonomyId)).toEqual([
      'Clothing',
      "Men's Clothing",
      'Trousers',
      'Jeans',
    ]);
    expect(published?.images.map((image) => image.rank)).toEqual([1, 2, 3]);
    expect(result.externalId).toBe(String(published?.listingId));
    expect(result.url).toBe(published?.url);
    expect((await fetch(result.url)).status).toBe(200);
    // The draft request, the draft, then one save per property (colour, waist, fabric) and per photo.
    expect(store.saves).toBe(8);
    expect(store.progress).toMatchObject({ listingId: published?.listingId, shopId: fake.shop.shopId });
  });

  it('takes at most the ten photos Etsy allows', async () => {
    const session = await connectedSession();
    const listing = await vintageListing();
    const photo = listing.photos[0];
    if (!photo) throw new Error('the test listing has photos');
    const photos = Array.from({ length: 12 }, (_, index) => ({ ...photo, id: `photo-${index}` }));
    const { save } = progressStore();
    await etsy.publish(session, { ...listing, photos }, settingsOf(fake.shop), {}, save);
    expect(fake.listings[0]?.images).toHaveLength(10);
  });

  it('continues after a 5xx on a photo without a second listing or a second copy of a photo', async () => {
    const session = await connectedSession();
    const listing = await vintageListing();
    const { store, save } = progressStore();
    // The first photo goes up; the second meets the 503.
    fake.failNext({ status: 503, path: '/images', skip: 1 });
    const first = await marketplaceFailure(
      etsy.publish(session, listing, settingsOf(fake.shop), store.progress, save),
    );
    expect(first).toMatchObject({ kind: 'transient', message: 'Server Error', details: { status: 503 } });
    expect(fake.listings[0]?.images).toHaveLength(1);
    expect(Object.keys(store.progress.images ?? {})).toEqual(['photo-1']);

    await etsy.publish(session, listing, settingsOf(fake.shop), store.progress, save);
    expect(fake.listings).toHaveLength(1);
    expect(fake.listings[0]?.state).toBe('active');
    expect(fake.listings[0]?.images).toHaveLength(3);
    const drafts = fake.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/listings'),
    );
    expect(drafts).toHaveLength(1);
  });

  /** A publish whose POST to `path` Etsy carries out but whose answer is lost; `retry` runs it again. */
  async function publishLosingAnswerTo(path: RegExp) {
    const session = await connectedSession();
    const listing = await vintageListing();
    const { store, save } = progressStore();
    fake.failNext({ status: 502, method: 'POST', path, afterApplying: true });
    expect(
      (await marketplaceFailure(etsy.publish(session, listing, settingsOf(fake.shop), {}, save))).kind,
    ).toBe('transient');
    const retry = () => etsy.publish(session, listing, settingsOf(fake.shop), store.progress, save);
    return { listing, store, retry };
  }

  it('finds the draft whose answer was lost instead of creating another', async () => {
    const { store, retry } = await publishLosingAnswerTo(/\/listings$/);
    expect(fake.listings).toHaveLength(1);
    expect(store.progress.listingId).toBeUndefined();

    await retry();
    expect(fake.listings).toHaveLength(1);
    expect(fake.listings[0]).toMatchObject({ state: 'active', sku: 'SL-7K2M9Q' });
    expect(store.progress.listingId).toBe(fake.listings[0]?.listingId);
  });

  it('adopts a photo whose upload answer was lost instead of uploading it twice', async () => {
    const { listing, retry } = await publishLosingAnswerTo(/\/images$/);
    expect(fake.listings[0]?.images).toHaveLength(1);

    await retry();
    expect(fake.listings).toHaveLength(1);
    expect(fake.listings[0]?.images).toHaveLength(listing.photos.length);
    expect(fake.listings[0]?.state).toBe('active');
  });

  it('reports a rate limit with Etsy’s retry-after, then finishes on the retry', async () => {
    const session = await connectedSession();
    const listing = await vintageListing();
    const { store, save } = progressStore();
    fake.rateLimitNext({ times: 1, retryAfterSeconds: 7 });
    const limited = await marketplaceFailure(etsy.publish(session, listing, settingsOf(fake.shop), {}, save));
    expect(limited).toMatchObject({ kind: 'rate_limited', details: { status: 429, retryAfterMs: 7000 } });

    await etsy.publish(session, listing, settingsOf(fake.shop), store.progress, save);
    expect(fake.listings).toHaveLength(1);
    expect(fake.listings[0]?.state).toBe('active');
  });
});

describe('Etsy’s categories and their properties', () => {
  const items: Array<{
    item: string;
    overrides: Partial<PublishableListing>;
    path: string[];
    properties: Record<string, string>;
  }> = [
    {
      item: 'a men’s jeans',
      overrides: {},
      path: ['Clothing', "Men's Clothing", 'Trousers', 'Jeans'],
      properties: {
        'Primary color': 'Blue',
        'Waist size': 'Inches W32',
        Fabric: 'Cotton',
      },
    },
    {
      item: 'a women’s dress',
      overrides: {
        sku: 'SL-DRESS',
        title: 'Vintage 1970s floral midi dress',
        tags: ['70s dress', 'floral'],
        size: 'UK 10',
        colours: ['Red', 'White'],
      },
      path: ['Clothing', "Women's Clothing", 'Dresses'],
      properties: { 'Primary color': 'Red', 'Secondary color': 'White', "Women's clothing size": 'UK 10' },
    },
    {
      item: 'a pair of shoes',
      overrides: {
        sku: 'SL-SHOES',
        title: 'Vintage 1990s women’s Reebok Classic trainers',
        tags: ['90s trainers'],
        size: 'UK 6',
        colours: ['Grey'],
        composition: [{ fibre: 'leather', percent: 100 }],
      },
      path: ['Shoes', "Women's Shoes", 'Sneakers & Athletic Shoes'],
      properties: { 'Shoe size': 'UK 6', 'Primary color': 'Gray' },
    },
    {
      item: 'a bag',
      overrides: {
        sku: 'SL-BAG',
        title: 'Vintage 1960s leather handbag with gold clasp',
        tags: ['60s handbag'],
        size: null,
        colours: ['Brown'],
        composition: [{ fibre: 'leather', percent: 100 }],
      },
      path: ['Bags & Purses', 'Handbags'],
      properties: { 'Primary color': 'Brown' },
    },
    {
      item: 'a girl’s dress',
      overrides: { sku: 'SL-GIRL', title: 'Vintage 1950s girl’s party dress', tags: [], size: null },
      path: ['Clothing', "Girls' Clothing", 'Dresses'],
      properties: { 'Primary color': 'Blue' },
    },
    {
      item: 'chelsea boots',
      overrides: {
        sku: 'SL-BOOTS',
        title: 'Vintage 1970s women’s suede Chelsea boots',
        tags: [],
        size: 'UK 5',
        colours: ['Brown'],
      },
      path: ['Shoes', "Women's Shoes", 'Boots', 'Chelsea Boots'],
      properties: { 'Primary color': 'Brown' },
    },
  ];

  it.each(items)(
    'puts $item in the leaf of its kind with the properties the node requires',
    async (case_) => {
      const session = await connectedSession();
      const listing = await vintageListing(case_.overrides);
      expect(await etsy.missingRequirements(listing, settingsOf(fake.shop))).toEqual([]);
      const { save } = progressStore();
      const result = await etsy.publish(session, listing, settingsOf(fake.shop), {}, save);

      const published = fake.listings.find((candidate) => String(candidate.listingId) === result.externalId);
      // Etsy activates a listing only once the node's required properties are set.
      expect(published?.state).toBe('active');
      expect(await taxonomyPath(published?.taxonomyId)).toEqual(case_.path);
      expect(await listingProperties(session, published?.listingId)).toEqual(case_.properties);
    },
  );

  it('names a required property the listing lacks, and publishing sends nothing', async () => {
    const shoes = await vintageListing({ ...items[2]?.overrides, size: null });
    expect(await etsy.missingRequirements(shoes, settingsOf(fake.shop))).toEqual([
      {
        field: 'aspects.Shoe size',
        code: 'marketplace_aspect_required',
        params: { marketplace: 'Etsy', name: 'Shoe size' },
      },
    ]);
    // A size on no scale Etsy lists is not a size Etsy takes.
    const oddSize = await vintageListing({ ...items[2]?.overrides, size: 'one size' });
    expect(await etsy.missingRequirements(oddSize, settingsOf(fake.shop))).toEqual([
      expect.objectContaining({ field: 'aspects.Shoe size' }),
    ]);

    const session = await connectedSession();
    const before = fake.requests.length;
    const { save } = progressStore();
    const refused = await marketplaceFailure(etsy.publish(session, shoes, settingsOf(fake.shop), {}, save));
    expect(refused).toMatchObject({ kind: 'rejected', details: { marketplaceCode: 'property_required' } });
    expect(refused.message).toContain('“Shoe size”');
    expect(fake.requests.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    expect(fake.listings).toHaveLength(0);
  });

  it('asks for a title that says whose the item is rather than guessing the department', async () => {
    const jeans = await vintageListing({
      title: 'Vintage 1980s Levi’s 501 jeans',
      tags: [],
      description: '',
    });
    expect(await etsy.missingRequirements(jeans, settingsOf(fake.shop))).toEqual([
      { field: 'category', code: 'marketplace_category_not_found', params: { marketplace: 'Etsy' } },
    ]);
  });

  it('asks Etsy for the tree once and for a node’s properties once, however many listings', async () => {
    const session = await connectedSession();
    for (const case_ of items) {
      const listing = await vintageListing(case_.overrides);
      await etsy.missingRequirements(listing, settingsOf(fake.shop));
      await etsy.publish(session, listing, settingsOf(fake.shop), {}, progressStore().save);
    }
    await etsy.publish(
      session,
      await vintageListing({ sku: 'SL-JEANS-2' }),
      settingsOf(fake.shop),
      {},
      progressStore().save,
    );
    expect(fake.listings.filter((listing) => listing.state === 'active')).toHaveLength(items.length + 1);
    const taxonomyCalls = fake.requests.filter((request) => request.path.includes('/seller-taxonomy/'));
    expect(taxonomyCalls.filter((request) => request.path.endsWith('/nodes'))).toHaveLength(1);
    const propertyCalls = taxonomyCalls.filter((request) => request.path.endsWith('/properties'));
    expect(propertyCalls).toHaveLength(items.length);
    expect(new Set(propertyCalls.map((request) => request.path)).size).toBe(items.length);
  });

  it('asks again after Etsy failed to answer instead of keeping the failure', async () => {
    fake.failNext({ status: 503, path: '/seller-taxonomy/nodes' });
    const listing = await vintageListing();
    // Etsy busy: the check leaves the taxonomy to publishing, which asks again.
    expect(await etsy.missingRequirements(listing, settingsOf(fake.shop))).toEqual([]);
    const session = await connectedSession();
    await etsy.publish(session, listing, settingsOf(fake.shop), {}, progressStore().save);
    expect(fake.listings[0]?.state).toBe('active');
  });
});

describe('when the item was made', () => {
  it.each([
    ['Vintage 1980s Levi’s 501 men’s jeans', '1980s'],
    ['Vintage 70’s men’s denim jeans', '1970s'],
    ['Victorian 1850s men’s jeans', '1800s'],
    ['Vintage men’s jeans, 70s or 80s', 'before_2007'],
    ['Vintage men’s jeans', 'before_2007'],
  ])('declares “%s” as %s, a value of Etsy’s current list', async (title, whenMade) => {
    const session = await connectedSession();
    await etsy.publish(
      session,
      await vintageListing({ title }),
      settingsOf(fake.shop),
      {},
      progressStore().save,
    );
    expect(fake.listings[0]).toMatchObject({ state: 'active', whoMade: 'someone_else', whenMade });
  });
});

describe('a live listing', () => {
  async function publishedListing() {
    const session = await connectedSession();
    const { save } = progressStore();
    const result = await etsy.publish(
      session,
      await vintageListing({ quantity: 3 }),
      settingsOf(fake.shop),
      {},
      save,
    );
    return {
      session,
      published: { externalId: result.externalId, progress: result.progress, sku: 'SL-7K2M9Q' },
    };
  }

  it('takes a new price and quantity', async () => {
    const { session, published } = await publishedListing();
    await etsy.updatePriceAndQuantity(session, published, { price: 3900, currency: 'GBP', quantity: 2 });
    expect(fake.listings[0]).toMatchObject({
      priceCents: 3900,
      quantity: 2,
      state: 'active',
      sku: 'SL-7K2M9Q',
    });

    await etsy.updatePriceAndQuantity(session, published, { price: 3900, currency: 'GBP', quantity: 0 });
    expect(fake.listings[0]?.state).toBe('inactive');
  });

  it('ends by becoming inactive, and ending again or after a sell-out is already done', async () => {
    const { session, published } = await publishedListing();
    await etsy.end(session, published);
    expect(fake.listings[0]?.state).toBe('inactive');
    await etsy.end(session, published);
    expect(fake.listings[0]?.state).toBe('inactive');

    const other = await publishedListingOf(fake.shop, 'SL-SOLDOUT', session);
    fake.sell('SL-SOLDOUT', 1);
    await etsy.end(session, other);
    expect(fake.listings[1]?.state).toBe('sold_out');
  });

  it('cannot touch another seller’s listing', async () => {
    const { session } = await publishedListing();
    const otherSession = await connectedSession(fake.otherShop);
    const theirs = await publishedListingOf(fake.otherShop, 'THEIRS-1', otherSession, 'USD');

    const change = { price: 100, currency: 'USD' as const, quantity: 1 };
    const update = await marketplaceFailure(
      etsy.updatePriceAndQuantity(session, { ...theirs, progress: {} }, change),
    );
    expect(update).toMatchObject({ kind: 'not_found', details: { status: 404 } });
    expect((await marketplaceFailure(etsy.end(session, { ...theirs, progress: {} }))).kind).toBe('not_found');
    expect(fake.listings.find((listing) => listing.sku === 'THEIRS-1')?.state).toBe('active');
  });

  async function publishedListingOf(
    shop: FakeEtsyShop,
    sku: string,
    session: MarketplaceSession,
    currency: 'GBP' | 'USD' = 'GBP',
  ) {
    const { save } = progressStore();
    const result = await etsy.publish(
      session,
      await vintageListing({ sku, currency }),
      settingsOf(shop),
      {},
      save,
    );
    return { externalId: result.externalId, progress: result.progress, sku };
  }
});

describe('sales', () => {
  it('reads every page of receipts, oldest first, without cancelled orders or older ones', async () => {
    const session = await connectedSession();
    const { save } = progressStore();
    await etsy.publish(session, await vintageListing({ quantity: 150 }), settingsOf(fake.shop), {}, save);
    const since = Date.UTC(2026, 0, 10);
    fake.sell('SL-7K2M9Q', 1, { at: new Date(since - 60_000) });
    fake.sell('SL-7K2M9Q', 1, { at: new Date(since + 500), status: 'canceled' });
    for (let index = 0; index < 101; index += 1) {
      fake.sell('SL-7K2M9Q', 1, { at: new Date(since + (101 - index) * 1000) });
    }

    const sold = await etsy.soldSince(session, new Date(since).toISOString());
    expect(sold).toHaveLength(101);
    expect(sold.every((item) => item.sku === 'SL-7K2M9Q' && item.quantity === 1)).toBe(true);
    expect(new Set(sold.map((item) => item.orderId)).size).toBe(101);
    expect(sold[0]?.soldAt).toBe(new Date(since + 1000).toISOString());
    expect(sold.at(-1)?.soldAt).toBe(new Date(since + 101_000).toISOString());
    const pages = fake.requests.filter((request) => request.path.endsWith('/receipts'));
    expect(pages).toHaveLength(2);
  });
});

describe('the shop the connection kept', () => {
  it('syncs sales and offers settings without asking Etsy who the seller is', async () => {
    const account = await connect();
    const session: MarketplaceSession = {
      accessToken: account.accessToken,
      shop: null,
      accountId: account.accountId,
    };
    await etsy.publish(session, await vintageListing(), settingsOf(fake.shop), {}, progressStore().save);
    fake.sell('SL-7K2M9Q', 1);
    const before = fake.requests.length;

    const sold = await etsy.soldSince(session, new Date(Date.now() - 60_000).toISOString());
    expect(sold).toEqual([expect.objectContaining({ sku: 'SL-7K2M9Q', quantity: 1 })]);
    await etsy.settingChoices(session);
    const calls = fake.requests.slice(before).map((request) => request.path);
    expect(calls.filter((path) => path.endsWith('/users/me'))).toEqual([]);
    // One sync is one call while the seller has fewer than a page of new receipts.
    expect(calls.filter((path) => path.endsWith('/receipts'))).toHaveLength(1);
  });

  it('asks Etsy for the shop of a connection that kept none', async () => {
    const account = await connect();
    const before = fake.requests.length;
    await etsy.soldSince(sessionOf(account), new Date().toISOString());
    const calls = fake.requests.slice(before).map((request) => request.path);
    expect(calls).toEqual(['/v3/application/users/me', `/v3/application/shops/${fake.shop.shopId}/receipts`]);
  });
});

describe('a seller who revoked the app on Etsy', () => {
  it('gets auth errors from the API and from the refresh', async () => {
    const account = await connect();
    fake.revokeAll();
    const session = { accessToken: account.accessToken, shop: null, accountId: null };
    expect(await marketplaceFailure(etsy.soldSince(session, new Date().toISOString()))).toMatchObject({
      kind: 'auth',
      details: { status: 401 },
    });
    expect(await marketplaceFailure(etsy.refresh(account, null))).toMatchObject({
      kind: 'auth',
      message: 'refresh_token is revoked',
      details: { marketplaceCode: 'invalid_grant' },
    });
    await expect(etsy.revoke(account, null)).resolves.toBeUndefined();
  });
});
