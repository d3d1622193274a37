// Disconnecting (DELETE /api/marketplaces/:marketplace): the server revokes and forgets the tokens; listings
// already live stay on the marketplace.
import { type PublishingMarketplace, routes } from '@snaplist/contract';
import { callApi } from '@/lib/api-client';
import { useConnectionMutation } from './marketplace-connections';

export function disconnectMarketplace(marketplace: PublishingMarketplace) {
  return callApi(routes.disconnectMarketplace, undefined, { params: { marketplace } });
}

export function useDisconnectMarketplace() {
  return useConnectionMutation(disconnectMarketplace);
}
