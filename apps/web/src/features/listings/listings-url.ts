// Where the listings page keeps its state in the URL, so reload and Back return to the same tab and search,
// and the links it makes into the listing editor (sourceId, and editing=yes to edit).
import { LISTING_TYPES, type ListingType } from '@snaplist/contract';
import { paths } from '@/lib/paths';

export const TAB_PARAM = 'tab';
export const SEARCH_PARAM = 'q';
export const DEFAULT_TAB: ListingType = 'generations';

/** The tab a ?tab= value names; anything else is the default, Generations. */
export function parseTab(value: string | null): ListingType {
  return (LISTING_TYPES as readonly string[]).includes(value ?? '') ? (value as ListingType) : DEFAULT_TAB;
}

/** The same search parameters with the tab and search changed; defaults are left out of the URL. */
export function withListingsState(
  params: URLSearchParams,
  changes: { tab?: ListingType; search?: string },
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (changes.tab !== undefined) {
    if (changes.tab === DEFAULT_TAB) next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, changes.tab);
  }
  if (changes.search !== undefined) {
    if (changes.search === '') next.delete(SEARCH_PARAM);
    else next.set(SEARCH_PARAM, changes.search);
  }
  return next;
}

/** List Item: a new inventory listing prefilled from a generated one. */
export function listItemPath(listingId: string): string {
  return `${paths.dashboard.createListing}?sourceId=${encodeURIComponent(listingId)}`;
}

/** Edit: the inventory listing itself, in edit mode. */
export function editListingPath(listingId: string): string {
  return `${listItemPath(listingId)}&editing=yes`;
}
