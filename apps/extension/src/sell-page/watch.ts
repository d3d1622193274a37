// Marketplaces are single-page apps: posting the form, or opening an item, may change the address without loading
// a new page. So the content script looks at the address once a second, only while its tab is visible and only on
// these marketplaces' sites, and reacts to a change: the panel on the sell form; after the seller pressed the
// filled form's own post button, the new item's address from the page the marketplace lands on; and the items a
// page shows sold.
import { reportItemPage } from './item-page';
import type { MarketplaceMapping } from './marketplaces/types';
import { mountPanel, type Panel } from './panel';
import { armPostWatch, clearPosted, postedInThisTab } from './posted';

const CHECK_EVERY_MS = 1000;
/** A page can draw its "sold" mark, or the new item's link, after its address changes: looked for this long. */
const LATE_MARK_MS = 10_000;

/** Starts watching the tab's address; returns what stops it. */
export function watchPages(win: Window & typeof globalThis, mapping: MarketplaceMapping): () => void {
  const doc = win.document;
  let seenHref: string | null = null;
  let panel: Panel | null = null;
  let stopPostWatch: (() => void) | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Sold items already reported from this address, and until when late marks are looked for. */
  let soldSeen = new Set<string>();
  let lookUntil = 0;
  let currentUrl: URL | null = null;

  function onAddress(url: URL): void {
    currentUrl = url;
    soldSeen = new Set();
    lookUntil = Date.now() + LATE_MARK_MS;
    if (mapping.isSellForm(url.pathname)) {
      panel ??= mountPanel(doc, mapping, {
        onFilled: (title) => {
          stopPostWatch?.();
          stopPostWatch = armPostWatch(doc, mapping, title);
        },
      });
    } else {
      panel?.unmount();
      panel = null;
      stopPostWatch?.();
      stopPostWatch = null;
    }
    void reportJustPosted(url);
    reportSold(url);
    const address = mapping.isItemPage(url.pathname) ? mapping.itemAddress(url) : null;
    if (address && !soldSeen.has(address)) void reportItemPage(doc, mapping, address, false, false);
  }

  /** The page after the seller posted a filled form in this tab: the new item's address is recorded once. */
  async function reportJustPosted(url: URL): Promise<void> {
    const posted = postedInThisTab(win);
    if (!posted) return;
    const landing = mapping.posting.isLanding(url);
    const itemPage = mapping.isItemPage(url.pathname);
    if (!landing && !itemPage) return;
    clearPosted(win);
    const address = itemPage
      ? mapping.itemAddress(url)
      : await mapping.posting.newItemUrl(doc, posted, LATE_MARK_MS);
    await reportItemPage(doc, mapping, address, false, true);
  }

  function reportSold(url: URL): void {
    for (const address of mapping.soldItems(doc, url)) {
      if (soldSeen.has(address)) continue;
      soldSeen.add(address);
      void reportItemPage(doc, mapping, address, true, false);
    }
  }

  function check(): void {
    if (win.location.href !== seenHref) {
      seenHref = win.location.href;
      onAddress(new URL(seenHref));
    } else if (currentUrl && Date.now() <= lookUntil) {
      reportSold(currentUrl);
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
    stopPostWatch?.();
    panel?.unmount();
  };
}
