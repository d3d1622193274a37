// The seller's listings for the sell page's picker: a page of the list, or of a search when the seller typed
// one. The search route pages by offset; the picker only ever passes back the cursor it was given.
import { type ListingSummary, type ListingType, routes } from '@snaplist/contract';
import type { ListingsPage } from '../messages';
import { downloadPhoto } from './fill';
import { callAsSeller, sellerServer } from './session';

/** A thumbnail is a few kilobytes; one that takes longer than this is left out rather than holding the list. */
const THUMBNAIL_TIMEOUT_MS = 5_000;

/** The page's thumbnails as data URLs; one that cannot be read is left out (the picker shows a blank square). */
async function thumbnailsOf(listings: readonly ListingSummary[]): Promise<Record<string, string>> {
  const server = await sellerServer();
  const entries = await Promise.all(
    listings.map(async ({ listingId, thumbnailUrl }) => {
      if (!thumbnailUrl) return null;
      try {
        return [
          listingId,
          (await downloadPhoto(server, thumbnailUrl, THUMBNAIL_TIMEOUT_MS)).dataUrl,
        ] as const;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

export async function listingsPage(
  listingType: ListingType,
  search: string,
  cursor: string | null,
): Promise<ListingsPage> {
  const searchString = search.trim();
  if (searchString === '') {
    const page = await callAsSeller(routes.listListings, {
      body: { cursor, product: 'crosslister', type: listingType },
    });
    return {
      listings: page.data,
      thumbnails: await thumbnailsOf(page.data),
      cursor: page.cursor,
      done: page.done,
    };
  }
  const searchOffset = cursor === null ? 0 : Number.parseInt(cursor, 10) || 0;
  const page = await callAsSeller(routes.searchListings, {
    body: { searchOffset, searchString, type: listingType, product: 'crosslister' },
  });
  return {
    listings: page.data,
    thumbnails: await thumbnailsOf(page.data),
    cursor: page.done ? null : String(searchOffset + page.data.length),
    done: page.done,
  };
}
