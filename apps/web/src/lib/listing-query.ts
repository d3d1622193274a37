// One listing by id (GET /api/listings/:id): the fetch, its query options and the hook, side by side.
import { type Listing, routes } from '@snaplist/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';

export function getListing(id: string, signal?: AbortSignal): Promise<Listing> {
  return callApi(routes.getListing, undefined, signal ? { params: { id }, signal } : { params: { id } });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'not_found');
}

export function listingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['listings', id],
    queryFn: ({ signal }) => getListing(id, signal),
    // A missing listing stays missing: asking again only delays the way back to the list.
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

export function useListing(id: string, options: { enabled: boolean }) {
  return useQuery({ ...listingQueryOptions(id), enabled: options.enabled });
}
