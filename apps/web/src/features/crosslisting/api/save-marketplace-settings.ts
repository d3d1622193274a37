// Saving what a marketplace needs beyond the listing (PUT /api/marketplaces/:marketplace/settings): eBay's
// business policies and item location, Etsy's shipping profile, Shopify's location.
import { type PublishingMarketplace, routes } from '@snaplist/contract';
import { callApi } from '@/lib/api-client';
import { useConnectionMutation } from './marketplace-connections';

export interface SaveSettingsVariables {
  marketplace: PublishingMarketplace;
  settings: Record<string, string>;
}

export function saveMarketplaceSettings({ marketplace, settings }: SaveSettingsVariables) {
  return callApi(routes.saveMarketplaceSettings, { settings }, { params: { marketplace } });
}

export function useSaveMarketplaceSettings() {
  return useConnectionMutation(saveMarketplaceSettings);
}
