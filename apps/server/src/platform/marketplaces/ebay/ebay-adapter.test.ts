import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connectThroughConsent,
  expectDeclined,
  marketplaceFailure,
  sessionOf,
} from '../../../testing/marketplaces/adapter-testing';
import {
  documentedOperation,
  EBAY_DOCUMENTS_DIR,
  loadEbayOperations,
} from '../../../testing/marketplaces/ebay-openapi';
import { type FakeEbay, startFakeEbay } from '../../../testing/marketplaces/fake-ebay';
import { createTestJpeg } from '../../../testing/photos';
import type {
  MarketplaceAdapter,
  MarketplaceSession,
  PublishableListing,
  PublishProgress,
} from '../marketplace-adapter';
import { createEbayAdapter, EBAY_SCOPES, identityBaseUrl } from './ebay-adapter';

const ACCEPT_URL = 'http://snaplist.test/marketplaces/callback/ebay';

let fake: FakeEbay;
let adapter: MarketplaceAdapter;

beforeEach(async () => {
  fake = await startFakeEbay({ acceptUrl: ACCEPT_URL });
  adapter = createEbayAdapter(fake.options);
});

afterEach(async () => {
  await fake.close();
});

/** eBay's public category data (Taxonomy and Metadata APIs), which checks and publishing read first. */
function isCategoryData(path: string): boolean {
  return path.startsWith('/commerce/taxonomy/') || path.startsWith('/sell/metadata/');
}

function connect(username?: string) {
  return connectThroughConsent(adapter, ACCEPT_URL, (url) => fake.authorize(url, { username }));
}

/** The seller's first choice of each setting, as a seller choosing in Settings would. */
async function chosenSettings(session: MarketplaceSession): Promise<Record<string, string>> {
  const settings = await adapter.settingChoices(session);
  return Object.fromEntries(settings.map((setting) => [setting.name, setting.choices[0]?.value ?? '']));
}

async function testListing(overrides: Partial<PublishableListing> = {}): Promise<PublishableListing> {
  const photoBytes = [
    await createTestJpeg({ colour: '#aa3344' }),
    await createTestJpeg({ colour: '#3344aa' }),
  ];
  return {
    listingId: 'listing-1',
    sku: 'SL-0f8e6f5a1c2b4d3e9a7b6c5d4e3f2a1b',
    title: "Levi's 501 men's straight jeans, W32 L32, mid blue",
    description: 'Classic 501s.\nWorn a handful of times, no marks.',
    tags: ['levis', 'jeans'],
    price: 2450,
    currency: 'GBP',
    quantity: 1,
    brand: "Levi's",
    size: 'W32 L32',
    colours: ['Blue', 'Multi'],
    composition: [
      { fibre: 'elastane', percent: 1 },
      { fibre: 'cotton', percent: 99 },
    ],
    category: 'Bottoms',
    condition: 'Very good',
    barcode: null,
    photos: photoBytes.map((bytes, index) => ({
      id: `photo-${index + 1}`,
      mimeType: 'image/jpeg',
      url: `http://snaplist.test/photos/${index + 1}.jpg`,
      bytes: async () => bytes,
    })),
    language: 'en',
    ...overrides,
  };
}

/** A connected seller with each setting chosen, and the test listing: all a publish needs. */
async function readyToPublish() {
  const session = sessionOf(await connect());
  const saved: PublishProgress[] = [];
  return { session, settings: await chosenSettings(session), listing: await testListing(), saved };
}

/** publish with progress saved as the job runner saves it: the last saved value is what a retry starts from. */
async function publishSaving(
  session: MarketplaceSession,
  listing: PublishableListing,
  settings: Record<string, string>,
  saved: PublishProgress[],
) {
  return adapter.publish(session, listing, settings, saved.at(-1) ?? {}, async (progress) => {
    saved.push(structuredClone(progress));
  });
}

