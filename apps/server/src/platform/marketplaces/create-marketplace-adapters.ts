// The marketplaces this server can publish to: one adapter for each whose app is configured (its client id and
// secret, and eBay's RuName). With none configured, the app works as before: copy the text, open the form.
import type { PublishingMarketplace } from '@snaplist/contract';
import type { MarketplacesConfig } from '../../config';
import { createEbayAdapter } from './ebay/ebay-adapter';
import { createEtsyAdapter } from './etsy/etsy-adapter';
import type { MarketplaceAdapter } from './marketplace-adapter';
import { createShopifyAdapter } from './shopify/shopify-adapter';

export type MarketplaceAdapters = Partial<Record<PublishingMarketplace, MarketplaceAdapter>>;

export function createMarketplaceAdapters(config: MarketplacesConfig): MarketplaceAdapters {
  const adapters: MarketplaceAdapters = {};
  if (config.ebay) adapters.ebay = createEbayAdapter(config.ebay);
  if (config.etsy) adapters.etsy = createEtsyAdapter(config.etsy);
  if (config.shopify) adapters.shopify = createShopifyAdapter(config.shopify);
  return adapters;
}
