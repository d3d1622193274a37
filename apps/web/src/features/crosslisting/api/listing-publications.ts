// Where one listing is published and what happened to it (GET /api/listings/:id/publications). While a copy is
// on its way (queued, publishing, ending) the answer is asked for again every 2 s; once every copy has
// settled (live, failed, ended, sold) polling stops.
import {
  type Publication,
  type PublicationStatus,
  type PublicationsResponse,
  routes,
} from '@snaplist/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const PUBLICATION_POLL_MS = 2000;

/** Statuses a job is still working on: the server changes them without the seller doing anything. */
const IN_PROGRESS: readonly PublicationStatus[] = ['queued', 'publishing', 'ending'];

export function isInProgress(publication: Publication): boolean {
  return IN_PROGRESS.includes(publication.status);
}

export function getListingPublications(
  listingId: string,
  signal?: AbortSignal,
): Promise<PublicationsResponse> {
  return callApi(
    routes.listingPublications,
    undefined,
    signal ? { params: { id: listingId }, signal } : { params: { id: listingId } },
  );
}

export function listingPublicationsQueryOptions(listingId: string) {
  return queryOptions({
    // Under the listing's own key, so whatever refreshes the listing refreshes this too.
    queryKey: ['listings', listingId, 'publications'],
    queryFn: ({ signal }) => getListingPublications(listingId, signal),
    refetchInterval: (query) =>
      query.state.data?.publications.some(isInProgress) ? PUBLICATION_POLL_MS : false,
  });
}

export function useListingPublications(listingId: string) {
  return useQuery(listingPublicationsQueryOptions(listingId));
}

/** Publishing and marking sold answer the publications as they now are; polling picks up from there. */
export function showPublications(
  queryClient: QueryClient,
  listingId: string,
  publications: PublicationsResponse,
): void {
  queryClient.setQueryData(listingPublicationsQueryOptions(listingId).queryKey, publications);
  // The dashboard's recent activity has new events.
  void queryClient.invalidateQueries({ queryKey: ['activity'] });
}
