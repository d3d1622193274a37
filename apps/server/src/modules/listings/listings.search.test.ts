// Search through the trigram index (docs/decisions/028): this file runs on SQLite and again on PostgreSQL (the
// `server` and `server-postgres` projects), with the same cases and the same expected answers on each. What the
// index must not change is checked against the plain definition as well: a listing matches when its folded
// search_text holds every folded word as a substring, whatever the words' length or characters.
import { type ListingType, routes, SEARCH_PAGE_STEP } from '@snaplist/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInventoryListing, listingInput, type TestUser } from '../../testing';
import {
  newSeller,
  searchPage,
  seedOutsideInventory,
  seedTitledListings,
  server,
  useListingsServer,
} from '../../testing/listings-test-server';
import { ListingsRepository } from './listings.repository';
import { listingSearchText, searchWords } from './search-key';

useListingsServer();

/** Every title the search finds, page after page, in the order the pages give them. */
async function searchTitles(user: TestUser, searchString: string, type: ListingType = 'inventory') {
  const titles: string[] = [];
  for (let searchOffset = 0; ; searchOffset += SEARCH_PAGE_STEP) {
    const page = await searchPage(user, searchString, searchOffset, type);
    titles.push(...page.data.map((listing) => listing.title));
    if (page.done) return titles;
  }
}

describe('search through the index', () => {
  let seller: TestUser;

  beforeAll(async () => {
    const created = await newSeller();
    seller = created.user;
    // Newest first: the order every search answers in.
    const titles = [
      "Lévi's 501 jeans",
      "LEVI'S red tab trucker jacket",
      'Płaszcz wełniany Łódź',
      'Sale 50% off',
      'Price 500',
      'Code A_B',
      'Code AXB',
      'Back\\slash tee',
      'The "quoted" hoodie',
      'Rail 120" wide',
      'Nearly new coat AND scarf',
      'Куртка зимняя',
      'XL parka',
      'Linen shirt size M',
      '夹克 jacket',
    ];
    await seedTitledListings(created.ownerId, titles);
    // The index is shared by every seller and both tabs: neither may leak into this seller's inventory search.
    await seedOutsideInventory(created.ownerId, {
      generated: 'Generated levis jeans',
      stranger: 'Their levis jeans',
    });
  });

  it.each([
    ['case and accents', 'LÉVIS', ["Lévi's 501 jeans", "LEVI'S red tab trucker jacket"]],
    ['a part of a word', 'evi', ["Lévi's 501 jeans", "LEVI'S red tab trucker jacket"]],
    ['letters that do not decompose', 'plaszcz lodz', ['Płaszcz wełniany Łódź']],
    ['every word, in any order', 'jacket levis', ["LEVI'S red tab trucker jacket"]],
    ['every word, one of them missing', 'levis velvet', []],
    ['a word of two letters', 'xl', ['XL parka']],
    ['a word of one letter', 'q', ['The "quoted" hoodie']],
    ['a short word beside a long one', 'm linen', ['Linen shirt size M']],
    ['two short words', 'xl pa', ['XL parka']],
    ['a short word no listing has', 'zq', []],
    ['a percent sign literally', '50%', ['Sale 50% off']],
    ['a percent sign alone', '%', ['Sale 50% off']],
    ['an underscore literally', 'a_b', ['Code A_B']],
    ['an underscore alone', '_', ['Code A_B']],
    ['a backslash literally', 'back\\slash', ['Back\\slash tee']],
    ['double quotes literally', '"quoted"', ['The "quoted" hoodie']],
    ['a lone double quote', '120"', ['Rail 120" wide']],
    ['words that mean something to a full-text query', 'near and', ['Nearly new coat AND scarf']],
    ['Cyrillic', 'КУРТКА', ['Куртка зимняя']],
    ['two Chinese characters', '夹克', ['夹克 jacket']],
  ])('finds %s', async (_name, query, titles) => {
    expect(await searchTitles(seller, query)).toEqual(titles);
  });

  it('keeps to the tab asked for', async () => {
    expect(await searchTitles(seller, 'levis', 'generations')).toEqual(['Generated levis jeans']);
  });

  it('follows a listing through creation, an edit and deletion', async () => {
    const { user } = await newSeller();
    const listing = await createInventoryListing(server.baseUrl, user, { title: 'Harris tweed blazer' });
    expect(await searchTitles(user, 'tweed')).toEqual(['Harris tweed blazer']);

    const edited = await server.call(routes.updateListing, {
      token: user.token,
      params: { id: listing.listingId },
      body: listingInput({ photos: listing.photos.map((photo) => photo.id), title: 'Corduroy blazer' }),
    });
    expect(edited.status).toBe(200);
    expect(await searchTitles(user, 'tweed')).toEqual([]);
    expect(await searchTitles(user, 'corduroy')).toEqual(['Corduroy blazer']);

    const deleted = await server.call(routes.deleteListing, {
      token: user.token,
      params: { id: listing.listingId },
    });
    expect(deleted.status).toBe(200);
    expect(await searchTitles(user, 'corduroy')).toEqual([]);
    expect(await searchTitles(user, 'blazer')).toEqual([]);
  });
});

