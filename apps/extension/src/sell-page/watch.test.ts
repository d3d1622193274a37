// The content script's watch over the tab's address on the marketplaces' test pages (jsdom), with the real
// background and a real Snaplist server: the panel on the sell form only, the new listing's link saved once
// the seller posts, and what an item page showing "sold" (at once or a moment later) leads to.
import { canonicalListingUrl, type Listing, routes } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentScriptSender } from '../testing/fake-chrome';
import { MAPPINGS } from './marketplaces';
import { closeTestPages, openTestPage, received, TEST_PAGES, type TestPageName } from './test-pages';
import { setUpSignedInSeller } from './test-seller';
import { watchPages } from './watch';

const fixture = setUpSignedInSeller();
const stops: (() => void)[] = [];
let tab = 10;

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  closeTestPages();
});

const waitLong = { timeout: 6000, interval: 50 };

/** A marketplace page in a tab of its own, watched by the content script as in the browser. */
function watch(name: TestPageName, url: string = TEST_PAGES[name], referrer?: string) {
  tab++;
  fixture().fake.sender = contentScriptSender(tab, url);
  const view = openTestPage(name, { url, ...(referrer ? { referrer } : {}) });
  const marketplace = name.split('-')[0] as keyof typeof MAPPINGS;
  stops.push(watchPages(view, MAPPINGS[marketplace]));
  const toasts = () =>
    [...view.document.querySelectorAll('snaplist-toast')].map(
      (host) => host.shadowRoot?.querySelector('p')?.textContent,
    );
  return { view, toasts };
}

async function listingNow(listingId: string): Promise<Listing> {
  const answer = await fixture().server.call(routes.getListing, {
    token: fixture().seller.token,
    params: { id: listingId },
  });
  return answer.body as Listing;
}

describe('the sell form', () => {
  it('gets the panel; other pages do not', () => {
    const form = watch('vinted-sell');
    const item = watch('vinted-item');
    expect(form.view.document.querySelectorAll('snaplist-sell-panel')).toHaveLength(1);
    expect(item.view.document.querySelector('snaplist-sell-panel')).toBeNull();
  });

  it('saves the new listing’s link once the seller posts the filled form', async () => {
    const listing = await fixture().createListing({ title: 'Posted through the panel', brand: null });
    const { view, toasts } = watch('vinted-sell');
    const root = view.document.querySelector('snaplist-sell-panel')?.shadowRoot;
    root?.querySelector<HTMLButtonElement>('.launcher')?.click();
    await vi.waitFor(() => expect(root?.querySelector('.listing')).toBeTruthy(), waitLong);
    [...(root?.querySelectorAll<HTMLButtonElement>('.listing') ?? [])]
      .find((item) => item.textContent?.includes('Posted through the panel'))
      ?.click();
    await vi.waitFor(() => expect(root?.querySelector('.report')).toBeTruthy(), {
      ...waitLong,
      timeout: 15_000,
    });
    expect(received(view).title).toBe('Posted through the panel');

    // Vinted's own button: the single-page app shows the new item at a new address, without a page load.
    view.history.pushState({}, '', '/items/4242424242-posted-through-the-panel?referrer=upload');

    await vi.waitFor(() => expect(toasts()).toEqual(['Saved to Snaplist: listed on Vinted.']), waitLong);
    expect(view.document.querySelector('snaplist-sell-panel')).toBeNull();
    expect((await listingNow(listing.listingId)).listedOn.vinted?.url).toBe(
      'https://www.vinted.co.uk/items/4242424242-posted-through-the-panel',
    );
  }, 30_000);
});

describe('an item page', () => {
  async function listedOn(url: string, stockStatus: 'inStock' | 'ooStock' = 'inStock') {
    const canonical = canonicalListingUrl(url) ?? url;
    const marketplace = new URL(url).hostname.includes('vinted')
      ? 'vinted'
      : new URL(url).hostname.includes('depop')
        ? 'depop'
        : 'poshmark';
    return fixture().createListing({ listedOn: { [marketplace]: { url: canonical } }, stockStatus });
  }

  it.each([
    ['vinted-item', 'https://www.vinted.co.uk/items/5151515151-sold-jacket'],
    ['depop-item', 'https://www.depop.com/products/snaplistseller-sold-jacket/'],
    ['poshmark-item', 'https://poshmark.com/listing/Sold-Jacket-65b2e1d3c4f5a6b7c8d9e0f1'],
  ] as const)(
    '%s showing the seller’s item sold: Snaplist counts the sale',
    async (name, url) => {
      const listing = await listedOn(url);
      const { toasts } = watch(name, `${url}?sold=1`);

      await vi.waitFor(
        () => expect(toasts()).toEqual(["Snaplist counted this sale and ends the item's other listings."]),
        waitLong,
      );
      expect((await listingNow(listing.listingId)).stockStatus).toBe('ooStock');
    },
    15_000,
  );

  it('notices a "sold" mark drawn after the page', async () => {
    const url = 'https://www.vinted.co.uk/items/6161616161-late-sold-boots';
    await listedOn(url);
    const { toasts } = watch('vinted-item', `${url}?sold=late`);

    await vi.waitFor(() => expect(toasts()).toHaveLength(1), waitLong);
    expect(toasts()).toEqual(["Snaplist counted this sale and ends the item's other listings."]);
  });

  it('asks the seller to end a copy whose item sold out elsewhere', async () => {
    const url = 'https://www.depop.com/products/snaplistseller-sold-elsewhere/';
    await listedOn(url, 'ooStock');
    const { toasts } = watch('depop-item', url);

    await vi.waitFor(
      () => expect(toasts()).toEqual(['This item sold out elsewhere: end this listing on Depop.']),
      waitLong,
    );
  });

  it('says nothing on someone else’s item, sold or not', async () => {
    const { toasts } = watch('vinted-item', 'https://www.vinted.co.uk/items/7171717171-not-mine?sold=1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(toasts()).toEqual([]);
  });

  it('tells the seller when the link of the copy they just posted could not be saved', async () => {
    fixture().fake.reset();
    const sellForm = TEST_PAGES['vinted-sell'];
    const { toasts } = watch('vinted-item', TEST_PAGES['vinted-item'], sellForm);

    await vi.waitFor(() => expect(toasts()).toHaveLength(1), waitLong);
    expect(toasts()[0]).toMatch(/^Snaplist could not save this listing's link: /);
  });
});
