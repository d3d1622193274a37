// The content script's watch over the tab on the marketplaces' stand-in pages (jsdom; built from the evidence of
// the real pages), with the real background and a real Snaplist server: the panel on the sell form only; the new
// item's link saved from the page each marketplace lands on after the seller pressed the filled form's own post
// button (and only then); and the items a page shows sold.
import type { ExtensionMarketplace, Listing, ListingInput } from '@snaplist/contract';
import { routes } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentScriptSender } from '../testing/fake-chrome';
import { fillForm } from './fill';
import { press } from './form/page';
import { MAPPINGS } from './marketplaces';
import { armPostWatch } from './posted';
import {
  closeTestPages,
  openTestPage,
  received,
  sessionStorageOf,
  TEST_PAGES,
  type TestPageName,
  type TestPageOptions,
} from './test-pages';
import { setUpSignedInSeller } from './test-seller';
import { watchPages } from './watch';

const fixture = setUpSignedInSeller();
const stops: (() => void)[] = [];
let tab = 10;

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  closeTestPages();
});

const waitLong = { timeout: 8000, interval: 50 };

/** A marketplace page in tab `tabId`, watched by the content script as in the browser. */
function watch(name: TestPageName, options: TestPageOptions & { tabId?: number } = {}) {
  const tabId = options.tabId ?? ++tab;
  const url = options.url ?? TEST_PAGES[name];
  fixture().fake.sender = contentScriptSender(tabId, url);
  const view = openTestPage(name, { ...options, url });
  const marketplace = name.split('-')[0] as ExtensionMarketplace;
  stops.push(watchPages(view, MAPPINGS[marketplace]));
  const toasts = () =>
    [...view.document.querySelectorAll('snaplist-toast')].map(
      (host) => host.shadowRoot?.querySelector('p')?.textContent,
    );
  return { view, toasts, tabId };
}

async function listingNow(listingId: string): Promise<Listing> {
  const answer = await fixture().server.call(routes.getListing, {
    token: fixture().seller.token,
    params: { id: listingId },
  });
  return answer.body as Listing;
}

const DRESS: Partial<ListingInput> = {
  title: 'Zara floral midi dress',
  description: 'Floral midi dress, worn twice.',
  category: 'Dresses',
  brand: 'Zara',
  size: 'M',
  colours: ['Black'],
  condition: 'Very good',
  price: 4500,
  currency: 'GBP',
};

/**
 * The seller fills the sell form in a tab from a new listing and presses the form's own post button; the page
 * then tries to go to its landing page (jsdom does not navigate), and what it left in the tab's storage is returned.
 */
async function fillAndPost(
  marketplace: ExtensionMarketplace,
  overrides: Partial<ListingInput>,
  postButton: (doc: Document) => Element | null,
) {
  const listing = await fixture().createListing({ ...DRESS, ...overrides });
  const page = watch(`${marketplace}-sell` as TestPageName, {
    url: `${TEST_PAGES[`${marketplace}-sell` as TestPageName]}?delay=50`,
  });
  const prepared = await fixture().prepareFill(
    listing.listingId,
    marketplace,
    TEST_PAGES[`${marketplace}-sell` as TestPageName],
    page.tabId,
  );
  const doc = page.view.document;
  await fillForm(doc, MAPPINGS[marketplace], prepared.listing, prepared.photos, {
    waitMs: 1500,
    networkWaitMs: 3000,
  });
  stops.push(armPostWatch(doc, MAPPINGS[marketplace], prepared.listing.title));
  const button = postButton(doc);
  if (!button) throw new Error('No post button on the page');
  press(button);
  return { listing, tabId: page.tabId, storage: sessionStorageOf(page.view), form: received(page.view) };
}

