// Marketplaces are single-page apps: posting the form, or opening an item, changes the address without loading
// a new page. So the content script looks at the address once a second, only while its tab is visible and only
// on these marketplaces' sites, and reacts to a change: the panel on the sell form, a report on an item page.
import { canonicalListingUrl } from '@snaplist/contract/marketplaces';
import { reportItemPage, showsSold } from './item-page';
import type { MarketplaceMapping } from './marketplaces/types';
import { mountPanel, type Panel } from './panel';

const CHECK_EVERY_MS = 1000;
/** An item page can draw its "sold" mark after its address changes; it is looked for this long. */
const SOLD_WATCH_MS = 10_000;

interface ItemPage {
  url: string;
  since: number;
  soldReported: boolean;
}

/** Starts watching the tab's address; returns what stops it. */
export function watchPages(win: Window & typeof globalThis, mapping: MarketplaceMapping): () => void {
  const doc = win.document;
  let seenHref: string | null = null;
  let panel: Panel | null = null;
  let item: ItemPage | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  // The next item page is the copy the seller just posted: after a fill in this page, or when this page was
  // opened from the sell form (the marketplace navigated there after posting).
  let expectingNewCopy = isSellFormAddress(doc.referrer, mapping);

  function onAddress(url: URL): void {
    if (mapping.isSellForm(url.pathname)) {
      panel ??= mountPanel(doc, mapping, { onFilled: () => (expectingNewCopy = true) });
    } else {
      panel?.unmount();
      panel = null;
    }
    item = null;
    const canonical = mapping.isItemPage(url.pathname) ? canonicalListingUrl(url.href) : null;
    if (!canonical) return;
    const sold = showsSold(doc, mapping);
    item = { url: canonical, since: Date.now(), soldReported: sold };
    void reportItemPage(doc, mapping, canonical, sold, expectingNewCopy);
    expectingNewCopy = false;
  }

  function check(): void {
    if (win.location.href !== seenHref) {
      seenHref = win.location.href;
      onAddress(new URL(seenHref));
    }
    if (item && !item.soldReported && Date.now() - item.since <= SOLD_WATCH_MS && showsSold(doc, mapping)) {
      item.soldReported = true;
      void reportItemPage(doc, mapping, item.url, true, false);
    }
  }

  function start(): void {
    check();
    timer ??= setInterval(check, CHECK_EVERY_MS);
  }

  function pause(): void {
    clearInterval(timer);
    timer = undefined;
  }

  const onVisibility = () => (doc.visibilityState === 'visible' ? start() : pause());
  doc.addEventListener('visibilitychange', onVisibility);
  if (doc.visibilityState === 'visible') start();

  return () => {
    pause();
    doc.removeEventListener('visibilitychange', onVisibility);
    panel?.unmount();
  };
}

function isSellFormAddress(address: string, mapping: MarketplaceMapping): boolean {
  try {
    return mapping.isSellForm(new URL(address).pathname);
  } catch {
    return false;
  }
}