describe('search gives what a substring scan gives', () => {
  /** What search_text holds for a seeded listing with only a title. */
  const searchTextOf = (title: string) =>
    listingSearchText({ title, brand: null, description: '', tags: [], sku: null });

  async function seedTitles(ownerId: string, titles: readonly string[]) {
    const ids = await seedTitledListings(ownerId, titles);
    return ids.map((id, index) => ({ id, searchText: searchTextOf(titles[index] ?? '') }));
  }

  /** Checks one page of the search against the listings that hold every word, newest first (seeding order). */
  async function expectPageLikeScan(
    ownerId: string,
    listings: ReadonlyArray<{ id: string; searchText: string }>,
    query: string,
    offset: number,
    limit: number,
  ): Promise<number> {
    const words = searchWords(query);
    const expected = listings
      .filter((listing) => words.every((word) => listing.searchText.includes(word)))
      .map((listing) => listing.id);
    const found = await new ListingsRepository(server.app.db).searchSummaries(
      ownerId,
      'inventory',
      words,
      offset,
      limit,
    );
    expect(
      found.map((row) => row.id),
      `"${query}" from ${offset}`,
    ).toEqual(expected.slice(offset, offset + limit));
    return expected.length;
  }

  it('for words of one to six characters, alone and together, on every page', async () => {
    // Texts from a small alphabet, so words of every length match often, rarely or never.
    const letters = 'abcdeł%_ ';
    let seed = 1;
    const text = (length: number) =>
      Array.from({ length }, () => {
        seed = (seed * 48_271) % 2_147_483_647;
        return letters[seed % letters.length];
      }).join('');
    const { ownerId } = await newSeller();
    const count = 150;
    const listings = await seedTitles(
      ownerId,
      Array.from({ length: count }, () => `t${text(24)}`),
    );
    const queries = [
      ...Array.from({ length: 40 }, (_, index) => text(1 + (index % 6))),
      ...Array.from({ length: 20 }, () => `${text(2)} ${text(4)}`),
      'zzz',
      'z',
    ].filter((query) => searchWords(query).length > 0);
    let matched = 0;
    for (const query of queries) {
      if ((await expectPageLikeScan(ownerId, listings, query, 0, count)) > 0) matched += 1;
      await expectPageLikeScan(ownerId, listings, query, 7, 7);
    }
    // The queries are only a fair test if they find something as well as nothing.
    expect(matched).toBeGreaterThan(queries.length / 3);
    expect(matched).toBeLessThan(queries.length);
  });

  it('for a word more than a thousand listings hold, which is read newest first, deep pages too', async () => {
    const { ownerId } = await newSeller();
    const listings = await seedTitles(
      ownerId,
      Array.from({ length: 1_200 }, (_, index) =>
        index % 10 === 3 ? `Wool coat no. ${index}` : `Denim jacket no. ${index}`,
      ),
    );
    for (const query of ['denim', 'denim 12', 'jacket denim', 'wool', 'wool 3']) {
      for (const offset of [0, 100, 1_070]) await expectPageLikeScan(ownerId, listings, query, offset, 11);
    }
  });

  it('for short words only listings older than the newest thousand hold, through the index of short pieces', async () => {
    const { ownerId } = await newSeller();
    // Seeding order is newest first: the short words sit at the end, beyond what is read before the index.
    const listings = await seedTitles(
      ownerId,
      Array.from({ length: 1_100 }, (_, index) => {
        if (index === 1_050) return 'Parka XL';
        if (index === 1_060) return 'Quilted vest';
        if (index === 1_070) return 'Vest size XL';
        if (index === 1_099) return 'Ends in ż';
        return `Denim jacket no. ${index}`;
      }),
    );
    const queries = ['xl', 'q', 'ż', 'xl vest', 'xl no', 'vest q', 'zq', 'zq denim', 'no', 'k', '9'];
    for (const query of queries) {
      for (const offset of [0, 1, 1_050]) await expectPageLikeScan(ownerId, listings, query, offset, 11);
    }
  });
});
