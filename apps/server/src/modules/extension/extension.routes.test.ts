// The browser extension's three routes over real HTTP (decision 039): recording where a listing was
// posted (canonical, once, owner-scoped, refused for another site's address), the seller's Vinted, Depop and
// Poshmark links with their stock, and a sale reported from an item page counted once through crosslisting,
// which ends the eBay copy (the fake eBay) and asks the seller to end the other hand-listed copies.
import crypto from 'node:crypto';
import { type Activity, type Listing, type ListingInput, type Marketplace, routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { createInventoryListing, createUser, expectOk, type TestUser } from '../../testing';
import { allIn, waitForPublications } from '../../testing/crosslisting';
import { connectEbay, ebay, server, useEbayTestServer } from '../../testing/ebay-test-server';
import { marketplaceSku } from '../crosslisting/publishable-listing';

useEbayTestServer();

/** An address on the marketplace's site, unique to the test that asks for it. */
function itemUrl(marketplace: 'vinted' | 'depop' | 'poshmark', suffix = ''): string {
  const item = crypto.randomUUID().slice(0, 8);
  if (marketplace === 'vinted') return `https://www.vinted.co.uk/items/${item}-levis-501${suffix}`;
  if (marketplace === 'depop') return `https://www.depop.com/products/seller-${item}${suffix}`;
  return `https://poshmark.com/listing/Levis-501-${item}${suffix}`;
}

function newSeller(): Promise<TestUser> {
  return createUser(server.baseUrl, { plan: 'pro_monthly' });
}

function createListing(seller: TestUser, overrides: Partial<ListingInput> = {}): Promise<Listing> {
  return createInventoryListing(server.baseUrl, seller, overrides);
}

function recordListedOn(seller: TestUser | null, listingId: string, marketplace: Marketplace, url: string) {
  return server.call(routes.recordListedOn, {
    token: seller?.token,
    params: { id: listingId },
    body: { marketplace, url },
  });
}

function reportSale(seller: TestUser | null, marketplace: 'vinted' | 'depop' | 'poshmark', url: string) {
  return server.call(routes.reportSale, { token: seller?.token, body: { marketplace, url } });
}

async function extensionLinks(seller: TestUser) {
  return expectOk(await server.call(routes.extensionLinks, { token: seller.token })).links;
}

async function readListing(seller: TestUser, listingId: string): Promise<Listing> {
  return expectOk(await server.call(routes.getListing, { token: seller.token, params: { id: listingId } }));
}

async function activityOf(seller: TestUser, listingId: string): Promise<Array<[string, string | null]>> {
  const { activity } = expectOk(
    await server.call(routes.listingPublications, { token: seller.token, params: { id: listingId } }),
  );
  return activity.map((event: Activity) => [event.kind, event.marketplace]);
}

/** The seller's eBay account connected, and the listing live there through the fake eBay. */
async function liveOnEbay(seller: TestUser, listing: Listing): Promise<string> {
  const username = await connectEbay(seller);
  expectOk(
    await server.call(routes.publishListing, {
      token: seller.token,
      params: { id: listing.listingId },
      body: { marketplaces: ['ebay'] },
    }),
  );
  await waitForPublications(server, seller.token, listing.listingId, allIn(['ebay'], 'live'));
  return username;
}

function onSaleOnEbay(username: string, listing: Listing): boolean {
  const sku = marketplaceSku({ id: listing.listingId, sku: listing.sku }, false);
  return [...ebay.account(username).offers.values()].some(
    (offer) => offer.sku === sku && offer.status === 'PUBLISHED' && offer.listingStatus === 'ACTIVE',
  );
}

describe('POST /api/listings/:id/listed-on', () => {
  it('records the address in its canonical form, once, with one `listed` activity', async () => {
    const seller = await newSeller();
    const listing = await createListing(seller);
    const posted = itemUrl('vinted');
    const canonical = posted;

    const first = expectOk(
      await recordListedOn(
        seller,
        listing.listingId,
        'vinted',
        `${posted.replace('www.vinted', 'WWW.Vinted')}/?ref=app#photos`,
      ),
    );
    expect(first.listedOn).toEqual({ vinted: { url: canonical } });
    expect((await readListing(seller, listing.listingId)).listedOn).toEqual({ vinted: { url: canonical } });

    // The page's address again, as the browser had it: nothing changes, nothing more happened.
    const again = expectOk(await recordListedOn(seller, listing.listingId, 'vinted', `${posted}?utm=share`));
    expect(again.listedOn).toEqual({ vinted: { url: canonical } });
    expect(await activityOf(seller, listing.listingId)).toEqual([['listed', 'vinted']]);

    // Posted again on Vinted (a new item page): the link moves, and that is a new copy.
    const relisted = itemUrl('vinted');
    expect(expectOk(await recordListedOn(seller, listing.listingId, 'vinted', relisted)).listedOn).toEqual({
      vinted: { url: relisted },
    });
    expect(await activityOf(seller, listing.listingId)).toEqual([
      ['listed', 'vinted'],
      ['listed', 'vinted'],
    ]);
  });

  it('answers every link the listing shows, the copy Snaplist published on eBay among them', async () => {
    const seller = await newSeller();
    const depop = itemUrl('depop');
    const listing = await createListing(seller, { listedOn: { depop: { url: depop } } });
    await liveOnEbay(seller, listing);
    const ebayUrl = (await readListing(seller, listing.listingId)).listedOn.ebay?.url;
    expect(ebayUrl).toMatch(/\/itm\/\d+$/);

    const vinted = itemUrl('vinted');
    const answer = expectOk(await recordListedOn(seller, listing.listingId, 'vinted', vinted));

    expect(answer.listedOn).toEqual({
      depop: { url: depop },
      ebay: { url: ebayUrl },
      vinted: { url: vinted },
    });
    expect(answer.listedOn).toEqual((await readListing(seller, listing.listingId)).listedOn);
  });

  it('answers 404 for another seller’s listing and for no listing, and changes neither', async () => {
    const owner = await newSeller();
    const stranger = await newSeller();
    const listing = await createListing(owner);

    for (const response of [
      await recordListedOn(stranger, listing.listingId, 'vinted', itemUrl('vinted')),
      await recordListedOn(owner, crypto.randomUUID(), 'vinted', itemUrl('vinted')),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    expect((await readListing(owner, listing.listingId)).listedOn).toEqual({});
    expect(await activityOf(owner, listing.listingId)).toEqual([]);
  });

  it('refuses an address on another site (400 listing_url_invalid) and a signed-out caller (401)', async () => {
    const seller = await newSeller();
    const listing = await createListing(seller);

    for (const url of [itemUrl('depop'), 'https://vinted.example.com/items/1', 'not an address', '']) {
      const refused = await recordListedOn(seller, listing.listingId, 'vinted', url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
      expect(refused.body.details).toEqual([expect.objectContaining({ code: 'listing_url_invalid' })]);
    }
    const signedOut = await recordListedOn(null, listing.listingId, 'vinted', itemUrl('vinted'));
    expect(signedOut.status).toBe(401);
    expect((await readListing(seller, listing.listingId)).listedOn).toEqual({});
  });
});

describe('GET /api/extension/links', () => {
  it('lists the seller’s own Vinted, Depop and Poshmark links, canonical, and flips inStock at none left', async () => {
    const seller = await newSeller();
    const stranger = await newSeller();
    const typed = itemUrl('depop');
    const listing = await createListing(seller, {
      quantity: 1,
      // Typed into the form as the seller copied it; eBay is not the extension's to look at.
      listedOn: { depop: { url: `${typed}/?ref=share` }, ebay: { url: 'https://www.ebay.co.uk/itm/1234' } },
    });
    const vinted = itemUrl('vinted');
    expectOk(await recordListedOn(seller, listing.listingId, 'vinted', vinted));
    const theirs = await createListing(stranger);
    expectOk(await recordListedOn(stranger, theirs.listingId, 'poshmark', itemUrl('poshmark')));

    const links = await extensionLinks(seller);
    expect(links).toHaveLength(2);
    expect(links).toEqual(
      expect.arrayContaining([
        { listingId: listing.listingId, marketplace: 'depop', url: typed, inStock: true },
        { listingId: listing.listingId, marketplace: 'vinted', url: vinted, inStock: true },
      ]),
    );
    // The most recently recorded first.
    expect(links[0]?.marketplace).toBe('vinted');

    expect(expectOk(await reportSale(seller, 'vinted', vinted)).recorded).toBe(true);
    expect((await extensionLinks(seller)).map((link) => link.inStock)).toEqual([false, false]);
    expect((await extensionLinks(stranger)).map((link) => link.listingId)).toEqual([theirs.listingId]);
  });

  it('counts a listing marked out of stock as not in stock, whatever its quantity', async () => {
    const seller = await newSeller();
    const url = itemUrl('poshmark');
    await createListing(seller, { quantity: 2, stockStatus: 'ooStock', listedOn: { poshmark: { url } } });

    expect(await extensionLinks(seller)).toEqual([expect.objectContaining({ url, inStock: false })]);
    const signedOut = await server.call(routes.extensionLinks);
    expect(signedOut.status).toBe(401);
  });
});

describe('POST /api/extension/sales', () => {
  it('counts a sale once per item page: the second report is recorded: false', async () => {
    const seller = await newSeller();
    const listing = await createListing(seller, { quantity: 3 });
    const url = itemUrl('depop');
    expectOk(await recordListedOn(seller, listing.listingId, 'depop', url));

    expect(expectOk(await reportSale(seller, 'depop', url))).toEqual({
      listingId: listing.listingId,
      recorded: true,
    });
    expect(expectOk(await reportSale(seller, 'depop', `${url}?from=sold`))).toEqual({
      listingId: listing.listingId,
      recorded: false,
    });
    expect(await readListing(seller, listing.listingId)).toMatchObject({
      quantity: 2,
      stockStatus: 'inStock',
    });
    expect((await activityOf(seller, listing.listingId)).filter(([kind]) => kind === 'sold')).toEqual([
      ['sold', 'depop'],
    ]);
  });

  it('finds a link typed with a query and a trailing slash from the page’s plain address', async () => {
    const seller = await newSeller();
    const url = itemUrl('poshmark');
    const listing = await createListing(seller, {
      quantity: 2,
      listedOn: { poshmark: { url: `${url.replace('poshmark.com', 'Poshmark.com')}/?utm_source=share` } },
    });

    expect(expectOk(await reportSale(seller, 'poshmark', url)).listingId).toBe(listing.listingId);
    expect((await readListing(seller, listing.listingId)).quantity).toBe(1);
  });

  it('answers 404 with a clear message for an address no listing of the seller’s has', async () => {
    const owner = await newSeller();
    const stranger = await newSeller();
    const url = itemUrl('vinted');
    const listing = await createListing(owner, { listedOn: { vinted: { url } } });

    for (const response of [
      await reportSale(owner, 'vinted', itemUrl('vinted')),
      // Another seller's item page is not theirs to report.
      await reportSale(stranger, 'vinted', url),
      // The right page under the wrong marketplace.
      await reportSale(
        owner,
        'depop',
        url.replace('https://www.vinted.co.uk/items', 'https://www.depop.com/products'),
      ),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'not_found' });
      expect(response.body.message).toMatch(/None of your listings is linked to this (Vinted|Depop) item/);
    }
    expect((await readListing(owner, listing.listingId)).quantity).toBe(1);
    const signedOut = await reportSale(null, 'vinted', url);
    expect(signedOut.status).toBe(401);
    const otherSite = await reportSale(owner, 'vinted', itemUrl('depop'));
    expect(otherSite.status).toBe(400);
    expect(otherSite.body.details).toEqual([expect.objectContaining({ code: 'listing_url_invalid' })]);
  });

  it('keys an item page longer than the sales table’s order column by its hash, still once', async () => {
    const seller = await newSeller();
    const url = itemUrl('vinted', `-${'x'.repeat(400)}`);
    const listing = await createListing(seller, { quantity: 2, listedOn: { vinted: { url } } });

    expect(expectOk(await reportSale(seller, 'vinted', url)).recorded).toBe(true);
    expect(expectOk(await reportSale(seller, 'vinted', url)).recorded).toBe(false);
    expect((await readListing(seller, listing.listingId)).quantity).toBe(1);
  });

  it('at quantity 1 ends the live eBay copy and asks for the Depop and Poshmark copies to be ended by hand', async () => {
    const seller = await newSeller();
    const vinted = itemUrl('vinted');
    const listing = await createListing(seller, {
      quantity: 1,
      listedOn: {
        vinted: { url: vinted },
        depop: { url: itemUrl('depop') },
        poshmark: { url: itemUrl('poshmark') },
      },
    });
    const ebayUser = await liveOnEbay(seller, listing);
    expect(onSaleOnEbay(ebayUser, listing)).toBe(true);

    expect(expectOk(await reportSale(seller, 'vinted', vinted)).recorded).toBe(true);

    const settled = await waitForPublications(
      server,
      seller.token,
      listing.listingId,
      allIn(['ebay'], 'ended'),
    );
    expect(onSaleOnEbay(ebayUser, listing)).toBe(false);
    expect(await readListing(seller, listing.listingId)).toMatchObject({
      quantity: 0,
      stockStatus: 'ooStock',
    });
    const events = settled.activity.map((event) => [event.kind, event.marketplace]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['sold', 'vinted'],
        ['ended', 'ebay'],
        ['end_by_hand', 'depop'],
        ['end_by_hand', 'poshmark'],
      ]),
    );
    expect(events.filter(([kind]) => kind === 'end_by_hand')).toHaveLength(2);
  });
});

describe('end_by_hand after any sale that leaves none', () => {
  it('follows an eBay sale read by the sync, for every hand-listed copy', async () => {
    const seller = await newSeller();
    const listing = await createListing(seller, {
      quantity: 1,
      listedOn: { vinted: { url: itemUrl('vinted') }, depop: { url: itemUrl('depop') } },
    });
    const ebayUser = await liveOnEbay(seller, listing);

    ebay.sell(marketplaceSku({ id: listing.listingId, sku: listing.sku }, false), 1, { username: ebayUser });
    await server.app.services.crosslisting.salesSync.syncAll();

    const events = await activityOf(seller, listing.listingId);
    expect(events).toEqual(
      expect.arrayContaining([
        ['sold', 'ebay'],
        ['end_by_hand', 'vinted'],
        ['end_by_hand', 'depop'],
      ]),
    );
    expect(events.filter(([kind]) => kind === 'end_by_hand')).toHaveLength(2);
  });

  it('follows "Mark as sold" only when it leaves none, and only once', async () => {
    const seller = await newSeller();
    const listing = await createListing(seller, {
      quantity: 2,
      listedOn: { poshmark: { url: itemUrl('poshmark') } },
    });
    const markSold = () =>
      server.call(routes.markListingSold, {
        token: seller.token,
        params: { id: listing.listingId },
        body: { marketplace: null },
      });

    expectOk(await markSold());
    expect((await activityOf(seller, listing.listingId)).filter(([kind]) => kind === 'end_by_hand')).toEqual(
      [],
    );
    expectOk(await markSold());
    expectOk(await markSold());
    expect((await activityOf(seller, listing.listingId)).filter(([kind]) => kind === 'end_by_hand')).toEqual([
      ['end_by_hand', 'poshmark'],
    ]);
  });
});
