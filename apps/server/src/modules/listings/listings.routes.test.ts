import fs from 'node:fs';
import path from 'node:path';
import { ListingMessages, ListingSchema, MAX_PHOTOS, marketplaceVariants } from '@snaplist/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createGeneration,
  createInventoryListing,
  createTestJpeg,
  createUser,
  generateListing,
  listingInput,
  seedListings,
  type TestUser,
  uploadTestPhoto,
} from '../../testing';
import { call, ownerIdOf, SELLER_PLAN, server, useListingsServer } from './listings.test-server';

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
    const response = await call(
      'POST',
      '/listings',
      seller,
      listingInput({
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
    );
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
      tags: 'wool, coat',
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

    const read = await call('GET', `/listings/${listing.listingId}`, seller);
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

    const fractional = await call('POST', '/listings', seller, listingInput({ photos: ['x'], price: 19.99 }));
    expect(fractional.status).toBe(400);
    expect(fractional.body.message).toBe(ListingMessages.priceInvalid);
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
    const created = await createGeneration(server, seller.token, [{ bytes: await createTestJpeg() }]);
    const waiting = await server.app.db
      .selectFrom('photos')
      .select('id')
      .where('generation_id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    const mine = await upload(seller);
    for (const unavailable of [theirs.id, 'no-such-photo', waiting.id]) {
      const response = await call(
        'POST',
        '/listings',
        seller,
        listingInput({ photos: [mine.id, unavailable] }),
      );
      expect(response.status, unavailable).toBe(400);
      expect(response.body).toEqual({
        code: 'validation_failed',
        message: ListingMessages.photoUnavailable,
        details: [{ field: 'photos', message: ListingMessages.photoUnavailable }],
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

    const response = await call(
      'POST',
      '/listings',
      seller,
      listingInput({
        sourceId: generated.listingId,
        photos: generated.photos.map((photo) => photo.id),
        currency: generated.suggestedPriceRange?.currency ?? 'GBP',
      }),
    );
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

    const deleted = await call('DELETE', `/listings/${copy.listingId}`, seller);
    expect(deleted.status).toBe(200);
    expect(storedPhotoCount()).toBe(filesBefore);
    const again = await call('GET', `/listings/${generated.listingId}`, seller);
    expect(again.status).toBe(200);
    expect(again.body.photos.map((photo: { id: string }) => photo.id)).toEqual(
      generated.photos.map((photo) => photo.id),
    );
    for (const photo of again.body.photos as Array<{ url: string; thumbnailUrl: string }>) {
      expect((await server.request('GET', photo.url)).status).toBe(200);
      expect((await server.request('GET', photo.thumbnailUrl)).status).toBe(200);
    }

    // The other way round: deleting the generated listing leaves a copy made from it whole.
    const second = await createInventoryListing(server.baseUrl, seller, {
      sourceId: generated.listingId,
      photos: [generated.photos[0]?.id ?? ''],
    });
    expect((await call('DELETE', `/listings/${generated.listingId}`, seller)).status).toBe(200);
    const generation = await server.app.db
      .selectFrom('generations')
      .select('listing_id')
      .where('owner_id', '=', await ownerIdOf(seller))
      .where('listing_id', '=', generated.listingId)
      .execute();
    expect(generation).toEqual([]);
    const survivor = await call('GET', `/listings/${second.listingId}`, seller);
    expect(survivor.body).toMatchObject({ sourceListingId: null, evidence: generated.evidence });
    expect((await server.request('GET', survivor.body.photos[0].url)).status).toBe(200);
  });

  it('is found by search once generated: the pipeline fills search_text', async () => {
    const item = await createTestJpeg({ width: 600, height: 800, colour: '#b22222' });
    const response = await generateListing(server, seller.token, [{ bytes: item }], {
      generationSettings: { brand: 'Łódź Atelier' },
    });
    expect(response.status, response.text).toBe(200);
    const found = await call('POST', '/crosslister/listings/search', seller, {
      searchString: 'lodz atelier',
      type: 'generations',
    });
    expect(found.body.data.map((listing: { listingId: string }) => listing.listingId)).toEqual([
      response.body.listingId,
    ]);
  });

  it('cannot be made from a listing that is not the seller’s', async () => {
    const theirs = await createInventoryListing(server.baseUrl, stranger);
    const photo = await upload(seller);
    for (const sourceId of [theirs.listingId, 'no-such-listing']) {
      const response = await call(
        'POST',
        '/listings',
        seller,
        listingInput({ photos: [photo.id], sourceId }),
      );
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

    const response = await call(
      'PUT',
      `/listings/${original.listingId}`,
      seller,
      listingInput({
        photos: [c.id, a.id, added.id],
        title: 'Edited title',
        price: 3000,
        stockStatus: 'ooStock',
        listedOn: { depop: { url: 'https://www.depop.com/products/me-jeans/' } },
      }),
    );
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
    const response = await call('PUT', `/listings/${id}`, seller, listingInput({ photos: [photo.id] }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'bad_request',
      message: 'Only inventory listings can be edited: use List Item to make one.',
    });
  });

  it('validates an edit like a new listing', async () => {
    const listing = await createInventoryListing(server.baseUrl, seller);
    const response = await call(
      'PUT',
      `/listings/${listing.listingId}`,
      seller,
      listingInput({ photos: listing.photos.map((photo) => photo.id), quantity: 0 }),
    );
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'quantity', message: ListingMessages.quantityInvalid }]);
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

    const response = await call('DELETE', `/listings/${listing.listingId}`, seller);
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
    expect((await call('GET', `/listings/${listing.listingId}`, seller)).status).toBe(404);
    expect((await call('DELETE', `/listings/${listing.listingId}`, seller)).status).toBe(404);
  });

  it('POST /listings/delete deletes only the seller’s own and says which', async () => {
    const [one, two] = [
      await createInventoryListing(server.baseUrl, seller),
      await createInventoryListing(server.baseUrl, seller),
    ];
    const theirs = await createInventoryListing(server.baseUrl, stranger);
    const response = await call('POST', '/listings/delete', seller, {
      ids: [one.listingId, theirs.listingId, 'no-such-listing', two.listingId, one.listingId],
    });
    expect(response.status).toBe(200);
    expect([...response.body.deletedIds].sort()).toEqual([one.listingId, two.listingId].sort());
    expect((await call('GET', `/listings/${theirs.listingId}`, stranger)).status).toBe(200);
    for (const key of await storedKeysOf(theirs.listingId)) expect(fs.existsSync(storedFile(key))).toBe(true);
  });
});