describe('connecting an eBay account', () => {
  it('sends the seller to eBay with the RuName and the scopes, and exchanges the code for tokens and the user name', async () => {
    const start = adapter.startAuthorization({ state: 'state-1', redirectUri: ACCEPT_URL });
    const authorize = new URL(start.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: fake.options.clientId,
      redirect_uri: fake.options.ruName,
      response_type: 'code',
      scope: EBAY_SCOPES.join(' '),
      state: 'state-1',
    });
    expect(start).toMatchObject({ codeVerifier: null, shop: null });

    const landing = new URL(await fake.authorize(start.url, { username: 'vintage_finds' }));
    expect(`${landing.origin}${landing.pathname}`).toBe(ACCEPT_URL);
    expect(landing.searchParams.get('state')).toBe('state-1');
    expect(landing.searchParams.get('expires_in')).toBe('299');

    const before = Date.now();
    const account = await adapter.exchangeCode({
      code: landing.searchParams.get('code') ?? '',
      redirectUri: ACCEPT_URL,
      codeVerifier: null,
      shop: null,
      callbackQuery: Object.fromEntries(landing.searchParams),
    });
    expect(account.accountName).toBe('vintage_finds');
    expect(account.accountId).toBe(fake.account('vintage_finds').userId);
    expect(account.refreshToken).toBeTruthy();
    const accessExpiry = Date.parse(account.accessTokenExpiresAt ?? '');
    expect(accessExpiry - before).toBeGreaterThanOrEqual(7200 * 1000 - 1000);
    expect(accessExpiry - before).toBeLessThanOrEqual(7200 * 1000 + 5000);
    // About 18 months.
    expect(Date.parse(account.refreshTokenExpiresAt ?? '') - before).toBeGreaterThan(500 * 86_400_000);

    // A code works once.
    const reused = await marketplaceFailure(
      adapter.exchangeCode({
        code: landing.searchParams.get('code') ?? '',
        redirectUri: ACCEPT_URL,
        codeVerifier: null,
        shop: null,
        callbackQuery: {},
      }),
    );
    expect(reused.kind).toBe('auth');
    expect(reused.message).toContain('authorization grant code is invalid');
  });

  it('lands on the callback page with access_denied when the seller declines', async () => {
    await expectDeclined(adapter, ACCEPT_URL, (url) => fake.authorize(url, { decline: true }));
  });

  it('refreshes an expired access token and keeps the refresh token', async () => {
    const account = await connect();
    fake.expireAccessTokens();
    const expired = await marketplaceFailure(adapter.settingChoices(sessionOf(account)));
    expect(expired.kind).toBe('auth');
    expect(expired.details).toMatchObject({ status: 401, marketplaceCode: '1001' });

    const refreshed = await adapter.refresh(account, null);
    expect(refreshed.accessToken).not.toBe(account.accessToken);
    expect(refreshed.refreshToken).toBe(account.refreshToken);
    expect(refreshed.refreshTokenExpiresAt).toBe(account.refreshTokenExpiresAt);
    expect(await adapter.settingChoices(sessionOf(refreshed))).toHaveLength(4);
  });

  it('reports a token the seller revoked on eBay as an auth failure, for calls and for refreshing', async () => {
    const account = await connect();
    fake.revokeAll();
    expect((await marketplaceFailure(adapter.settingChoices(sessionOf(account)))).kind).toBe('auth');
    const refused = await marketplaceFailure(adapter.refresh(account, null));
    expect(refused.kind).toBe('auth');
    expect(refused.details.marketplaceCode).toBe('invalid_grant');
    // eBay has no revoke endpoint: disconnecting forgets the tokens and calls nothing.
    const calls = fake.requests.length;
    await adapter.revoke(account, null);
    expect(fake.requests).toHaveLength(calls);
  });

  it("offers the account's business policies and enabled inventory locations as the settings to choose", async () => {
    const account = await connect();
    const seller = fake.account();
    seller.locations.push({ merchantLocationKey: 'old-unit', name: 'Old unit', status: 'DISABLED' });
    const settings = await adapter.settingChoices(sessionOf(account));
    expect(settings).toEqual([
      {
        name: 'fulfillmentPolicyId',
        choices: seller.fulfillmentPolicies.map((policy) => ({ value: policy.id, label: policy.name })),
      },
      {
        name: 'paymentPolicyId',
        choices: seller.paymentPolicies.map((policy) => ({ value: policy.id, label: policy.name })),
      },
      {
        name: 'returnPolicyId',
        choices: seller.returnPolicies.map((policy) => ({ value: policy.id, label: policy.name })),
      },
      { name: 'merchantLocationKey', choices: [{ value: 'home', label: 'Home' }] },
    ]);
  });
});

