// Which marketplace's mapping applies to a page, by its address.
import {
  EXTENSION_MARKETPLACES,
  type ExtensionMarketplace,
  isMarketplaceUrl,
} from '@snaplist/contract/marketplaces';
import { depop } from './depop';
import { poshmark } from './poshmark';
import type { MarketplaceMapping } from './types';
import { vinted } from './vinted';

export const MAPPINGS: Record<ExtensionMarketplace, MarketplaceMapping> = { vinted, depop, poshmark };

/** The mapping of the marketplace whose site `url` is on; null elsewhere. */
export function mappingForUrl(url: string): MarketplaceMapping | null {
  const marketplace = EXTENSION_MARKETPLACES.find((candidate) => isMarketplaceUrl(candidate, url));
  return marketplace ? MAPPINGS[marketplace] : null;
}
