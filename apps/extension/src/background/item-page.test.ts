// Filling a sell form and what the background does with the item pages the seller then opens, against a real
// Snaplist server (the app on a random port, its own SQLite database), with every API request it receives
// written down, so "nothing is sent" is checked on the server's side.
import crypto from 'node:crypto';
import { type Listing, type ListingInput, routes } from '@snaplist/contract';
import {
  createInventoryListing,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '@snaplist/server/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemPageOutcome } from '../messages';
import { loadBackground, signInBackground } from '../testing/background-harness';
import { contentScriptSender, type FakeChrome } from '../testing/fake-chrome';
import { FILL_MEMORY_MS } from './fill-memory';
import { LINKS_MAX_AGE_MS } from './seller-links';

let server: TestServer;
let fake: FakeChrome;
let seller: TestUser;
/** `METHOD /path` of every API request the server received, in order. */
let apiRequests: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) apiRequests.push(`${request.method} ${request.url.split('?')[0]}`);
    });
  });
  fake = await loadBackground();
  seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  fake.reset();
  await signInBackground(fake, server.baseUrl, seller);
  apiRequests = [];
});

afterEach(() => {
  vi.useRealTimers();
});

const NOTHING: ItemPageOutcome = {
  listingId: null,
  listingTitle: null,
  recorded: false,
  soldReported: false,
  endByHand: false,
};

function uniqueItem(): string {
  return crypto.randomUUID().slice(0, 8);
}

function createListing(overrides: Partial<ListingInput> = {}): Promise<Listing> {
  return createInventoryListing(server.baseUrl, seller, overrides);
}

async function listingNow(listingId: string): Promise<Listing> {
  const answer = await server.call(routes.getListing, { token: seller.token, params: { id: listingId } });
  return answer.body as Listing;
}

/** The seller's sell-page script in tab `tabId` tells the background what the page shows. */
function openItemPage(
  tabId: number,
  marketplace: 'vinted' | 'depop' | 'poshmark',
  url: string,
  { sold = false, justPosted = false } = {},
) {
  return fake.ask({ type: 'itemPage', marketplace, url, sold, justPosted }, contentScriptSender(tabId, url));
}

function fillFrom(
  tabId: number,
  listingId: string,
  marketplace: 'vinted' | 'depop' | 'poshmark',
  page: string,
) {
  return fake.ask({ type: 'prepareFill', listingId, marketplace }, contentScriptSender(tabId, page));
}

/** Moves the clock on (Date only: the servers' sockets and timers run as they are). */
function timePasses(milliseconds: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + milliseconds);
}

describe('filling a sell form', () => {
  it('gives the listing and its photos as files', async () => {
    const listing = await createListing();

    const answer = await fillFrom(11, listing.listingId, 'vinted', 'https://www.vinted.co.uk/items/new');

    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.listing.listingId).toBe(listing.listingId);
    expect(answer.value.photos).toHaveLength(1);
    const [photo] = answer.value.photos;
    expect(photo?.name).toMatch(/^snaplist-1\.(jpg|png|webp)$/);
    // The very bytes Snaplist serves for the photo (its URL may be relative to the server).
    const served = await fetch(new URL(listing.photos[0]?.url ?? '', server.baseUrl));
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(photo?.type).toBe(served.headers.get('content-type'));
    expect(photo?.dataUrl).toBe(`data:${photo?.type};base64,${bytes.toString('base64')}`);
  });

  it('says when the listing is gone', async () => {
    const answer = await fillFrom(12, 'no-such-listing', 'depop', 'https://www.depop.com/products/create');

    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'This listing is no longer in your Snaplist; it may have been deleted.',
      },
    });
  });
});

