// Saving what a marketplace needs beyond the listing (PUT /api/marketplaces/:marketplace/settings): eBay's
// business policies and item location, Etsy's shipping profile, Shopify's location.
import { type PublishingMarketplace, routes } from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { showConnection } from './marketplace-connections';

export interface SaveSettingsVariables {
  marketplace: PublishingMarketplace;
  settings: Record<string, string>;
}

export function saveMarketplaceSettings({ marketplace, settings }: SaveSettingsVariables) {
  return callApi(routes.saveMarketplaceSettings, { settings }, { params: { marketplace } });
}

export function useSaveMarketplaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketplaceSettings,
    onSuccess: (connection) => showConnection(queryClient, connection),
  });
}