describe('the sell form', () => {
  it('gets the panel; other pages do not', () => {
    const form = watch('vinted-sell');
    const item = watch('vinted-item');
    expect(form.view.document.querySelectorAll('snaplist-sell-panel')).toHaveLength(1);
    expect(item.view.document.querySelector('snaplist-sell-panel')).toBeNull();
  });

  it('fills the form from the listing the seller chose in the panel, asking whose it is when the words do not say', async () => {
    await fixture().createListing({
      ...DRESS,
      title: 'Chosen in the panel',
      description: 'Straight leg.',
      category: 'Bottoms',
      tags: ['jeans'],
      size: 'UK 10',
    });
    const { view } = watch('vinted-sell', { url: `${TEST_PAGES['vinted-sell']}?delay=50` });
    const root = view.document.querySelector('snaplist-sell-panel')?.shadowRoot;
    root?.querySelector<HTMLButtonElement>('.launcher')?.click();
    await vi.waitFor(() => expect(root?.querySelector('.listing')).toBeTruthy(), waitLong);
    [...(root?.querySelectorAll<HTMLButtonElement>('.listing') ?? [])]
      .find((item) => item.textContent?.includes('Chosen in the panel'))
      ?.click();
    await vi.waitFor(() => expect(root?.querySelector('.department')).toBeTruthy(), waitLong);
    expect(root?.querySelector('.department h3')?.textContent).toBe('Who is this item for?');
    [...(root?.querySelectorAll<HTMLButtonElement>('.department button') ?? [])]
      .find((button) => button.textContent === 'Women')
      ?.click();
    await vi.waitFor(() => expect(root?.querySelector('.report')).toBeTruthy(), {
      ...waitLong,
      timeout: 20_000,
    });
    expect(received(view)).toMatchObject({
      title: 'Chosen in the panel',
      category: { path: ['Women', 'Clothing', 'Jeans', 'Straight jeans'] },
      brand: 'Zara',
      size: 'UK 10',
    });
  }, 30_000);
});

describe('after the seller posts a filled form', () => {
  it('Vinted: the new item’s address from the member page it lands on, without its slug', async () => {
    const posted = await fillAndPost('vinted', {}, (doc) =>
      doc.querySelector('[data-testid="upload-form-save-button"]'),
    );
    const uploaded = JSON.parse(posted.storage['vinted-standin:uploaded'] ?? '{}') as { id: number };
    expect(uploaded.id).toBeGreaterThan(0);

    const landing = watch('vinted-member', { tabId: posted.tabId, sessionStorage: posted.storage });
    await vi.waitFor(
      () => expect(landing.toasts()).toEqual(['Saved to Snaplist: listed on Vinted.']),
      waitLong,
    );
    expect((await listingNow(posted.listing.listingId)).listedOn.vinted?.url).toBe(
      `https://www.vinted.co.uk/items/${uploaded.id}`,
    );
  }, 30_000);

  it('Depop: the item behind the /manage/ page it lands on', async () => {
    const posted = await fillAndPost('depop', {}, (doc) => doc.querySelector('button[type="submit"]'));
    const stored = JSON.parse(posted.storage['depop-standin:listing'] ?? '{}') as { slug: string };

    const landing = watch('depop-product', {
      tabId: posted.tabId,
      url: `https://www.depop.com/products/${stored.slug}/manage/`,
      sessionStorage: posted.storage,
    });
    await vi.waitFor(
      () => expect(landing.toasts()).toEqual(['Saved to Snaplist: listed on Depop.']),
      waitLong,
    );
    expect((await listingNow(posted.listing.listingId)).listedOn.depop?.url).toBe(
      `https://www.depop.com/products/${stored.slug}`,
    );
  }, 30_000);

  it('Poshmark: the listing Poshmark names in the closet it lands on, once its tile shows', async () => {
    const posted = await fillAndPost(
      'poshmark',
      { currency: 'USD', title: 'Zara floral midi dress' },
      (doc) => {
        press(doc.querySelector('button[data-et-name="next"]') as Element);
        return doc.querySelector('button[data-et-name="list"]');
      },
    );
    const listings = JSON.parse(posted.storage['poshmark-standin:listings'] ?? '[]') as { id: string }[];
    const id = listings.at(-1)?.id ?? '';

    const landing = watch('poshmark-closet', {
      tabId: posted.tabId,
      url: `https://poshmark.com/closet/thriftcloset?created_listing_id=${id}`,
      sessionStorage: posted.storage,
    });
    await vi.waitFor(
      () => expect(landing.toasts()).toEqual(['Saved to Snaplist: listed on Poshmark.']),
      waitLong,
    );
    expect((await listingNow(posted.listing.listingId)).listedOn.poshmark?.url).toBe(
      `https://poshmark.com/listing/Zara-floral-midi-dress-${id}`,
    );
  }, 30_000);

  it('a landing page the seller opens without pressing post saves nothing', async () => {
    const listing = await fixture().createListing(DRESS);
    const { tabId } = watch('vinted-sell');
    await fixture().prepareFill(listing.listingId, 'vinted', TEST_PAGES['vinted-sell'], tabId);
    const landing = watch('vinted-member', { tabId });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(landing.toasts()).toEqual([]);
    expect((await listingNow(listing.listingId)).listedOn).toEqual({});
  });

  it('says so when the page after posting never shows the new item', async () => {
    const listing = await fixture().createListing(DRESS);
    const posted = JSON.stringify({ title: 'A title no item on the page has', at: Date.now() });
    const { tabId } = watch('vinted-sell');
    await fixture().prepareFill(listing.listingId, 'vinted', TEST_PAGES['vinted-sell'], tabId);
    const landing = watch('vinted-member', {
      tabId,
      url: 'https://www.vinted.co.uk/member/91827364',
      sessionStorage: { 'snaplist:posted': posted },
    });
    await vi.waitFor(() => expect(landing.toasts()).toHaveLength(1), { ...waitLong, timeout: 15_000 });
    expect(landing.toasts()[0]).toBe(
      'Posted on Vinted, but the new listing’s address did not show: add its link to the listing in Snaplist.',
    );
  }, 20_000);
});

