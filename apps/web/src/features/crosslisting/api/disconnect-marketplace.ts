// Disconnecting (DELETE /api/marketplaces/:marketplace): the server revokes and forgets the tokens; listings
// already live stay on the marketplace.
import { type PublishingMarketplace, routes } from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { showConnection } from './marketplace-connections';

export function disconnectMarketplace(marketplace: PublishingMarketplace) {
  return callApi(routes.disconnectMarketplace, undefined, { params: { marketplace } });
}

export function useDisconnectMarketplace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectMarketplace,
    onSuccess: (connection) => showConnection(queryClient, connection),
  });
}
