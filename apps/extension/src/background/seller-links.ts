// The seller's own Vinted, Depop and Poshmark links (GET /extension/links): the only item pages the extension
// tells Snaplist about. Cached in chrome.storage.session so browsing a marketplace does not call Snaplist on
// every page; the cache goes with the session (storage.ts clears it at sign-in and sign-out).
import { type ExtensionLink, routes } from '@snaplist/contract';
import { callAsSeller } from './session';

/** A link the seller added in the web app a moment ago is recognised within this long. */
export const LINKS_MAX_AGE_MS = 5 * 60 * 1000;

const LINKS_KEY = 'links';

interface CachedLinks {
  fetchedAt: number;
  links: ExtensionLink[];
}

export async function sellerLinks(): Promise<ExtensionLink[]> {
  const cached = (await chrome.storage.session.get(LINKS_KEY))[LINKS_KEY] as CachedLinks | undefined;
  if (cached && Date.now() - cached.fetchedAt < LINKS_MAX_AGE_MS) return cached.links;
  const { links } = await callAsSeller(routes.extensionLinks);
  await chrome.storage.session.set({ [LINKS_KEY]: { fetchedAt: Date.now(), links } satisfies CachedLinks });
  return links;
}

/** After a record or a sale the list changed on the server: the next item page reads it again. */
export async function forgetSellerLinks(): Promise<void> {
  await chrome.storage.session.remove(LINKS_KEY);
}
