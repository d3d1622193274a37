// Saving the listing form: POST /api/listings creates an inventory listing, PUT /api/listings/:id replaces
// one. Both take the contract's ListingInput (already checked in the browser) and answer the saved Listing.
import { type Listing, type ListingInput, routes } from '@snaplist/contract';
import { callApi } from '@/lib/api-client';

export function createListing(input: ListingInput): Promise<Listing> {
  return callApi(routes.createListing, input);
}

export function updateListing(id: string, input: ListingInput): Promise<Listing> {
  return callApi(routes.updateListing, input, { params: { id } });
}