describe('pages that show items sold', () => {
  async function listedOn(
    marketplace: ExtensionMarketplace,
    url: string,
    stockStatus: 'inStock' | 'ooStock' = 'inStock',
  ) {
    return fixture().createListing({ listedOn: { [marketplace]: { url } }, stockStatus });
  }

  it('a Vinted item page whose status says sold: Snaplist counts the sale', async () => {
    const listing = await listedOn('vinted', 'https://www.vinted.co.uk/items/5151515151');
    const { toasts } = watch('vinted-item', {
      url: 'https://www.vinted.co.uk/items/5151515151-sold-jacket?sold=1',
    });
    await vi.waitFor(
      () => expect(toasts()).toEqual(["Snaplist counted this sale and ends the item's other listings."]),
      waitLong,
    );
    expect((await listingNow(listing.listingId)).stockStatus).toBe('ooStock');
  }, 15_000);

  it('notices a status that turns sold after the page', async () => {
    await listedOn('vinted', 'https://www.vinted.co.uk/items/6161616161');
    const { toasts } = watch('vinted-item', {
      url: 'https://www.vinted.co.uk/items/6161616161-boots?sold=late',
    });
    await vi.waitFor(() => expect(toasts()).toHaveLength(1), waitLong);
    expect(toasts()).toEqual(["Snaplist counted this sale and ends the item's other listings."]);
  });

  it('Poshmark’s closet filtered to sold items: the seller’s own sold listing is counted', async () => {
    const closet = openTestPage('poshmark-closet', {
      url: 'https://poshmark.com/closet/thriftcloset?availability=sold_out',
    });
    const sold = MAPPINGS.poshmark.soldItems(closet.document, new URL(closet.location.href));
    expect(sold.length).toBeGreaterThan(0);
    const listing = await listedOn('poshmark', sold[0] ?? '');
    const { toasts } = watch('poshmark-closet', {
      url: 'https://poshmark.com/closet/thriftcloset?availability=sold_out',
    });
    await vi.waitFor(
      () => expect(toasts()).toEqual(["Snaplist counted this sale and ends the item's other listings."]),
      waitLong,
    );
    expect((await listingNow(listing.listingId)).stockStatus).toBe('ooStock');
  }, 15_000);

  it('asks the seller to end a Depop copy whose item sold out elsewhere', async () => {
    const url = 'https://www.depop.com/products/snaplistseller-sold-elsewhere-ab12';
    await listedOn('depop', url, 'ooStock');
    const { toasts } = watch('depop-product', { url: `${url}/` });
    await vi.waitFor(
      () => expect(toasts()).toEqual(['This item sold out elsewhere: end this listing on Depop.']),
      waitLong,
    );
  });

  it('says nothing on someone else’s item, sold or not', async () => {
    const { toasts } = watch('vinted-item', {
      url: 'https://www.vinted.co.uk/items/7171717171-not-mine?sold=1',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(toasts()).toEqual([]);
  });
});
