// The seller's yes or no to a suggested brand or size (POST /api/listings/:id/suggestions): the fetch and
// the mutation hook. The answer is the updated listing, which replaces the cached one at once: the question
// disappears and, after a yes, everything the server rewrote with the fact (title, description, tags, price
// and each marketplace version) shows without another request.
import { type AnswerSuggestionRequest, type Listing, routes } from '@snaplist/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { listingQueryOptions } from '@/lib/listing-query';
import { useActiveListingStore } from '@/stores/active-listing';

export function answerSuggestion(listingId: string, answer: AnswerSuggestionRequest): Promise<Listing> {
  return callApi(routes.answerSuggestion, answer, { params: { id: listingId } });
}

/** The question was answered already (in another tab): the server has no such question any more. */
export function isAlreadyAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'suggestion_answered';
}

export function useAnswerSuggestion(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: AnswerSuggestionRequest) => answerSuggestion(listingId, answer),
    onSuccess: (listing) => {
      showListing(queryClient, listing);
      // A yes changes the title, brand, size and price the lists show; they refetch when next seen.
      void queryClient.invalidateQueries({
        queryKey: ['listings'],
        predicate: (query) => query.queryKey[1] !== listing.listingId,
      });
    },
    onError: async (error) => {
      if (!isAlreadyAnswered(error)) return;
      // Show the listing as it is now, without the stale question.
      showListing(
        queryClient,
        await queryClient.fetchQuery({ ...listingQueryOptions(listingId), staleTime: 0 }),
      );
    },
  });
}

function showListing(queryClient: QueryClient, listing: Listing): void {
  queryClient.setQueryData(listingQueryOptions(listing.listingId).queryKey, listing);
  // Right after a generation the page shows the active listing, not the query's: it must see the answer.
  const active = useActiveListingStore.getState();
  if (active.data?.listingId === listing.listingId) active.setListing(listing);
}