describe('the item page a filled tab opens', () => {
  it('is recorded as the listing’s copy on that marketplace, once', async () => {
    const listing = await createListing();
    const item = uniqueItem();
    expect((await fillFrom(21, listing.listingId, 'vinted', 'https://www.vinted.co.uk/items/new')).ok).toBe(
      true,
    );

    const first = await openItemPage(
      21,
      'vinted',
      `https://www.vinted.co.uk/items/${item}-levis-501?ref=upload`,
      {
        justPosted: true,
      },
    );
    const again = await openItemPage(21, 'vinted', `https://www.vinted.co.uk/items/${item}-levis-501`, {
      justPosted: true,
    });

    expect(first).toEqual({
      ok: true,
      value: { ...NOTHING, listingId: listing.listingId, listingTitle: listing.title, recorded: true },
    });
    expect(again).toEqual({ ok: true, value: { ...NOTHING, listingId: listing.listingId } });
    expect((await listingNow(listing.listingId)).listedOn).toEqual({
      vinted: { url: `https://www.vinted.co.uk/items/${item}-levis-501` },
    });
    expect(apiRequests.filter((request) => request.endsWith('/listed-on'))).toHaveLength(1);
  });

  it('is not confused with a page the seller had already linked', async () => {
    const linkedUrl = `https://www.vinted.co.uk/items/${uniqueItem()}-older-coat`;
    const older = await createListing({ title: 'Older coat', listedOn: { vinted: { url: linkedUrl } } });
    const listing = await createListing();
    const newUrl = `https://www.vinted.co.uk/items/${uniqueItem()}-levis-501`;
    expect((await fillFrom(25, listing.listingId, 'vinted', 'https://www.vinted.co.uk/items/new')).ok).toBe(
      true,
    );

    // Between the fill and the post, the seller looks at one of their older items in the same tab.
    expect(await openItemPage(25, 'vinted', linkedUrl)).toEqual({
      ok: true,
      value: { ...NOTHING, listingId: older.listingId },
    });
    expect(await openItemPage(25, 'vinted', newUrl, { justPosted: true })).toMatchObject({
      ok: true,
      value: { recorded: true },
    });

    expect((await listingNow(older.listingId)).listedOn).toEqual({ vinted: { url: linkedUrl } });
    expect((await listingNow(listing.listingId)).listedOn).toEqual({ vinted: { url: newUrl } });
  });

  it('is not recorded from another tab, another marketplace, or after two hours', async () => {
    const listing = await createListing();
    expect((await fillFrom(31, listing.listingId, 'depop', 'https://www.depop.com/products/create')).ok).toBe(
      true,
    );

    // Someone else's item, opened in the filled tab without posting the form.
    expect(await openItemPage(31, 'depop', `https://www.depop.com/products/browsed-${uniqueItem()}`)).toEqual(
      {
        ok: true,
        value: NOTHING,
      },
    );
    const posted = { justPosted: true };
    expect(
      await openItemPage(32, 'depop', `https://www.depop.com/products/other-${uniqueItem()}`, posted),
    ).toEqual({
      ok: true,
      value: NOTHING,
    });
    expect(
      await openItemPage(31, 'poshmark', `https://poshmark.com/listing/Jeans-${uniqueItem()}`, posted),
    ).toEqual({
      ok: true,
      value: NOTHING,
    });
    timePasses(FILL_MEMORY_MS + 60_000);
    expect(
      await openItemPage(31, 'depop', `https://www.depop.com/products/late-${uniqueItem()}`, posted),
    ).toEqual({
      ok: true,
      value: NOTHING,
    });

    expect((await listingNow(listing.listingId)).listedOn).toEqual({});
    expect(apiRequests.filter((request) => request.endsWith('/listed-on'))).toEqual([]);
  });
});

describe('the seller’s own item pages', () => {
  it('report a sale once the page shows the item sold', async () => {
    const url = `https://www.depop.com/products/seller-${uniqueItem()}`;
    const listing = await createListing({ quantity: 1, listedOn: { depop: { url } } });

    const first = await openItemPage(41, 'depop', url, { sold: true });
    const again = await openItemPage(41, 'depop', `${url}/`, { sold: true });

    for (const answer of [first, again]) {
      expect(answer).toEqual({
        ok: true,
        value: { ...NOTHING, listingId: listing.listingId, soldReported: true },
      });
    }
    // Counted once: the one item sold, and the second report did not take the stock below none.
    const after = await listingNow(listing.listingId);
    expect(after.quantity).toBe(0);
    expect(after.stockStatus).toBe('ooStock');
  });

  it('ask the seller to end by hand a copy whose item sold elsewhere', async () => {
    const item = uniqueItem();
    const vinted = `https://www.vinted.fr/items/${item}-jean`;
    const poshmark = `https://poshmark.com/listing/Levis-501-${item}`;
    const listing = await createListing({
      quantity: 1,
      listedOn: { vinted: { url: vinted }, poshmark: { url: poshmark } },
    });

    expect(await openItemPage(51, 'poshmark', poshmark)).toEqual({
      ok: true,
      value: { ...NOTHING, listingId: listing.listingId },
    });
    expect((await openItemPage(52, 'vinted', vinted, { sold: true })).ok).toBe(true);

    expect(await openItemPage(51, 'poshmark', poshmark)).toEqual({
      ok: true,
      value: { ...NOTHING, listingId: listing.listingId, endByHand: true },
    });
  });
});

describe('someone else’s item pages', () => {
  it('send nothing to Snaplist beyond reading the seller’s links, at most every five minutes', async () => {
    const stranger = (sold: boolean) =>
      openItemPage(61, 'vinted', `https://www.vinted.de/items/${uniqueItem()}-fremde-jacke`, { sold });

    for (const sold of [false, true, false, true])
      expect(await stranger(sold)).toEqual({ ok: true, value: NOTHING });
    expect(apiRequests).toEqual(['GET /api/extension/links']);

    timePasses(LINKS_MAX_AGE_MS + 1000);
    expect(await stranger(true)).toEqual({ ok: true, value: NOTHING });
    expect(apiRequests).toEqual(['GET /api/extension/links', 'GET /api/extension/links']);
  });

  it('send nothing at all when the address is not the marketplace’s own', async () => {
    const answer = await openItemPage(62, 'vinted', 'https://vinted.example.com/items/1', { sold: true });

    expect(answer).toEqual({ ok: true, value: NOTHING });
    expect(apiRequests).toEqual([]);
  });
});