describe("another seller's listing", () => {
  it('is a 404 on GET, PUT and DELETE, and stays as it was', async () => {
    const theirs = await createInventoryListing(server.baseUrl, stranger, { title: 'Not yours' });
    const photo = await upload(seller);
    const get = await call('GET', `/listings/${theirs.listingId}`, seller);
    const put = await call(
      'PUT',
      `/listings/${theirs.listingId}`,
      seller,
      listingInput({ photos: [photo.id] }),
    );
    const del = await call('DELETE', `/listings/${theirs.listingId}`, seller);
    for (const response of [get, put, del]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: 'Listing not found' });
    }
    const still = await call('GET', `/listings/${theirs.listingId}`, stranger);
    expect(still.body).toMatchObject({ title: 'Not yours', updatedAt: theirs.updatedAt });
  });

  it('is a 404 on PUT for an unknown id, and every listing route needs a signed-in seller', async () => {
    const photo = await upload(seller);
    expect(
      (await call('PUT', '/listings/no-such-listing', seller, listingInput({ photos: [photo.id] }))).status,
    ).toBe(404);
    const anonymous = [
      await server.request('GET', '/api/listings/x'),
      await server.request('POST', '/api/listings', { body: listingInput({ photos: ['x'] }) }),
      await server.request('PUT', '/api/listings/x', { body: listingInput({ photos: ['x'] }) }),
      await server.request('DELETE', '/api/listings/x'),
      await server.request('POST', '/api/listings/delete', { body: { ids: ['x'] } }),
      await server.request('POST', '/api/crosslister/listings', { body: {} }),
      await server.request('POST', '/api/crosslister/listings/search', { body: { searchString: 'x' } }),
      await server.request('GET', '/api/crosslister/listings/export'),
    ];
    for (const response of anonymous) expect(response.status).toBe(401);
  });
});

