import fs from 'node:fs';
import path from 'node:path';
import {
  fieldIssue,
  type IssueCode,
  issueMessage,
  LISTING_ISSUE_CODES,
  ListingSchema,
  MAX_PHOTOS,
  marketplaceVariants,
  routes,
} from '@snaplist/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asErrorResponse,
  createGeneration,
  createInventoryListing,
  createTestJpeg,
  createUser,
  expectOk,
  generateListing,
  listingInput,
  seedListings,
  type TestUser,
  uploadTestPhoto,
} from '../../testing';
import { ownerIdOf, SELLER_PLAN, server, useListingsServer } from '../../testing/listings-test-server';

let seller: TestUser;
let stranger: TestUser;

useListingsServer();

beforeAll(async () => {
  [seller, stranger] = await Promise.all([
    createUser(server.baseUrl, { plan: SELLER_PLAN }),
    createUser(server.baseUrl, { plan: SELLER_PLAN }),
  ]);
});

function upload(user: TestUser, colour?: string) {
  return createTestJpeg({ colour }).then((bytes) => uploadTestPhoto(server.baseUrl, user, bytes));
}

async function photoRowsOf(listingId: string) {
  return server.app.db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'thumbnail_key', 'position'])
    .where('listing_id', '=', listingId)
    .orderBy('position')
    .execute();
}

function storedFile(key: string): string {
  return path.join(server.dataDir, 'photos', ...key.split('/'));
}

async function storedKeysOf(listingId: string): Promise<string[]> {
  return (await photoRowsOf(listingId)).flatMap((row) => [row.storage_key ?? '', row.thumbnail_key ?? '']);
}

function storedPhotoCount(): number {
  const root = path.join(server.dataDir, 'photos', 'photos');
  return fs.existsSync(root) ? fs.readdirSync(root).length : 0;
}

