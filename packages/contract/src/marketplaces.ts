// Marketplace rules shared by the server (the engine writes one variant per marketplace) and the web app
// (the editor rewrites them from the seller's edits, opens each new-listing page, checks listing URLs).
import type { Language, Marketplace } from './constants';
import type { MarketplaceVariant } from './generation';

/**
 * Marketplaces with no listing API for ordinary sellers, where the browser extension fills the sell form in the
 * seller's own tab (decision 037). Here rather than in extension.ts: the extension's content script on those
 * sites imports this file alone, without zod.
 */
export const EXTENSION_MARKETPLACES = [
  'vinted',
  'depop',
  'poshmark',
] as const satisfies readonly Marketplace[];
export type ExtensionMarketplace = (typeof EXTENSION_MARKETPLACES)[number];

export function isExtensionMarketplace(value: string): value is ExtensionMarketplace {
  return (EXTENSION_MARKETPLACES as readonly string[]).includes(value);
}

/** Brand names: the same in every language. */
export const MARKETPLACE_NAMES: Record<Marketplace, string> = {
  ebay: 'eBay',
  depop: 'Depop',
  etsy: 'Etsy',
  poshmark: 'Poshmark',
  vinted: 'Vinted',
  shopify: 'Shopify',
};

// eBay and Poshmark titles 80 characters, Vinted 100, Etsy 140 with at most 13 tags of 20 characters,
// Shopify 255, and Depop (no title field) leads its description with the title as a plain line (never a
// sentence with a full stop) and takes at most 5 hashtags.
export const TITLE_LIMITS: Record<Exclude<Marketplace, 'depop'>, number> = {
  ebay: 80,
  poshmark: 80,
  vinted: 100,
  etsy: 140,
  shopify: 255,
};
/** The longest title every titled marketplace shows in full (eBay's and Poshmark's): a listing's own title. */
export const SHORT_TITLE_LENGTH = Math.min(...Object.values(TITLE_LIMITS));
export const ETSY_MAX_TAGS = 13;
const ETSY_TAG_LENGTH = 20;
const DEPOP_MAX_HASHTAGS = 5;
/** Depop shows about this much of the first line in search results. */
const DEPOP_LEAD_LENGTH = 80;

/** Collapses whitespace and removes spaces before , and . (but keeps French spacing before : and %). */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ +([,.])/g, '$1')
    .replace(/([,.]){2,}/g, '$1')
    .trim();
}

/** Words that must not end a cut title: separators and function words in en, fr, de, pl. */
const DANGLING =
  /(?:\s+(?:[-–—,:;/&|+]|and|by|with|of|size|et|en|de|à|taille|und|aus|mit|von|gr\.|i|z|w|rozm\.|rozmiar))+$/i;

/** Cuts a text to at most `limit` characters at a word boundary, never mid-word. */
export function cutAtWord(text: string, limit: number): string {
  const clean = tidy(text);
  if (clean.length <= limit) return clean;
  const slice = clean.slice(0, limit + 1);
  const lastSpace = slice.lastIndexOf(' ');
  if (lastSpace <= 0) return '';
  let cut = clean.slice(0, lastSpace);
  while (DANGLING.test(cut)) cut = cut.replace(DANGLING, '');
  return cut.replace(/[\s,:;–—/&|+-]+$/, '');
}

/** Tags as Etsy takes them: each cut at a word to 20 characters, no repeats, at most 13. */
export function etsyVariantTags(tags: readonly string[]): string[] {
  return tags
    .map((tag) => cutAtWord(tag, ETSY_TAG_LENGTH))
    .filter((tag, index, all) => tag !== '' && all.indexOf(tag) === index)
    .slice(0, ETSY_MAX_TAGS);
}

function depopVariant(listing: MarketplaceVariant): MarketplaceVariant {
  const hashtags = listing.tags
    .map((tag) => `#${tag.replace(/[^\p{L}\p{N}]+/gu, '')}`)
    .filter((tag, index, all) => tag !== '#' && all.indexOf(tag) === index)
    .slice(0, DEPOP_MAX_HASHTAGS);
  // The lead line is the title, not the description's first sentence: a sentence cut at "Dr." or ending in
  // a full stop reads as prose, where buyers scan for brand, item and size.
  const lead = cutAtWord(listing.title, DEPOP_LEAD_LENGTH).replace(/[\s.]+$/, '');
  // Hashtags go on their own last line, and only under a description the seller asked for.
  const description =
    listing.description === '' || hashtags.length === 0
      ? listing.description
      : `${listing.description}\n${hashtags.join(' ')}`;
  return { title: lead, description, tags: listing.tags };
}