describe('validation: every sentence the listing form can get back, on its field', () => {
  const photo = 'photo-id';
  const tooMany = Array.from({ length: MAX_PHOTOS + 1 }, (_, index) => `p${index}`);
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no photos', { photos: [] }, 'photos', ListingMessages.photosRequired],
    ['photos missing', { photos: undefined }, 'photos', ListingMessages.photosRequired],
    ['25 photos', { photos: tooMany }, 'photos', ListingMessages.tooManyPhotos],
    ['a photo twice', { photos: [photo, photo] }, 'photos', ListingMessages.duplicatePhoto],
    ['a blank title', { title: '   ' }, 'title', ListingMessages.titleRequired],
    ['a long title', { title: 'x'.repeat(141) }, 'title', ListingMessages.titleTooLong],
    ['no description', { description: undefined }, 'description', ListingMessages.descriptionRequired],
    [
      'a long description',
      { description: 'x'.repeat(5001) },
      'description',
      ListingMessages.descriptionTooLong,
    ],
    ['no price', { price: undefined }, 'price', ListingMessages.priceRequired],
    ['a price as text', { price: '12.50' }, 'price', ListingMessages.priceRequired],
    ['a zero price', { price: 0 }, 'price', ListingMessages.priceInvalid],
    ['a price above the cap', { price: 100_000_001 }, 'price', ListingMessages.priceInvalid],
    ['an unknown category', { category: 'Hats' }, 'category', ListingMessages.categoryRequired],
    ['no size', { size: '' }, 'size', ListingMessages.sizeRequired],
    ['a long size', { size: 'x'.repeat(61) }, 'size', ListingMessages.sizeTooLong],
    ['no colour', { colours: [] }, 'colours', ListingMessages.colourRequired],
    ['an unknown colour', { colours: ['Teal'] }, 'colours.0', ListingMessages.colourRequired],
    ['three colours', { colours: ['Black', 'White', 'Red'] }, 'colours', ListingMessages.tooManyColours],
    ['one colour twice', { colours: ['Black', 'Black'] }, 'colours', ListingMessages.colourRepeated],
    ['no condition', { condition: undefined }, 'condition', ListingMessages.conditionRequired],
    ['a long brand', { brand: 'x'.repeat(121) }, 'brand', ListingMessages.brandTooLong],
    ['a long SKU', { sku: 'x'.repeat(65) }, 'sku', ListingMessages.skuTooLong],
    ['a negative cost', { cogs: -1 }, 'cogs', ListingMessages.cogsInvalid],
    ['a fractional cost', { cogs: 1.5 }, 'cogs', ListingMessages.cogsInvalid],
    ['a barcode with symbols', { barcode: '5012 3456!' }, 'barcode', ListingMessages.barcodeInvalid],
    ['a long barcode', { barcode: '1'.repeat(49) }, 'barcode', ListingMessages.barcodeInvalid],
    ['another currency', { currency: 'JPY' }, 'currency', ListingMessages.currencyInvalid],
    ['a zero quantity', { quantity: 0 }, 'quantity', ListingMessages.quantityInvalid],
    ['a huge quantity', { quantity: 10_000 }, 'quantity', ListingMessages.quantityInvalid],
    [
      'eleven tags',
      { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      'tags',
      ListingMessages.tooManyTags,
    ],
    ['an empty tag', { tags: ['ok', ' '] }, 'tags.1', ListingMessages.tagInvalid],
    ['a long tag', { tags: ['x'.repeat(41)] }, 'tags.0', ListingMessages.tagInvalid],
    [
      'a listing URL on another site',
      { listedOn: { vinted: { url: 'https://www.ebay.com/itm/1' } } },
      'listedOn.vinted.url',
      ListingMessages.listingUrlInvalid,
    ],
    [
      'a listing URL that is not a URL',
      { listedOn: { ebay: { url: 'my ebay listing' } } },
      'listedOn.ebay.url',
      ListingMessages.listingUrlInvalid,
    ],
  ];

  it.each(cases)('refuses %s', async (_name, overrides, field, message) => {
    const body = { ...listingInput({ photos: [photo] }), ...overrides };
    const response = await call('POST', '/listings', seller, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.message).toBe(message);
    expect(response.body.details).toContainEqual({ field, message });
  });

  it('refuses a blank search and a cursor it did not make, each on its field', async () => {
    const search = await call('POST', '/crosslister/listings/search', seller, { searchString: '   ' });
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({
      code: 'validation_failed',
      message: ListingMessages.searchRequired,
      details: [{ field: 'searchString', message: ListingMessages.searchRequired }],
    });
    const list = await call('POST', '/crosslister/listings', seller, {
      type: 'inventory',
      cursor: 'bm90LWEtY3Vyc29y',
    });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({
      code: 'bad_request',
      message: ListingMessages.cursorInvalid,
      details: [{ field: 'cursor', message: ListingMessages.cursorInvalid }],
    });
  });

  it('leaves no sentence of ListingMessages unproved', () => {
    const proved = new Set([
      ...cases.map(([, , , message]) => message),
      // Each proved by its own test above.
      ListingMessages.photoUnavailable,
      ListingMessages.searchRequired,
      ListingMessages.cursorInvalid,
    ]);
    expect([...proved].sort()).toEqual(Object.values(ListingMessages).sort());
  });
});