describe('publishing to eBay', () => {
  it('uploads the photos, writes the inventory item and the offer, and publishes the listing', async () => {
    const { session, settings, listing, saved } = await readyToPublish();
    expect(await adapter.missingRequirements(listing, settings)).toEqual([]);

    const result = await publishSaving(session, listing, settings, saved);

    const seller = fake.account();
    // The photos arrived as they are, in eBay Picture Services.
    const images = [...seller.images.values()];
    expect(images).toHaveLength(2);
    const sent = await Promise.all(listing.photos.map((photo) => photo.bytes()));
    expect(images.map((image) => image.bytes)).toEqual(sent);
    const item = seller.inventoryItems.get(listing.sku);
    expect(item?.locale).toBe('en-GB');
    expect(item?.body).toEqual({
      product: {
        title: listing.title,
        description: 'Classic 501s.<br>Worn a handful of times, no marks.',
        // Men's jeans on eBay UK: Material takes one value there, the largest share.
        aspects: {
          Brand: ["Levi's"],
          Size: ['W32 L32'],
          Colour: ['Blue', 'Multicoloured'],
          Material: ['Cotton'],
          Department: ['Men'],
          'Size Type': ['Regular'],
          Style: ['Straight'],
        },
        imageUrls: images.map((image) => image.imageUrl),
      },
      condition: 'PRE_OWNED_EXCELLENT',
      availability: { shipToLocationAvailability: { quantity: 1 } },
    });
    const offers = [...seller.offers.values()];
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      sku: listing.sku,
      marketplaceId: 'EBAY_GB',
      format: 'FIXED_PRICE',
      status: 'PUBLISHED',
      listingStatus: 'ACTIVE',
      details: {
        availableQuantity: 1,
        categoryId: '11483',
        listingDuration: 'GTC',
        listingPolicies: {
          fulfillmentPolicyId: settings.fulfillmentPolicyId,
          paymentPolicyId: settings.paymentPolicyId,
          returnPolicyId: settings.returnPolicyId,
        },
        merchantLocationKey: 'home',
        pricingSummary: { price: { value: '24.50', currency: 'GBP' } },
      },
    });
    const listingId = offers[0]?.listingId ?? '';
    expect(result).toMatchObject({ externalId: listingId, url: `${fake.url}/itm/${listingId}` });
    expect((await fetch(result.url)).status).toBe(200);

    // Progress was saved after each photo and after the offer, each time with everything done so far.
    expect(saved).toHaveLength(3);
    expect(Object.keys(saved[0]?.imageUrls as object)).toEqual(['photo-1']);
    expect(Object.keys(saved[1]?.imageUrls as object)).toEqual(['photo-1', 'photo-2']);
    expect(saved[2]).toMatchObject({ offerId: offers[0]?.offerId });
    expect(result.progress).toMatchObject({ offerId: offers[0]?.offerId, listingId });
  });

  it('continues after a 5xx mid-publish from the saved progress, with no second photo, offer or listing', async () => {
    const { session, settings, listing, saved } = await readyToPublish();
    const seller = fake.account();

    fake.failNext({ status: 503, path: '/sell/inventory/v1/offer/{offerId}/publish' });
    const first = await marketplaceFailure(publishSaving(session, listing, settings, saved));
    expect(first.kind).toBe('transient');
    expect(first.details).toMatchObject({ status: 503, marketplaceCode: '25001' });
    expect(seller.offers.size).toBe(1);
    expect(saved.at(-1)).toMatchObject({ offerId: [...seller.offers.keys()][0] });

    const result = await publishSaving(session, listing, settings, saved);
    expect(seller.images.size).toBe(2);
    expect(seller.offers.size).toBe(1);
    expect([...seller.offers.values()][0]).toMatchObject({
      status: 'PUBLISHED',
      listingId: result.externalId,
    });
  });

  it('adopts the offer eBay made when its answer to createOffer was lost', async () => {
    const { session, settings, listing, saved } = await readyToPublish();
    const seller = fake.account();

    fake.failNext({ status: 500, method: 'POST', path: '/sell/inventory/v1/offer', afterProcessing: true });
    expect((await marketplaceFailure(publishSaving(session, listing, settings, saved))).kind).toBe(
      'transient',
    );
    expect(seller.offers.size).toBe(1);
    expect(saved.at(-1)?.offerId).toBeUndefined();

    // createOffer answers 25002 naming the offer; the retry brings it up to date and publishes it.
    await publishSaving(session, listing, settings, saved);
    expect(seller.offers.size).toBe(1);
    expect(saved.at(-1)).toMatchObject({ offerId: [...seller.offers.keys()][0] });
  });

  it('keeps one listing when the answer to publishing was lost and publishing is repeated', async () => {
    const { session, settings, listing, saved } = await readyToPublish();

    fake.failNext({ status: 502, path: '/sell/inventory/v1/offer/{offerId}/publish', afterProcessing: true });
    expect((await marketplaceFailure(publishSaving(session, listing, settings, saved))).kind).toBe(
      'transient',
    );
    const live = [...fake.account().offers.values()][0];
    expect(live?.status).toBe('PUBLISHED');

    const result = await publishSaving(session, listing, settings, saved);
    expect(result.externalId).toBe(live?.listingId);
    expect(fake.account().offers.size).toBe(1);
  });

  it('reports a 429 as rate limited with the Retry-After eBay sent', async () => {
    const { session, settings, listing, saved } = await readyToPublish();

    fake.rateLimitNext({ retryAfterSeconds: 7, path: '/sell/inventory/v1/inventory_item/{sku}' });
    const limited = await marketplaceFailure(publishSaving(session, listing, settings, saved));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.details).toMatchObject({ status: 429, marketplaceCode: '2001', retryAfterMs: 7000 });
    expect(limited.message).toContain('Too many requests');

    await publishSaving(session, listing, settings, saved);
    expect(fake.account().images.size).toBe(2);
    expect(fake.account().offers.size).toBe(1);
  });

  it("is refused with eBay's own words when the offer has no fulfillment policy, and publishes once one is chosen", async () => {
    const session = sessionOf(await connect());
    const { fulfillmentPolicyId, ...withoutShipping } = await chosenSettings(session);
    const listing = await testListing();
    expect(await adapter.missingRequirements(listing, withoutShipping)).toEqual([
      { field: 'settings.fulfillmentPolicyId', code: 'marketplace_setting_required' },
    ]);
    const saved: PublishProgress[] = [];

    const refused = await marketplaceFailure(publishSaving(session, listing, withoutShipping, saved));
    expect(refused.kind).toBe('rejected');
    expect(refused.details).toMatchObject({ status: 400, marketplaceCode: '25007' });
    expect(refused.message).toContain('Fulfillment policy');

    // The seller chooses one in Settings; the retry updates the offer it already made.
    await publishSaving(
      session,
      listing,
      { ...withoutShipping, fulfillmentPolicyId: fulfillmentPolicyId ?? '' },
      saved,
    );
    const offers = [...fake.account().offers.values()];
    expect(offers).toHaveLength(1);
    expect(offers[0]?.status).toBe('PUBLISHED');
  });

  it('is refused when the chosen policy was deleted on eBay since', async () => {
    const session = sessionOf(await connect());
    const settings = await chosenSettings(session);
    fake.account().returnPolicies.shift();
    const refused = await marketplaceFailure(publishSaving(session, await testListing(), settings, []));
    expect(refused.kind).toBe('rejected');
    expect(refused.details.marketplaceCode).toBe('25035');
    expect(refused.message).toBe('The specified policy is not found for the market place');
  });

  it('asks for what eBay requires before anything is sent', async () => {
    const listing = await testListing({
      title: `Men's jeans ${'x'.repeat(75)}`,
      photos: [],
      price: 0,
      currency: 'EUR',
    });
    expect(await adapter.missingRequirements(listing, {})).toEqual([
      { field: 'settings.fulfillmentPolicyId', code: 'marketplace_setting_required' },
      { field: 'settings.paymentPolicyId', code: 'marketplace_setting_required' },
      { field: 'settings.returnPolicyId', code: 'marketplace_setting_required' },
      { field: 'settings.merchantLocationKey', code: 'marketplace_setting_required' },
      { field: 'title', code: 'marketplace_title_too_long', params: { max: 80 } },
      { field: 'photos', code: 'photo_required_to_publish' },
      { field: 'price', code: 'price_required_to_publish' },
      { field: 'currency', code: 'marketplace_currency_mismatch', params: { currency: 'GBP' } },
    ]);
    // Only eBay's public category data was read.
    expect(fake.requests.filter((request) => !isCategoryData(request.path))).toEqual([
      { method: 'POST', path: '/identity/v1/oauth2/token', host: 'api' },
    ]);
  });

  it('publishes a men’s jeans, a women’s dress, trainers and a bag each in a category of its kind, with every required aspect', async () => {
    const session = sessionOf(await connect());
    const settings = await chosenSettings(session);
    const cases = [
      {
        overrides: { title: "Levi's 501 men's straight jeans", category: 'Bottoms', condition: 'Good' },
        categoryId: '11483',
        condition: 'USED_EXCELLENT',
        aspects: { Department: ['Men'], Size: ['W32 L32'], Style: ['Straight'] },
      },
      {
        overrides: {
          title: 'Mango floral midi dress',
          category: 'Dresses',
          condition: 'New with tags',
          brand: 'Mango',
          size: 'UK 10',
        },
        categoryId: '63861',
        condition: 'NEW',
        aspects: { Department: ['Women'], Size: ['UK 10'], 'Dress Length': undefined },
      },
      {
        // eBay files trainers by department; the words name none, so the category eBay suggested decides.
        overrides: {
          title: 'Nike Air Max 90 trainers',
          category: 'Shoes',
          condition: 'Very good',
          size: 'UK 6',
        },
        categoryId: '95672',
        // Shoes have one "Used" grade.
        condition: 'USED_EXCELLENT',
        aspects: { Department: ['Women'], 'UK Shoe Size': ['6'], Type: ['Trainer'], Brand: ["Levi's"] },
      },
      {
        overrides: {
          title: 'Brown leather tote bag',
          category: 'Bags',
          condition: 'Fair',
          brand: null,
          size: null,
        },
        categoryId: '169291',
        condition: 'USED_EXCELLENT',
        aspects: { Department: ['Women'], Style: ['Tote'], Brand: ['Unbranded'] },
      },
    ] as const;
    for (const [index, each] of cases.entries()) {
      const sku = `SL-KIND-${index}`;
      const listing = await testListing({ sku, barcode: '5012345678900', ...each.overrides });
      expect(await adapter.missingRequirements(listing, settings)).toEqual([]);
      await adapter.publish(session, listing, settings, {}, async () => {});
      const item = fake.account().inventoryItems.get(sku)?.body as {
        condition: string;
        product: { aspects: Record<string, string[]>; ean: string[] };
      };
      expect(item.condition).toBe(each.condition);
      expect(item.product.ean).toEqual(['5012345678900']);
      expect(item.product.aspects).toMatchObject(
        Object.fromEntries(Object.entries(each.aspects).filter(([, value]) => value !== undefined)),
      );
      const offer = [...fake.account().offers.values()].find((candidate) => candidate.sku === sku);
      expect(offer).toMatchObject({ status: 'PUBLISHED', details: { categoryId: each.categoryId } });
    }
  });

  it('names a required aspect the listing cannot fill, and sends nothing of the listing', async () => {
    const { session, settings } = await readyToPublish();
    const bag = await testListing({ title: 'Brown leather bag', category: 'Bags', size: null });
    expect(await adapter.missingRequirements(bag, settings)).toEqual([
      {
        field: 'aspects.Style',
        code: 'marketplace_aspect_required',
        params: { marketplace: 'eBay', name: 'Style' },
      },
    ]);
    const before = fake.requests.length;
    const refused = await marketplaceFailure(adapter.publish(session, bag, settings, {}, async () => {}));
    expect(refused.kind).toBe('rejected');
    expect(refused.message).toContain('"Style"');
    expect(fake.requests.slice(before).filter((request) => !isCategoryData(request.path))).toEqual([]);
    expect(fake.account().images.size).toBe(0);
  });

  it('names the conditions a category takes when ours is not one, and says when eBay has no category', async () => {
    const { settings } = await readyToPublish();
    const socks = await testListing({
      title: "Men's wool socks",
      tags: ['socks'],
      description: 'Three pairs.',
      category: 'Accessories',
      condition: 'Very good',
    });
    expect(await adapter.missingRequirements(socks, settings)).toEqual([
      {
        field: 'condition',
        code: 'marketplace_condition_not_allowed',
        params: { marketplace: 'eBay', allowed: 'New with tags, New without tags' },
      },
    ]);
    const unknown = await testListing({ title: 'Quantum flux capacitor', category: 'Vintage', tags: [] });
    expect(await adapter.missingRequirements(unknown, settings)).toEqual([
      { field: 'category', code: 'marketplace_category_not_found', params: { marketplace: 'eBay' } },
    ]);
  });

  it('asks eBay once per query and category, with one application token, however often it publishes', async () => {
    const { session, settings, listing } = await readyToPublish();
    await adapter.missingRequirements(listing, settings);
    await adapter.publish(session, listing, settings, {}, async () => {});
    await adapter.publish(session, listing, settings, {}, async () => {});
    await adapter.missingRequirements(await testListing({ sku: 'SL-OTHER' }), settings);
    const count = (suffix: string) => fake.requests.filter((request) => request.path.endsWith(suffix)).length;
    expect(count('/get_default_category_tree_id')).toBe(1);
    expect(count('/get_category_suggestions')).toBe(1);
    expect(count('/get_item_aspects_for_category')).toBe(1);
    expect(count('/get_item_condition_policies')).toBe(1);

    // Another listing's words are another query; its category's answers are already known.
    await adapter.missingRequirements(await testListing({ title: "Men's slim jeans" }), settings);
    expect(count('/get_category_suggestions')).toBe(2);
    expect(count('/get_item_aspects_for_category')).toBe(1);
  });

  it('leaves the category check to publishing when eBay cannot answer it just now', async () => {
    const { session, settings, listing } = await readyToPublish();
    fake.failNext({
      status: 503,
      path: '/commerce/taxonomy/v1/category_tree/{category_tree_id}/get_category_suggestions',
    });
    expect(await adapter.missingRequirements(listing, settings)).toEqual([]);
    // The failure is not kept: publishing asks again and gets its answer.
    const result = await adapter.publish(session, listing, settings, {}, async () => {});
    expect(result.externalId).toMatch(/^\d+$/);
  });

  it('renews the application token when eBay stops taking it', async () => {
    const { settings, listing } = await readyToPublish();
    await adapter.missingRequirements(listing, settings);
    fake.revokeAll();
    expect(
      await adapter.missingRequirements(await testListing({ title: 'Mango floral midi dress' }), settings),
    ).toEqual([]);
  });

  it('uploads the photos to the Media API’s own host', async () => {
    const { session, settings, listing } = await readyToPublish();
    await adapter.publish(session, listing, settings, {}, async () => {});
    const mediaCalls = fake.requests.filter((request) => request.path.startsWith('/commerce/media/'));
    expect(mediaCalls).toHaveLength(4);
    expect(mediaCalls.every((request) => request.host === 'media')).toBe(true);
  });
});