/** One version of a listing per marketplace, inside each one's limits. */
export function marketplaceVariants(listing: MarketplaceVariant): Record<Marketplace, MarketplaceVariant> {
  const titled = (marketplace: Exclude<Marketplace, 'depop'>, tags: string[]): MarketplaceVariant => ({
    title: cutAtWord(listing.title, TITLE_LIMITS[marketplace]),
    description: marketplace === 'vinted' ? listing.description.replace(/#/g, '') : listing.description,
    tags,
  });
  return {
    ebay: titled('ebay', listing.tags),
    poshmark: titled('poshmark', listing.tags),
    vinted: titled('vinted', listing.tags),
    etsy: titled('etsy', etsyVariantTags(listing.tags)),
    shopify: titled('shopify', listing.tags),
    depop: depopVariant(listing),
  };
}

/** The text a seller pastes into a marketplace's form: title, blank line, description, then the tags. */
export function variantAsText(variant: MarketplaceVariant, marketplace: Marketplace): string {
  const parts = [variant.title, variant.description];
  // Depop's hashtags already close its description.
  if (marketplace !== 'depop' && variant.tags.length > 0) parts.push(variant.tags.join(', '));
  return parts.filter((part) => part !== '').join('\n\n');
}

// The seller's regional site, by interface language; English-speaking sellers default to the UK sites
// because GBP is the default currency.
const EBAY_SITES: Record<Language, string> = {
  en: 'www.ebay.co.uk',
  fr: 'www.ebay.fr',
  de: 'www.ebay.de',
  pl: 'www.ebay.pl',
};
const VINTED_SITES: Record<Language, string> = {
  en: 'www.vinted.co.uk',
  fr: 'www.vinted.fr',
  de: 'www.vinted.de',
  pl: 'www.vinted.pl',
};

/** The page where a seller starts a new listing on that marketplace. */
export function newListingUrl(marketplace: Marketplace, language: Language): string {
  switch (marketplace) {
    case 'ebay':
      return `https://${EBAY_SITES[language]}/sl/sell`;
    case 'depop':
      return 'https://www.depop.com/products/create/';
    case 'etsy':
      return 'https://www.etsy.com/your/shops/me/listing-editor/create';
    case 'poshmark':
      return 'https://poshmark.com/create-listing';
    case 'vinted':
      return `https://${VINTED_SITES[language]}/items/new`;
    case 'shopify':
      return 'https://admin.shopify.com/products/new';
  }
}

// Each marketplace's own domains (regional sites and short-link domains included). Shopify stores live on
// their own custom domains, so any https address is accepted for Shopify (docs/decisions/010).
const MARKETPLACE_HOSTS: Record<Exclude<Marketplace, 'shopify'>, RegExp> = {
  ebay: /(^|\.)ebay\.(com|co\.uk|de|fr|pl|it|es|ie|at|ch|nl|be|ca|com\.au|us)$|(^|\.)ebay\.us$/,
  depop: /(^|\.)depop\.com$|^depop\.app\.link$/,
  etsy: /(^|\.)etsy\.(com|me)$/,
  poshmark: /(^|\.)poshmark\.(com|ca)$|^posh\.mk$/,
  vinted: /(^|\.)vinted\.(com|co\.uk|fr|de|pl|it|es|nl|be|at|lu|lt|cz|sk|hu|ro|pt|se|dk|fi|ie|gr|hr)$/,
};

/** Whether a listing URL points at that marketplace's own site. */
export function isMarketplaceUrl(marketplace: Marketplace, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (marketplace === 'shopify') return url.protocol === 'https:' && url.hostname.includes('.');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return MARKETPLACE_HOSTS[marketplace].test(url.hostname.toLowerCase());
}

/**
 * One address per marketplace listing, whatever the page added to it: the scheme, the host in lower case and the
 * path without a trailing slash, no query or fragment (`?ref=share`, `#photos`). Null when it is not a URL.
 */
export function canonicalListingUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, '')}`;
}
