import { LIST_PAGE_SIZE, type ListListingsRequest, routes, SEARCH_PAGE_STEP } from '@snaplist/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createInventoryListing,
  expectOk,
  seedListings,
  type TestUser,
  uploadTestPhoto,
} from '../../testing';
import {
  newSeller,
  searchPage,
  seedOutsideInventory,
  server,
  useListingsServer,
} from '../../testing/listings-test-server';

useListingsServer();

async function listPage(user: TestUser, body: ListListingsRequest) {
  return expectOk(await server.call(routes.listListings, { token: user.token, body }));
}

describe('POST /api/crosslister/listings (keyset paging)', () => {
  it('returns each of 250 listings exactly once while others are inserted and deleted between pages', async () => {
    const { user, ownerId } = await newSeller();
    const base = Date.parse('2026-01-01T12:00:00.000Z');
    // Three listings share each instant, so the id has to break ties for the order to be total.
    const original = await seedListings(server.app.db, ownerId, {
      count: 250,
      createdAt: (index) => new Date(base - Math.floor(index / 3) * 1000),
    });
    const originalSet = new Set(original);
    const deletedWhilePaging = new Set<string>();
    const insertedWhilePaging = new Set<string>();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await listPage(user, { type: 'inventory', cursor });
      pages += 1;
      expect(page.data.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
      seen.push(...page.data.map((listing) => listing.listingId));
      if (page.done) {
        expect(page.cursor).toBeNull();
        break;
      }
      expect(page.cursor).toEqual(expect.any(String));
      cursor = page.cursor;

      // Between pages: a new listing (newest of all), one made at an instant in the middle of the pages still
      // to come, one of those still to come deleted, and one already seen deleted.
      insertedWhilePaging.add((await createInventoryListing(server.baseUrl, user)).listingId);
      const middle = Math.min(249, seen.length + 40);
      const [backdated] = await seedListings(server.app.db, ownerId, {
        count: 1,
        createdAt: () => new Date(base - Math.floor(middle / 3) * 1000),
      });
      insertedWhilePaging.add(backdated as string);
      const ahead = original.find((id) => !seen.includes(id) && !deletedWhilePaging.has(id));
      const behind = seen.find((id) => originalSet.has(id) && !deletedWhilePaging.has(id));
      for (const id of [ahead, behind]) {
        if (!id) continue;
        expectOk(await server.call(routes.deleteListing, { token: user.token, params: { id } }));
        deletedWhilePaging.add(id);
      }
    }

    expect(new Set(seen).size).toBe(seen.length);
    const throughout = original.filter((id) => !deletedWhilePaging.has(id));
    for (const id of throughout) expect(seen, `listing ${id} was skipped`).toContain(id);
    for (const id of seen) expect(originalSet.has(id) || insertedWhilePaging.has(id), id).toBe(true);
    for (const id of deletedWhilePaging) {
      // A listing deleted before its page came is not served; one deleted after it was seen was served once.
      const position = seen.indexOf(id);
      expect(position === -1 || seen.indexOf(id, position + 1) === -1).toBe(true);
    }
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(throughout.length / LIST_PAGE_SIZE));
  });

  it('pages newest first with the requested limit, and is done exactly at the end', async () => {
    const { user, ownerId } = await newSeller();
    const ids = await seedListings(server.app.db, ownerId, { count: 2 * LIST_PAGE_SIZE });
    const first = await listPage(user, { type: 'inventory' });
    expect(first.data.map((listing) => listing.listingId)).toEqual(ids.slice(0, LIST_PAGE_SIZE));
    expect(first.done).toBe(false);
    const second = await listPage(user, { type: 'inventory', cursor: first.cursor });
    expect(second.data.map((listing) => listing.listingId)).toEqual(ids.slice(LIST_PAGE_SIZE));
    expect(second).toMatchObject({ done: true, cursor: null });

    const small = await listPage(user, { type: 'inventory', limit: 7, cursor: '' });
    expect(small.data).toHaveLength(7);
    const rest = await listPage(user, { type: 'inventory', limit: 33, cursor: small.cursor });
    expect(rest).toMatchObject({ done: true, cursor: null });
    expect(rest.data).toHaveLength(33);
  });

  it('keeps the tabs and the sellers apart', async () => {
    const { user, ownerId } = await newSeller();
    const stranger = await newSeller();
    const inventory = await seedListings(server.app.db, ownerId, { count: 3 });
    const generated = await seedListings(server.app.db, ownerId, { count: 2, source: 'generated' });
    await seedListings(server.app.db, stranger.ownerId, { count: 4 });

    const inventoryTab = await listPage(user, { type: 'inventory' });
    expect(inventoryTab.data.map((listing) => listing.listingId)).toEqual(inventory);
    const generationsTab = await listPage(user, { product: 'crosslister' });
    expect(generationsTab.data.map((listing) => listing.listingId)).toEqual(generated);
    expect(generationsTab.data[0]).toMatchObject({
      source: 'generated',
      price: null,
      quantity: 1,
      listedOn: {},
    });
    expect(generationsTab.data[0]?.suggestedPriceRange).toMatchObject({ currency: 'GBP' });
  });

  it("shows each row's first thumbnail, photo count and links", async () => {
    const { user } = await newSeller();
    const photos = [await uploadTestPhoto(server.baseUrl, user), await uploadTestPhoto(server.baseUrl, user)];
    const listing = await createInventoryListing(server.baseUrl, user, {
      photos: photos.map((photo) => photo.id),
      price: 1500,
      sku: 'JKT-9',
      quantity: 2,
      listedOn: {
        ebay: { url: 'https://www.ebay.co.uk/itm/77' },
        vinted: { url: 'https://www.vinted.fr/items/5' },
      },
    });
    const bare = await createInventoryListing(server.baseUrl, user);
    await server.app.db.deleteFrom('photos').where('listing_id', '=', bare.listingId).execute();

    const page = await listPage(user, { type: 'inventory' });
    const [withoutPhotos, withPhotos] = page.data;
    expect(withoutPhotos).toMatchObject({
      listingId: bare.listingId,
      thumbnailUrl: null,
      photoCount: 0,
      listedOn: {},
    });
    expect(withPhotos).toMatchObject({
      listingId: listing.listingId,
      source: 'inventory',
      price: 1500,
      sku: 'JKT-9',
      quantity: 2,
      stockStatus: 'inStock',
      photoCount: 2,
      thumbnailUrl: listing.photos[0]?.thumbnailUrl,
      listedOn: {
        ebay: { url: 'https://www.ebay.co.uk/itm/77' },
        vinted: { url: 'https://www.vinted.fr/items/5' },
      },
      createdAt: listing.createdAt,
      updatedAt: listing.updatedAt,
    });
    const thumbnail = await server.request('GET', withPhotos?.thumbnailUrl ?? '');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
  });

  it('answers every page with a fixed number of queries, however many listings it holds', async () => {
    const { user, ownerId } = await newSeller();
    await seedListings(server.app.db, ownerId, { count: 60, withPhoto: true });
    // Every repository shares the app's Kysely executor: counting its calls counts the queries of a request.
    const executeQuery = vi.spyOn(server.app.db.getExecutor(), 'executeQuery');
    try {
      await listPage(user, { type: 'inventory', limit: 10 });
      const forTen = executeQuery.mock.calls.length;
      executeQuery.mockClear();
      await listPage(user, { type: 'inventory', limit: 50 });
      expect(executeQuery.mock.calls.length).toBe(forTen);
      expect(forTen).toBeLessThanOrEqual(5);
    } finally {
      executeQuery.mockRestore();
    }
  });
});