describe('an eBay site in the EU', () => {
  let euFake: FakeEbay;
  let euAdapter: MarketplaceAdapter;

  beforeEach(async () => {
    euFake = await startFakeEbay({ acceptUrl: ACCEPT_URL, marketplaceId: 'EBAY_DE' });
    euAdapter = createEbayAdapter(euFake.options);
  });

  afterEach(async () => {
    await euFake.close();
  });

  it('offers the regulatory block’s settings, asks for a named party’s address, and sends it with the offer', async () => {
    const account = await connectThroughConsent(euAdapter, ACCEPT_URL, (url) => euFake.authorize(url));
    const session = sessionOf(account);
    const choices = await euAdapter.settingChoices(session);
    expect(choices.map((setting) => setting.name)).toEqual([
      'fulfillmentPolicyId',
      'paymentPolicyId',
      'returnPolicyId',
      'merchantLocationKey',
      'manufacturerName',
      'manufacturerAddress',
      'manufacturerCity',
      'manufacturerPostalCode',
      'manufacturerCountry',
      'manufacturerEmail',
      'responsiblePersonName',
      'responsiblePersonAddress',
      'responsiblePersonCity',
      'responsiblePersonPostalCode',
      'responsiblePersonCountry',
      'responsiblePersonEmail',
    ]);
    expect(choices.find((setting) => setting.name === 'manufacturerCountry')?.choices).toContainEqual({
      value: 'DE',
      label: 'Germany',
    });
    const policies = Object.fromEntries(
      choices.slice(0, 4).map((setting) => [setting.name, setting.choices[0]?.value ?? '']),
    );
    const listing = await testListing({ currency: 'EUR' });
    // Optional: a private seller names no one.
    expect(await euAdapter.missingRequirements(listing, policies)).toEqual([]);

    const named = {
      ...policies,
      responsiblePersonName: 'Textil Import GmbH',
      responsiblePersonCountry: 'DE',
    };
    expect(await euAdapter.missingRequirements(listing, named)).toEqual([
      { field: 'settings.responsiblePersonAddress', code: 'marketplace_setting_required' },
      { field: 'settings.responsiblePersonCity', code: 'marketplace_setting_required' },
      { field: 'settings.responsiblePersonPostalCode', code: 'marketplace_setting_required' },
    ]);

    const complete = {
      ...named,
      responsiblePersonAddress: 'Hauptstraße 1',
      responsiblePersonCity: 'Berlin',
      responsiblePersonPostalCode: '10115',
      responsiblePersonEmail: 'safety@textil-import.example',
    };
    await euAdapter.publish(session, listing, complete, {}, async () => {});
    const offer = [...euFake.account().offers.values()][0];
    expect(offer?.details.regulatory).toEqual({
      responsiblePersons: [
        {
          companyName: 'Textil Import GmbH',
          addressLine1: 'Hauptstraße 1',
          city: 'Berlin',
          postalCode: '10115',
          country: 'DE',
          email: 'safety@textil-import.example',
          types: ['EUResponsiblePerson'],
        },
      ],
    });
  });
});