describe('POST /api/listings', () => {
  it('creates an inventory listing from uploaded photos and answers it in full', async () => {
    const [first, second] = [await upload(seller, '#aa2233'), await upload(seller, '#2233aa')];
    const response = await server.call(routes.createListing, {
      token: seller.token,
      body: listingInput({
        photos: [second.id, first.id],
        title: '  Zara wool coat  ',
        description: 'Warm. Fully lined.',
        price: 1250,
        cogs: 400,
        sku: 'ZW-01',
        barcode: '5012345678900',
        quantity: 3,
        tags: ['wool', 'coat', 'wool'],
        colours: ['Navy', 'Black'],
        currency: 'EUR',
        listedOn: { vinted: { url: 'https://www.vinted.pl/items/123-coat' } },
      }),
    });
    expect(response.status, response.text).toBe(201);
    const listing = ListingSchema.parse(response.body);
    expect(listing).toMatchObject({
      source: 'inventory',
      sourceListingId: null,
      title: 'Zara wool coat',
      price: 1250,
      cogs: 400,
      currency: 'EUR',
      sku: 'ZW-01',
      barcode: '5012345678900',
      quantity: 3,
      tags: ['wool', 'coat'],
      colours: ['Navy', 'Black'],
      stockStatus: 'inStock',
      listedOn: { vinted: { url: 'https://www.vinted.pl/items/123-coat' } },
      suggestedPriceRange: null,
      composition: [],
      evidence: {},
      language: 'en',
      engine: 'none',
    });
    expect(listing.photos.map((photo) => photo.id)).toEqual([second.id, first.id]);
    expect(listing.variants).toEqual(
      marketplaceVariants({
        title: 'Zara wool coat',
        description: 'Warm. Fully lined.',
        tags: ['wool', 'coat'],
      }),
    );
    expect(listing.updatedAt).toBe(listing.createdAt);

    const photo = await server.request('GET', listing.photos[0]?.url ?? '');
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    const read = await server.call(routes.getListing, {
      token: seller.token,
      params: { id: listing.listingId },
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(response.body);
  });

  it('keeps money in integer minor units from the request to the database', async () => {
    const listing = await createInventoryListing(server.baseUrl, seller, { price: 1999, cogs: 1 });
    const row = await server.app.db
      .selectFrom('listings')
      .select(['price', 'cogs'])
      .where('id', '=', listing.listingId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price: 1999, cogs: 1 });
    expect(listing.price).toBe(1999);

    const fractional = await server.call(routes.createListing, {
      token: seller.token,
      body: listingInput({ photos: ['x'], price: 19.99 }),
    });
    expect(fractional.status).toBe(400);
    expect(fractional.body.message).toBe(issueMessage('price_invalid'));
  });

  it('attaches an uploaded photo once: used again, it is copied and the first listing keeps its own', async () => {
    const photo = await upload(seller);
    const first = await createInventoryListing(server.baseUrl, seller, { photos: [photo.id] });
    const second = await createInventoryListing(server.baseUrl, seller, { photos: [photo.id] });
    expect(first.photos[0]?.id).toBe(photo.id);
    expect(second.photos[0]?.id).not.toBe(photo.id);
    const [firstKeys, secondKeys] = [
      await storedKeysOf(first.listingId),
      await storedKeysOf(second.listingId),
    ];
    expect(firstKeys.some((key) => secondKeys.includes(key))).toBe(false);
    for (const key of [...firstKeys, ...secondKeys]) expect(fs.existsSync(storedFile(key)), key).toBe(true);
  });

  it("refuses another seller's photo, an unknown one and one still waiting in a generation", async () => {
    const theirs = await upload(stranger);
    const created = expectOk(
      await createGeneration(server, seller.token, [{ bytes: await createTestJpeg() }]),
    );
    const waiting = await server.app.db
      .selectFrom('photos')
      .select('id')
      .where('generation_id', '=', created.id)
      .executeTakeFirstOrThrow();
    const mine = await upload(seller);
    for (const unavailable of [theirs.id, 'no-such-photo', waiting.id]) {
      const response = await server.call(routes.createListing, {
        token: seller.token,
        body: listingInput({ photos: [mine.id, unavailable] }),
      });
      expect(response.status, unavailable).toBe(400);
      expect(response.body).toEqual({
        code: 'validation_failed',
        message: issueMessage('photo_unavailable'),
        details: [fieldIssue('photos', 'photo_unavailable')],
      });
    }
    // Nothing was half-saved: my photo is still unattached and can be used.
    const listing = await createInventoryListing(server.baseUrl, seller, { photos: [mine.id] });
    expect(listing.photos[0]?.id).toBe(mine.id);
  });
});

describe('a listing made from a generated listing ("List Item")', () => {
  it('copies the photos, takes the evidence, and deleting the copy leaves the generated photos working', async () => {
    const item = await createTestJpeg({ width: 600, height: 800, colour: '#1f3a93' });
    const generatedResponse = await generateListing(server, seller.token, [{ bytes: item }, { bytes: item }]);
    expect(generatedResponse.status, generatedResponse.text).toBe(200);
    const generated = ListingSchema.parse(generatedResponse.body);
    expect(generated).toMatchObject({ source: 'generated', price: null, quantity: 1, listedOn: {} });
    const filesBefore = storedPhotoCount();

    const response = await server.call(routes.createListing, {
      token: seller.token,
      body: listingInput({
        sourceId: generated.listingId,
        photos: generated.photos.map((photo) => photo.id),
        currency: generated.suggestedPriceRange?.currency ?? 'GBP',
      }),
    });
    expect(response.status, response.text).toBe(201);
    const copy = ListingSchema.parse(response.body);
    expect(copy).toMatchObject({
      source: 'inventory',
      sourceListingId: generated.listingId,
      evidence: generated.evidence,
      composition: generated.composition,
      language: generated.language,
      engine: generated.engine,
      suggestedPriceRange: generated.suggestedPriceRange,
    });
    expect(copy.photos).toHaveLength(2);
    for (const photo of copy.photos)
      expect(generated.photos.map((original) => original.id)).not.toContain(photo.id);
    expect(storedPhotoCount()).toBe(filesBefore + 4);

    const deleted = await server.call(routes.deleteListing, {
      token: seller.token,
      params: { id: copy.listingId },
    });
    expect(deleted.status).toBe(200);
    expect(storedPhotoCount()).toBe(filesBefore);
    const again = expectOk(
      await server.call(routes.getListing, { token: seller.token, params: { id: generated.listingId } }),
    );
    expect(again.photos.map((photo) => photo.id)).toEqual(generated.photos.map((photo) => photo.id));
    for (const photo of again.photos) {
      expect((await server.request('GET', photo.url)).status).toBe(200);
      expect((await server.request('GET', photo.thumbnailUrl)).status).toBe(200);
    }

    // The other way round: deleting the generated listing leaves a copy made from it whole.
    const second = await createInventoryListing(server.baseUrl, seller, {
      sourceId: generated.listingId,
      photos: [generated.photos[0]?.id ?? ''],
    });
    expect(
      (await server.call(routes.deleteListing, { token: seller.token, params: { id: generated.listingId } }))
        .status,
    ).toBe(200);
    const generation = await server.app.db
      .selectFrom('generations')
      .select('listing_id')
      .where('owner_id', '=', await ownerIdOf(seller))
      .where('listing_id', '=', generated.listingId)
      .execute();
    expect(generation).toEqual([]);
    const survivor = expectOk(
      await server.call(routes.getListing, { token: seller.token, params: { id: second.listingId } }),
    );
    expect(survivor).toMatchObject({ sourceListingId: null, evidence: generated.evidence });
    expect((await server.request('GET', survivor.photos[0]?.url ?? '')).status).toBe(200);
  });

  it('is found by search once generated: the pipeline fills search_text', async () => {
    const item = await createTestJpeg({ width: 600, height: 800, colour: '#b22222' });
    const response = await generateListing(server, seller.token, [{ bytes: item }], {
      generationSettings: { brand: 'Łódź Atelier' },
    });
    expect(response.status, response.text).toBe(200);
    const found = expectOk(
      await server.call(routes.searchListings, {
        token: seller.token,
        body: { searchString: 'lodz atelier', type: 'generations' },
      }),
    );
    expect(found.data.map((listing) => listing.listingId)).toEqual([response.body.listingId]);
  });

  it('cannot be made from a listing that is not the seller’s', async () => {
    const theirs = await createInventoryListing(server.baseUrl, stranger);
    const photo = await upload(seller);
    for (const sourceId of [theirs.listingId, 'no-such-listing']) {
      const response = await server.call(routes.createListing, {
        token: seller.token,
        body: listingInput({ photos: [photo.id], sourceId }),
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'not_found', message: 'Listing not found' });
    }
  });
});

describe('PUT /api/listings/:id', () => {
  it('saves the edit: photos kept, reordered, added and dropped; links replaced; created_at kept', async () => {
    const [a, b, c] = [
      await upload(seller, '#111111'),
      await upload(seller, '#555555'),
      await upload(seller, '#999999'),
    ];
    const original = await createInventoryListing(server.baseUrl, seller, {
      photos: [a.id, b.id, c.id],
      listedOn: {
        ebay: { url: 'https://www.ebay.co.uk/itm/1' },
        vinted: { url: 'https://www.vinted.co.uk/items/2' },
      },
    });
    const droppedKeys = (await photoRowsOf(original.listingId)).find((row) => row.id === b.id);
    const added = await upload(seller, '#dddddd');
    await new Promise((resolve) => setTimeout(resolve, 5));

    const response = await server.call(routes.updateListing, {
      token: seller.token,
      params: { id: original.listingId },
      body: listingInput({
        photos: [c.id, a.id, added.id],
        title: 'Edited title',
        price: 3000,
        stockStatus: 'ooStock',
        listedOn: { depop: { url: 'https://www.depop.com/products/me-jeans/' } },
      }),
    });
    expect(response.status, response.text).toBe(200);
    const edited = ListingSchema.parse(response.body);
    expect(edited.photos.map((photo) => photo.id)).toEqual([c.id, a.id, added.id]);
    expect(edited).toMatchObject({
      title: 'Edited title',
      price: 3000,
      stockStatus: 'ooStock',
      listedOn: { depop: { url: 'https://www.depop.com/products/me-jeans/' } },
      createdAt: original.createdAt,
    });
    expect(edited.variants.ebay?.title).toBe('Edited title');
    expect(edited.updatedAt > original.updatedAt).toBe(true);
    expect(await server.app.db.selectFrom('photos').select('id').where('id', '=', b.id).execute()).toEqual(
      [],
    );
    expect(fs.existsSync(storedFile(droppedKeys?.storage_key ?? ''))).toBe(false);
    expect(fs.existsSync(storedFile(droppedKeys?.thumbnail_key ?? ''))).toBe(false);
    for (const key of await storedKeysOf(original.listingId))
      expect(fs.existsSync(storedFile(key))).toBe(true);
  });

  it('refuses to edit a generated listing', async () => {
    const [id] = await seedListings(server.app.db, await ownerIdOf(seller), {
      count: 1,
      source: 'generated',
    });
    const photo = await upload(seller);
    const response = await server.call(routes.updateListing, {
      token: seller.token,
      params: { id: id ?? '' },
      body: listingInput({ photos: [photo.id] }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'bad_request',
      message: 'Only inventory listings can be edited: use List Item to make one.',
    });
  });

  it('validates an edit like a new listing', async () => {
    const listing = await createInventoryListing(server.baseUrl, seller);
    const response = await server.call(routes.updateListing, {
      token: seller.token,
      params: { id: listing.listingId },
      body: listingInput({ photos: listing.photos.map((photo) => photo.id), quantity: 0 }),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([fieldIssue('quantity', 'quantity_invalid')]);
  });
});

describe('deleting', () => {
  it('DELETE removes the listing, its photo rows, its links and its stored files', async () => {
    const listing = await createInventoryListing(server.baseUrl, seller, {
      photos: [(await upload(seller)).id, (await upload(seller)).id],
      listedOn: { etsy: { url: 'https://www.etsy.com/listing/1' } },
    });
    const keys = await storedKeysOf(listing.listingId);
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(fs.existsSync(storedFile(key))).toBe(true);

    const byId = { token: seller.token, params: { id: listing.listingId } };
    const response = await server.call(routes.deleteListing, byId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deletedIds: [listing.listingId] });
    for (const key of keys) expect(fs.existsSync(storedFile(key)), key).toBe(false);
    expect(await photoRowsOf(listing.listingId)).toEqual([]);
    const links = await server.app.db
      .selectFrom('marketplace_links')
      .selectAll()
      .where('listing_id', '=', listing.listingId)
      .execute();
    expect(links).toEqual([]);
    expect((await server.call(routes.getListing, byId)).status).toBe(404);
    expect((await server.call(routes.deleteListing, byId)).status).toBe(404);
  });

  it('POST /listings/delete deletes only the seller’s own and says which', async () => {
    const [one, two] = [
      await createInventoryListing(server.baseUrl, seller),
      await createInventoryListing(server.baseUrl, seller),
    ];
    const theirs = await createInventoryListing(server.baseUrl, stranger);
    const response = await server.call(routes.deleteListings, {
      token: seller.token,
      body: { ids: [one.listingId, theirs.listingId, 'no-such-listing', two.listingId, one.listingId] },
    });
    expect([...expectOk(response).deletedIds].sort()).toEqual([one.listingId, two.listingId].sort());
    expect(
      (await server.call(routes.getListing, { token: stranger.token, params: { id: theirs.listingId } }))
        .status,
    ).toBe(200);
    for (const key of await storedKeysOf(theirs.listingId)) expect(fs.existsSync(storedFile(key))).toBe(true);
  });
});

describe("another seller's listing", () => {
  it('is a 404 on GET, PUT and DELETE, and stays as it was', async () => {
    const theirs = await createInventoryListing(server.baseUrl, stranger, { title: 'Not yours' });
    const photo = await upload(seller);
    const theirsAsSeller = { token: seller.token, params: { id: theirs.listingId } };
    const get = await server.call(routes.getListing, theirsAsSeller);
    const put = await server.call(routes.updateListing, {
      ...theirsAsSeller,
      body: listingInput({ photos: [photo.id] }),
    });
    const del = await server.call(routes.deleteListing, theirsAsSeller);
    for (const response of [get, put, del]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: 'Listing not found' });
    }
    const still = await server.call(routes.getListing, {
      token: stranger.token,
      params: { id: theirs.listingId },
    });
    expect(still.body).toMatchObject({ title: 'Not yours', updatedAt: theirs.updatedAt });
  });

  it('is a 404 on PUT for an unknown id, and every listing route needs a signed-in seller', async () => {
    const photo = await upload(seller);
    const unknown = await server.call(routes.updateListing, {
      token: seller.token,
      params: { id: 'no-such-listing' },
      body: listingInput({ photos: [photo.id] }),
    });
    expect(unknown.status).toBe(404);
    const anyId = { params: { id: 'x' } };
    const anonymous = [
      await server.call(routes.getListing, anyId),
      await server.call(routes.createListing, { body: listingInput({ photos: ['x'] }) }),
      await server.call(routes.updateListing, { ...anyId, body: listingInput({ photos: ['x'] }) }),
      await server.call(routes.deleteListing, anyId),
      await server.call(routes.deleteListings, { body: { ids: ['x'] } }),
      await server.call(routes.listListings, { body: {} }),
      await server.call(routes.searchListings, { body: { searchString: 'x' } }),
      await server.call(routes.exportListings),
    ];
    for (const response of anonymous) expect(response.status).toBe(401);
  });
});

describe('validation: every issue the listing form can get back, on its field', () => {
  const photo = 'photo-id';
  const tooMany = Array.from({ length: MAX_PHOTOS + 1 }, (_, index) => `p${index}`);
  const cases: Array<[string, Record<string, unknown>, string, IssueCode]> = [
    ['no photos', { photos: [] }, 'photos', 'photos_required'],
    ['photos missing', { photos: undefined }, 'photos', 'photos_required'],
    ['25 photos', { photos: tooMany }, 'photos', 'too_many_photos'],
    ['a photo twice', { photos: [photo, photo] }, 'photos', 'duplicate_photo'],
    ['a blank title', { title: '   ' }, 'title', 'title_required'],
    ['a long title', { title: 'x'.repeat(141) }, 'title', 'title_too_long'],
    ['no description', { description: undefined }, 'description', 'description_required'],
    ['a long description', { description: 'x'.repeat(5001) }, 'description', 'description_too_long'],
    ['no price', { price: undefined }, 'price', 'price_required'],
    ['a price as text', { price: '12.50' }, 'price', 'price_required'],
    ['a zero price', { price: 0 }, 'price', 'price_invalid'],
    ['a price above the cap', { price: 100_000_001 }, 'price', 'price_invalid'],
    ['an unknown category', { category: 'Hats' }, 'category', 'category_required'],
    ['no size', { size: '' }, 'size', 'size_required'],
    ['a long size', { size: 'x'.repeat(61) }, 'size', 'size_too_long'],
    ['no colour', { colours: [] }, 'colours', 'colour_required'],
    ['an unknown colour', { colours: ['Teal'] }, 'colours.0', 'colour_required'],
    ['three colours', { colours: ['Black', 'White', 'Red'] }, 'colours', 'too_many_colours'],
    ['one colour twice', { colours: ['Black', 'Black'] }, 'colours', 'colour_repeated'],
    ['no condition', { condition: undefined }, 'condition', 'condition_required'],
    ['a long brand', { brand: 'x'.repeat(121) }, 'brand', 'brand_too_long'],
    ['a long SKU', { sku: 'x'.repeat(65) }, 'sku', 'sku_too_long'],
    ['a negative cost', { cogs: -1 }, 'cogs', 'cogs_invalid'],
    ['a fractional cost', { cogs: 1.5 }, 'cogs', 'cogs_invalid'],
    ['a barcode with symbols', { barcode: '5012 3456!' }, 'barcode', 'barcode_invalid'],
    ['a long barcode', { barcode: '1'.repeat(49) }, 'barcode', 'barcode_invalid'],
    ['another currency', { currency: 'JPY' }, 'currency', 'currency_invalid'],
    ['a zero quantity', { quantity: 0 }, 'quantity', 'quantity_invalid'],
    ['a huge quantity', { quantity: 10_000 }, 'quantity', 'quantity_invalid'],
    ['eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'too_many_tags'],
    ['an empty tag', { tags: ['ok', ' '] }, 'tags.1', 'tag_invalid'],
    ['a long tag', { tags: ['x'.repeat(41)] }, 'tags.0', 'tag_invalid'],
    [
      'a listing URL on another site',
      { listedOn: { vinted: { url: 'https://www.ebay.com/itm/1' } } },
      'listedOn.vinted.url',
      'listing_url_invalid',
    ],
    [
      'a listing URL that is not a URL',
      { listedOn: { ebay: { url: 'my ebay listing' } } },
      'listedOn.ebay.url',
      'listing_url_invalid',
    ],
  ];

  it.each(cases)('refuses %s', async (_name, overrides, field, code) => {
    const body = { ...listingInput({ photos: [photo] }), ...overrides };
    // Raw: some cases send what the types forbid (a price as text, missing fields).
    const response = asErrorResponse(
      await server.request('POST', '/api/listings', { token: seller.token, body }),
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.message).toBe(issueMessage(code));
    expect(response.body.details).toContainEqual(fieldIssue(field, code));
  });

  it('refuses a blank search and a cursor it did not make, each on its field', async () => {
    const search = await server.call(routes.searchListings, {
      token: seller.token,
      body: { searchString: '   ' },
    });
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({
      code: 'validation_failed',
      message: issueMessage('search_required'),
      details: [fieldIssue('searchString', 'search_required')],
    });
    const list = await server.call(routes.listListings, {
      token: seller.token,
      body: { type: 'inventory', cursor: 'bm90LWEtY3Vyc29y' },
    });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({
      code: 'bad_request',
      message: issueMessage('cursor_invalid'),
      details: [fieldIssue('cursor', 'cursor_invalid')],
    });
  });

  it('leaves no listing issue code unproved', () => {
    const proved = new Set<IssueCode>([
      ...cases.map(([, , , code]) => code),
      // Each proved by its own test above.
      'photo_unavailable',
      'search_required',
      'cursor_invalid',
    ]);
    expect([...proved].sort()).toEqual([...LISTING_ISSUE_CODES].sort());
  });
});
