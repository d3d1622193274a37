// Finishing a connection (POST /api/marketplaces/:marketplace/callback) with what the marketplace appended to
// the callback page's address. The answer is the new connection, which the Settings page shows at once.
import { type CompleteConnectionRequest, type PublishingMarketplace, routes } from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { showConnection } from './marketplace-connections';

export interface CompleteConnectionVariables {
  marketplace: PublishingMarketplace;
  request: CompleteConnectionRequest;
}

export function completeConnection({ marketplace, request }: CompleteConnectionVariables) {
  return callApi(routes.completeMarketplaceConnection, request, { params: { marketplace } });
}

export function useCompleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeConnection,
    onSuccess: (connection) => showConnection(queryClient, connection),
  });
}