describe('a live eBay listing', () => {
  async function published(username?: string, overrides: Partial<PublishableListing> = {}) {
    const session = sessionOf(await connect(username));
    const listing = await testListing(overrides);
    const result = await adapter.publish(session, listing, await chosenSettings(session), {}, async () => {});
    return {
      session,
      listing,
      result,
      published: { externalId: result.externalId, progress: result.progress, sku: listing.sku },
    };
  }

  it('takes a new price and quantity', async () => {
    const { session, listing, published: live } = await published();
    await adapter.updatePriceAndQuantity(session, live, { price: 1999, currency: 'GBP', quantity: 3 });
    const offer = [...fake.account().offers.values()][0];
    expect(offer?.details).toMatchObject({
      availableQuantity: 3,
      pricingSummary: { price: { value: '19.99', currency: 'GBP' } },
    });
    expect(fake.account().inventoryItems.get(listing.sku)?.body).toMatchObject({
      availability: { shipToLocationAvailability: { quantity: 3 } },
    });

    // Without saved progress the offer is found by SKU.
    await adapter.updatePriceAndQuantity(
      session,
      { ...live, progress: {} },
      { price: 1500, currency: 'GBP', quantity: 2 },
    );
    expect(offer?.details).toMatchObject({
      availableQuantity: 2,
      pricingSummary: { price: { value: '15.00' } },
    });

    const refused = await marketplaceFailure(
      adapter.updatePriceAndQuantity(session, live, { price: 1500, currency: 'EUR', quantity: 2 }),
    );
    expect(refused.kind).toBe('rejected');
    expect(refused.details.marketplaceCode).toBe('25709');
  });

  it('ends by withdrawing the offer, and an ended listing is done already', async () => {
    const { session, result, published: live } = await published();
    await adapter.end(session, live);
    const offer = [...fake.account().offers.values()][0];
    expect(offer).toMatchObject({ status: 'UNPUBLISHED', listingStatus: 'ENDED' });
    expect(await (await fetch(result.url)).text()).toContain('This listing has ended.');

    const withdrawals = () => fake.requests.filter((request) => request.path.endsWith('/withdraw')).length;
    expect(withdrawals()).toBe(1);
    await adapter.end(session, live);
    expect(withdrawals()).toBe(1);
  });

  it("is another seller's: their offers are unknown to this account", async () => {
    const { published: live } = await published('first_seller');
    const other = sessionOf(await connect('second_seller'));
    const unknown = await marketplaceFailure(
      adapter.updatePriceAndQuantity(other, live, { price: 1000, currency: 'GBP', quantity: 1 }),
    );
    expect(unknown.kind).toBe('not_found');
    await adapter.end(other, live);
    expect([...fake.account('first_seller').offers.values()][0]?.status).toBe('PUBLISHED');
  });

  it('reports every sale since an instant, oldest first, across pages', async () => {
    const { session, listing } = await published(undefined, { quantity: 300 });
    const since = new Date(Date.now() - 60 * 60 * 1000);
    fake.sell(listing.sku, 2, { at: new Date(since.getTime() - 1000) });
    const start = since.getTime() + 1000;
    for (let index = 0; index < 205; index += 1)
      fake.sell(listing.sku, 1, { at: new Date(start + index * 1000) });

    const sold = await adapter.soldSince(session, since.toISOString());
    expect(sold).toHaveLength(205);
    expect(sold.every((item) => item.sku === listing.sku && item.quantity === 1)).toBe(true);
    expect(sold.map((item) => item.soldAt)).toEqual([...sold.map((item) => item.soldAt)].sort());
    expect(sold[0]?.soldAt).toBe(new Date(start).toISOString());
    expect(new Set(sold.map((item) => item.orderId)).size).toBe(205);
    expect(fake.requests.filter((request) => request.path === '/sell/fulfillment/v1/order')).toHaveLength(2);

    // eBay searches two years back at most; an older instant asks for all it keeps.
    expect(await adapter.soldSince(session, '2020-01-01T00:00:00.000Z')).toHaveLength(206);
  });
});

