// Deleting from the inventory: one listing (DELETE /api/listings/:id) or the selected ones together
// (POST /api/listings/delete, at most 100 ids a request). The deleted rows leave the loaded lists at once.
import { routes } from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { isNotFound } from '@/lib/listing-query';
import { removeFromListingPages } from './list-listings';

/** DeleteListingsRequestSchema's maximum. */
const IDS_PER_REQUEST = 100;

export async function deleteListing(id: string): Promise<string[]> {
  try {
    await callApi(routes.deleteListing, undefined, { params: { id } });
    return [id];
  } catch (error) {
    // Already gone (deleted in another tab): what the seller asked for is true.
    if (isNotFound(error)) return [id];
    throw error;
  }
}

/**
 * Deletes in requests of 100. If a later request fails, the ones already deleted still leave the lists
 * before the error reaches the seller.
 */
export async function deleteListings(
  ids: readonly string[],
  onDeleted: (ids: string[]) => void = () => {},
): Promise<string[]> {
  const deleted: string[] = [];
  try {
    for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
      const chunk = ids.slice(start, start + IDS_PER_REQUEST);
      // The answer's deletedIds may leave out ids that were already gone or never the seller's: none of
      // them is on the server for this seller any more, so every requested id leaves the list.
      await callApi(routes.deleteListings, { ids: chunk });
      deleted.push(...chunk);
    }
  } catch (error) {
    if (deleted.length > 0) onDeleted(deleted);
    throw error;
  }
  return deleted;
}

/** Deletes one listing (its own route) or several; resolves with the ids that left the lists. */
export function useDeleteListings() {
  const queryClient = useQueryClient();
  const forget = (ids: readonly string[]) => removeFromListingPages(queryClient, ids);
  return useMutation({
    mutationFn: ({ ids }: { ids: readonly string[] }) => {
      const [only] = ids;
      return ids.length === 1 && only !== undefined ? deleteListing(only) : deleteListings(ids, forget);
    },
    onSuccess: (ids) => forget(ids),
  });
}