describe('POST /api/crosslister/listings/search', () => {
  let seller: TestUser;
  let ownerId: string;

  beforeAll(async () => {
    ({ user: seller, ownerId } = await newSeller());
    const fixtures = [
      { title: "Lévi's 501 jeans", brand: "Lévi's", description: 'Blue denim.', tags: ['denim'], sku: null },
      { title: 'Płaszcz wełniany', brand: 'Łódź Vintage', description: 'Ciepły.', tags: ['zima'], sku: null },
      { title: 'Plain top', brand: null, description: 'Has a secret pocket.', tags: ['basic'], sku: null },
      { title: 'Summer dress', brand: 'Mango', description: 'Light.', tags: ['festival'], sku: 'MNG-0042' },
      { title: 'Sale 50% off', brand: null, description: 'Half price.', tags: ['deal'], sku: 'A_B' },
      { title: 'Price 500', brand: null, description: 'Full price.', tags: ['deal'], sku: 'AXB' },
      {
        title: "Levi's red tab jacket",
        brand: "Levi's",
        description: 'Trucker.',
        tags: ['denim'],
        sku: null,
      },
    ];
    await seedListings(server.app.db, ownerId, {
      count: fixtures.length,
      input: (index) => fixtures[index] ?? {},
    });
  });

  it.each([
    ['case and accents', 'LEVIS', ["Lévi's 501 jeans", "Levi's red tab jacket"]],
    ['a Polish ł in the query or the text', 'plaszcz wełniany', ['Płaszcz wełniany']],
    ['the brand', 'lodz', ['Płaszcz wełniany']],
    ['the description', 'secret', ['Plain top']],
    ['the tags', 'festival', ['Summer dress']],
    ['the SKU', 'mng-0042', ['Summer dress']],
    ['every word, in any field', 'levis trucker', ["Levi's red tab jacket"]],
    ['a percent sign literally', '50%', ['Sale 50% off']],
    ['an underscore literally', 'a_b', ['Sale 50% off']],
    ['nothing for a word no listing has', 'levis velvet', []],
  ])('matches %s', async (_name, query, titles) => {
    const result = await searchPage(seller, query);
    expect(result.data.map((listing) => listing.title).sort()).toEqual([...titles].sort());
    expect(result.done).toBe(true);
  });

  it('searches only the tab and the seller asked for', async () => {
    await seedOutsideInventory(ownerId, { generated: 'Generated levis jeans', stranger: 'Their levis' });
    expect(
      (await searchPage(seller, 'levis', 0, 'generations')).data.map((listing) => listing.title),
    ).toEqual(['Generated levis jeans']);
    expect((await searchPage(seller, 'their levis')).data).toEqual([]);
  });

  it(`pages ${SEARCH_PAGE_STEP} at a time from the offset, newest first, until done`, async () => {
    const { user, ownerId: owner } = await newSeller();
    const ids = await seedListings(server.app.db, owner, {
      count: 30,
      input: (index) => ({ title: index % 6 === 5 ? `Other ${index}` : `Denim jacket ${index}` }),
    });
    const matching = ids.filter((_, index) => index % 6 !== 5);
    expect(matching).toHaveLength(25);
    const pages = [
      await searchPage(user, 'denim', 0),
      await searchPage(user, 'denim', 10),
      await searchPage(user, 'denim', 20),
    ];
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 5]);
    expect(pages.map((page) => page.done)).toEqual([false, false, true]);
    expect(pages.flatMap((page) => page.data.map((listing) => listing.listingId))).toEqual(matching);
    expect(await searchPage(user, 'denim', 30)).toEqual({ data: [], done: true });
  });
});
