// The listings page's pages: without a search, the server's opaque keyset cursor;
// with one, an offset growing by SEARCH_PAGE_STEP. Both become one page shape, so the page pages the same
// way either way, and the done flag ends Load more.
import {
  DEFAULT_PRODUCT,
  type ListingSummary,
  type ListingType,
  routes,
  SEARCH_PAGE_STEP,
} from '@snaplist/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError, callApi } from '@/lib/api-client';
import { errorText, issueText } from '@/lib/errors';

/** The cursor of the next page (null for the first), or with a search, its offset. */
export type PageParam = string | number | null;

export interface ListingsPage {
  data: ListingSummary[];
  done: boolean;
  /** What asks for the page after this one; null once done. */
  next: PageParam;
}

export type ListingsPages = InfiniteData<ListingsPage, PageParam>;

/**
 * ['listings', { list, search }]: under 'listings' so invalidating ['listings'] refreshes every list, and
 * an object (never a listing id, which is a string) so a list never collides with ['listings', id].
 */
export function listingsQueryKey(type: ListingType, search: string) {
  return ['listings', { list: type, search }] as const;
}

function isListKey(queryKey: readonly unknown[]): boolean {
  const [root, list] = queryKey;
  return root === 'listings' && typeof list === 'object' && list !== null && 'list' in list;
}

export async function fetchListingsPage(
  type: ListingType,
  search: string,
  pageParam: PageParam,
  signal?: AbortSignal,
): Promise<ListingsPage> {
  const options = signal ? { signal } : {};
  if (search !== '') {
    const searchOffset = typeof pageParam === 'number' ? pageParam : 0;
    const page = await callApi(
      routes.searchListings,
      { searchOffset, searchString: search, type, product: DEFAULT_PRODUCT },
      options,
    );
    return { data: page.data, done: page.done, next: page.done ? null : searchOffset + SEARCH_PAGE_STEP };
  }
  const cursor = typeof pageParam === 'string' ? pageParam : null;
  const page = await callApi(routes.listListings, { cursor, product: DEFAULT_PRODUCT, type }, options);
  // A page that is not done always carries a cursor; without one there is nothing to ask for.
  const done = page.done || page.cursor === null;
  return { data: page.data, done, next: done ? null : page.cursor };
}

export function listingsQueryOptions(type: ListingType, search: string) {
  return infiniteQueryOptions({
    queryKey: listingsQueryKey(type, search),
    queryFn: ({ pageParam, signal }) => fetchListingsPage(type, search, pageParam, signal),
    initialPageParam: (search === '' ? null : 0) as PageParam,
    getNextPageParam: (lastPage) => (lastPage.done ? undefined : lastPage.next),
  });
}

export function useListingsPages(type: ListingType, search: string) {
  return useInfiniteQuery(listingsQueryOptions(type, search));
}

/**
 * Takes deleted listings out of every loaded list, without asking again. A search's next offset moves back
 * by as many as left the loaded pages, or the next page would skip that many; a keyset cursor needs nothing.
 */
export function removeFromListingPages(queryClient: QueryClient, ids: readonly string[]): void {
  const gone = new Set(ids);
  queryClient.setQueriesData<ListingsPages>({ predicate: (query) => isListKey(query.queryKey) }, (pages) => {
    if (!pages) return pages;
    let removed = 0;
    const kept = pages.pages.map((page) => {
      const data = page.data.filter((listing) => !gone.has(listing.listingId));
      removed += page.data.length - data.length;
      return { ...page, data };
    });
    if (removed === 0) return pages;
    const last = kept.length - 1;
    return {
      ...pages,
      pages: kept.map((page, index) =>
        index === last && typeof page.next === 'number'
          ? { ...page, next: Math.max(0, page.next - removed) }
          : page,
      ),
    };
  });
  for (const id of ids) queryClient.removeQueries({ queryKey: ['listings', id], exact: true });
}

/** The alert text for a failed list or search, in the seller's language. */
export function listErrorText(error: unknown, t: TFunction): string {
  // A cursor the server refuses (the list changed under it) is a 400 bad_request naming its field.
  const cursorIssue =
    error instanceof ApiError ? error.details?.find((issue) => issue.code === 'cursor_invalid') : undefined;
  return cursorIssue ? issueText(cursorIssue, t) : errorText(error, t);
}
