// "Mark as sold" (POST /api/listings/:id/sold): one sold, on a marketplace Snaplist publishes to or
// elsewhere (null). The server lowers the quantity and, with none left, ends the listing everywhere else; the
// listing's quantity and stock status change with it.
import { type PublishingMarketplace, routes } from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingQueryOptions } from '@/lib/listing-query';
import { showPublications } from './listing-publications';

export function markListingSold(listingId: string, marketplace: PublishingMarketplace | null) {
  return callApi(routes.markListingSold, { marketplace }, { params: { id: listingId } });
}

export function useMarkListingSold(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marketplace: PublishingMarketplace | null) => markListingSold(listingId, marketplace),
    onSuccess: (publications) => {
      showPublications(queryClient, listingId, publications);
      void queryClient.invalidateQueries({ queryKey: listingQueryOptions(listingId).queryKey, exact: true });
    },
  });
}
