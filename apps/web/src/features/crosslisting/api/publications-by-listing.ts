// Several listings' publications in one request (POST /api/listings/publications, decision 036): the inventory's
// status badges and a bulk publish's progress. Asked in groups of at most 100 listings, each group polled every
// 2 s while one of its copies is on its way, and left alone once every copy has settled.
import {
  MAX_PUBLICATION_LISTINGS,
  type Publication,
  type PublicationsByListingResponse,
  routes,
} from '@snaplist/contract';
import { type QueryClient, type QueryObserverResult, queryOptions, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '@/lib/api-client';
import { isInProgress, PUBLICATION_POLL_MS } from './listing-publications';

export type PublicationsOf = ReadonlyMap<string, readonly Publication[]>;

export function getPublicationsByListing(
  listingIds: readonly string[],
  signal?: AbortSignal,
): Promise<PublicationsByListingResponse> {
  return callApi(routes.publicationsByListing, { listingIds: [...listingIds] }, signal ? { signal } : {});
}

const QUERY_KEY_ROOT = 'publications-by-listing';

export function publicationsByListingQueryOptions(listingIds: readonly string[]) {
  return queryOptions({
    queryKey: [QUERY_KEY_ROOT, listingIds],
    queryFn: ({ signal }) => getPublicationsByListing(listingIds, signal),
    refetchInterval: (query) =>
      query.state.data?.listings.some((entry) => entry.publications.some(isInProgress))
        ? PUBLICATION_POLL_MS
        : false,
  });
}

/** The ids in groups the route accepts, each group sorted so the same listings share one cache entry. */
export function listingGroups(listingIds: readonly string[]): string[][] {
  const unique = [...new Set(listingIds)].sort();
  const groups: string[][] = [];
  for (let start = 0; start < unique.length; start += MAX_PUBLICATION_LISTINGS) {
    groups.push(unique.slice(start, start + MAX_PUBLICATION_LISTINGS));
  }
  return groups;
}

function byListing(results: QueryObserverResult<PublicationsByListingResponse>[]): PublicationsOf {
  const publications = new Map<string, readonly Publication[]>();
  for (const result of results) {
    for (const entry of result.data?.listings ?? []) publications.set(entry.listingId, entry.publications);
  }
  return publications;
}

/** The publications of each listing, by listing id; a listing not answered yet is not in the map. */
export function usePublicationsByListing(listingIds: readonly string[]): PublicationsOf {
  const groups = useMemo(() => listingGroups(listingIds), [listingIds]);
  return useQueries({ queries: groups.map(publicationsByListingQueryOptions), combine: byListing });
}

/**
 * A publish answers the listing's publications as they now are: every cached group with that listing shows them
 * at once, and polls from there while they are on their way.
 */
export function showInGroups(
  queryClient: QueryClient,
  listingId: string,
  publications: readonly Publication[],
): void {
  queryClient.setQueriesData<PublicationsByListingResponse>({ queryKey: [QUERY_KEY_ROOT] }, (current) =>
    current?.listings.some((entry) => entry.listingId === listingId)
      ? {
          listings: current.listings.map((entry) =>
            entry.listingId === listingId ? { listingId, publications: [...publications] } : entry,
          ),
        }
      : current,
  );
}
