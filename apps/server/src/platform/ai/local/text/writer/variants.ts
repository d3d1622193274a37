// One version of the listing per marketplace, inside each one's limits (ARCHITECTURE "Listing generation"):
// eBay and Poshmark titles 80 characters, Vinted 100, Etsy 140 with at most 13 tags of 20 characters,
// Shopify 255, and Depop (no title field) leads with the first sentence and takes at most 5 hashtags.
import type { Marketplace, MarketplaceVariant } from '@snaplist/contract';
import { cutAtWord } from './tidy';

const TITLE_LIMITS: Record<Exclude<Marketplace, 'depop'>, number> = {
  ebay: 80,
  poshmark: 80,
  vinted: 100,
  etsy: 140,
  shopify: 255,
};
const ETSY_MAX_TAGS = 13;
const ETSY_TAG_LENGTH = 20;
const DEPOP_MAX_HASHTAGS = 5;

export interface Listing {
  title: string;
  description: string;
  tags: string[];
}

function etsyTags(tags: readonly string[]): string[] {
  return tags
    .map((tag) => cutAtWord(tag, ETSY_TAG_LENGTH))
    .filter((tag, index, all) => tag !== '' && all.indexOf(tag) === index)
    .slice(0, ETSY_MAX_TAGS);
}

function depopVariant(listing: Listing): MarketplaceVariant {
  const hashtags = listing.tags
    .map((tag) => `#${tag.replace(/[^\p{L}\p{N}]+/gu, '')}`)
    .filter((tag, index, all) => tag !== '#' && all.indexOf(tag) === index)
    .slice(0, DEPOP_MAX_HASHTAGS);
  const firstSentence = /^.*?\.(?=\s|$)/.exec(listing.description)?.[0] ?? listing.title;
  // Hashtags go on their own last line, and only under a description the seller asked for.
  const description =
    listing.description === '' || hashtags.length === 0
      ? listing.description
      : `${listing.description}\n${hashtags.join(' ')}`;
  return { title: listing.title === '' ? '' : firstSentence, description, tags: listing.tags };
}

export function marketplaceVariants(listing: Listing): Record<Marketplace, MarketplaceVariant> {
  const titled = (marketplace: Exclude<Marketplace, 'depop'>, tags: string[]): MarketplaceVariant => ({
    title: cutAtWord(listing.title, TITLE_LIMITS[marketplace]),
    description: marketplace === 'vinted' ? listing.description.replace(/#/g, '') : listing.description,
    tags,
  });
  return {
    ebay: titled('ebay', listing.tags),
    poshmark: titled('poshmark', listing.tags),
    vinted: titled('vinted', listing.tags),
    etsy: titled('etsy', etsyTags(listing.tags)),
    shopify: titled('shopify', listing.tags),
    depop: depopVariant(listing),
  };
}
