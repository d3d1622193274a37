// Finishing a connection (POST /api/marketplaces/:marketplace/callback) with what the marketplace appended to
// the callback page's address. The answer is the new connection, which the Settings page shows at once.
import { type CompleteConnectionRequest, type PublishingMarketplace, routes } from '@snaplist/contract';
import { callApi } from '@/lib/api-client';
import { useConnectionMutation } from './marketplace-connections';

export interface CompleteConnectionVariables {
  marketplace: PublishingMarketplace;
  request: CompleteConnectionRequest;
}

export function completeConnection({ marketplace, request }: CompleteConnectionVariables) {
  return callApi(routes.completeMarketplaceConnection, request, { params: { marketplace } });
}

export function useCompleteConnection() {
  return useConnectionMutation(completeConnection);
}
