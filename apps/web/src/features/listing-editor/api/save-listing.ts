// Saving the listing form: POST /api/listings creates an inventory listing, PUT /api/listings/:id replaces
// one. Both take the contract's ListingInput (already checked in the browser) and answer the saved Listing,
// which the mutation hook puts in the cache for the pages that show it.
import { type Listing, type ListingInput, routes } from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingQueryOptions } from '@/lib/listing-query';

export function createListing(input: ListingInput): Promise<Listing> {
  return callApi(routes.createListing, input);
}

export function updateListing(id: string, input: ListingInput): Promise<Listing> {
  return callApi(routes.updateListing, input, { params: { id } });
}

export interface SaveListingVariables {
  /** The inventory listing to replace; null creates a new one. */
  listingId: string | null;
  input: ListingInput;
}

export function saveListing({ listingId, input }: SaveListingVariables): Promise<Listing> {
  return listingId === null ? createListing(input) : updateListing(listingId, input);
}

export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListing,
    onSuccess: (saved) => {
      // Every list of listings is out of date now; this one is known, so its page needs no fetch.
      void queryClient.invalidateQueries({ queryKey: ['listings'], refetchType: 'none' });
      queryClient.setQueryData(listingQueryOptions(saved.listingId).queryKey, saved);
    },
  });
}
