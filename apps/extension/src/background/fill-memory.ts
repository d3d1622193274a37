// Which listing a tab was just filled from, so the item page the marketplace opens after the seller posts the
// form can be recorded as that listing's copy. Kept in chrome.storage.session: the service worker may be
// stopped between the fill and the post.
import type { ExtensionMarketplace } from '@snaplist/contract';

/** Long enough to check a form and upload photos; a tab filled earlier than this was given up on. */
export const FILL_MEMORY_MS = 2 * 60 * 60 * 1000;

export interface RememberedFill {
  listingId: string;
  listingTitle: string;
  marketplace: ExtensionMarketplace;
  /** When the tab was filled (epoch milliseconds). */
  at: number;
}

function fillKey(tabId: number): string {
  return `fill:${tabId}`;
}

export async function rememberFill(tabId: number, fill: RememberedFill): Promise<void> {
  await chrome.storage.session.set({ [fillKey(tabId)]: fill });
}

/** The tab's fill, unless it expired (then it is forgotten). */
export async function rememberedFill(tabId: number): Promise<RememberedFill | null> {
  const key = fillKey(tabId);
  const fill = (await chrome.storage.session.get(key))[key] as RememberedFill | undefined;
  if (!fill) return null;
  if (Date.now() - fill.at > FILL_MEMORY_MS) {
    await forgetFill(tabId);
    return null;
  }
  return fill;
}

export async function forgetFill(tabId: number): Promise<void> {
  await chrome.storage.session.remove(fillKey(tabId));
}