describe("eBay's published API documents", () => {
  it('document every call the adapter makes, with its method', async (context) => {
    const operations = loadEbayOperations();
    if (!operations) context.skip(`eBay's OpenAPI documents are not at ${EBAY_DOCUMENTS_DIR}`);

    const account = await connect();
    const session = sessionOf(account);
    await adapter.refresh(account, null);
    const settings = await chosenSettings(session);
    const listing = await testListing({ quantity: 2 });
    const saved: PublishProgress[] = [];
    fake.failNext({ status: 500, method: 'POST', path: '/sell/inventory/v1/offer', afterProcessing: true });
    await marketplaceFailure(publishSaving(session, listing, settings, saved));
    const result = await publishSaving(session, listing, settings, saved);
    const live = { externalId: result.externalId, progress: {}, sku: listing.sku };
    await adapter.updatePriceAndQuantity(session, live, { price: 1000, currency: 'GBP', quantity: 2 });
    fake.sell(listing.sku, 1);
    await adapter.soldSince(session, new Date(Date.now() - 60_000).toISOString());
    await adapter.end(session, live);

    const apiCalls = fake.requests.filter((request) => !/^\/(itm|images)\//.test(request.path));
    const undocumented = apiCalls.filter(
      (request) => !documentedOperation(operations ?? [], request.method, request.path),
    );
    expect(undocumented).toEqual([]);
    // The flow above reaches every kind of call the adapter makes.
    const reached = new Set(
      apiCalls.map((request) => {
        const operation = documentedOperation(operations ?? [], request.method, request.path);
        return `${operation?.method} ${operation?.path}`;
      }),
    );
    expect([...reached].sort()).toEqual([
      'GET /commerce/identity/v1/user/',
      'GET /commerce/media/v1_beta/image/{image_id}',
      'GET /commerce/taxonomy/v1/category_tree/{category_tree_id}/get_category_suggestions',
      'GET /commerce/taxonomy/v1/category_tree/{category_tree_id}/get_item_aspects_for_category',
      'GET /commerce/taxonomy/v1/get_default_category_tree_id',
      'GET /sell/account/v1/fulfillment_policy',
      'GET /sell/account/v1/payment_policy',
      'GET /sell/account/v1/return_policy',
      'GET /sell/fulfillment/v1/order',
      'GET /sell/inventory/v1/location',
      'GET /sell/inventory/v1/offer',
      'GET /sell/inventory/v1/offer/{offerId}',
      'GET /sell/metadata/v1/marketplace/{marketplace_id}/get_item_condition_policies',
      'POST /commerce/media/v1_beta/image/create_image_from_file',
      'POST /identity/v1/oauth2/token',
      'POST /sell/inventory/v1/bulk_update_price_quantity',
      'POST /sell/inventory/v1/offer',
      'POST /sell/inventory/v1/offer/{offerId}/publish',
      'POST /sell/inventory/v1/offer/{offerId}/withdraw',
      'PUT /sell/inventory/v1/inventory_item/{sku}',
      'PUT /sell/inventory/v1/offer/{offerId}',
    ]);
  });
});

describe('identityBaseUrl', () => {
  it("uses eBay's apiz host for the Identity API and leaves other hosts alone", () => {
    expect(identityBaseUrl('https://api.ebay.com')).toBe('https://apiz.ebay.com');
    expect(identityBaseUrl('https://api.sandbox.ebay.com/')).toBe('https://apiz.sandbox.ebay.com');
    expect(identityBaseUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
  });
});
