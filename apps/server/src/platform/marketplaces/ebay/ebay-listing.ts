// Our listing in eBay's terms: the inventory item (product, condition, quantity) and the offer (category,
// price, policies, location) of the Sell Inventory API. The tables are explained in docs/decisions/030.
import {
  type Category,
  type Colour,
  type Currency,
  formatMoneyInput,
  type ListingCondition,
} from '@snaplist/contract';
import type { PublishableListing } from '../marketplace-adapter';

/** eBay's title limit on every marketplace. */
export const EBAY_TITLE_MAX = 80;

/**
 * Leaf categories on eBay UK (category tree 3; eBay US uses the same ids for these). Ours carry no gender, so
 * where eBay splits by it the women's category is used: most second-hand clothing sold on eBay is women's.
 * The seller can move a listing to another category on eBay; categories not named here go to the default.
 */
const EBAY_CATEGORY_IDS: Partial<Record<Category, string>> = {
  Tops: '53159', // Women's Tops & Shirts
  'Casual Wear': '53159',
  Streetwear: '53159',
  Bottoms: '63863', // Women's Trousers
  Dresses: '63861', // Women's Dresses
  'Formal Wear': '63861',
  Outerwear: '63862', // Women's Coats, Jackets & Waistcoats
  Swimwear: '63867', // Women's Swimwear
  Shoes: '95672', // Women's Trainers
  Bags: '169291', // Women's Bags & Handbags
  Accessories: '45238', // Women's Scarves & Wraps
  Jewelry: '155101', // Fashion Jewellery: Necklaces & Pendants
};
const DEFAULT_EBAY_CATEGORY_ID = '53159';

/**
 * eBay's ConditionEnum values as clothing categories name them: NEW "New with tags" (1000), NEW_OTHER "New
 * without tags" (1500), PRE_OWNED_EXCELLENT "Pre-owned - Excellent" (2990), USED_EXCELLENT "Pre-owned - Good"
 * (3000), PRE_OWNED_FAIR "Pre-owned - Fair" (3010). Clothing has nothing below Fair.
 */
const EBAY_CONDITIONS: Record<ListingCondition, string> = {
  'New with tags': 'NEW',
  'New without tags': 'NEW_OTHER',
  'Like new': 'PRE_OWNED_EXCELLENT',
  'Very good': 'PRE_OWNED_EXCELLENT',
  Good: 'USED_EXCELLENT',
  Fair: 'PRE_OWNED_FAIR',
  Poor: 'PRE_OWNED_FAIR',
};

/** The language of the request payload, one per marketplace as eBay's Inventory API expects it. */
const CONTENT_LANGUAGES: Record<string, string> = {
  EBAY_US: 'en-US',
  EBAY_GB: 'en-GB',
  EBAY_IE: 'en-IE',
  EBAY_AU: 'en-AU',
  EBAY_CA: 'en-CA',
  EBAY_DE: 'de-DE',
  EBAY_AT: 'de-AT',
  EBAY_CH: 'de-CH',
  EBAY_FR: 'fr-FR',
  EBAY_BE: 'fr-BE',
  EBAY_IT: 'it-IT',
  EBAY_ES: 'es-ES',
  EBAY_NL: 'nl-NL',
  EBAY_PL: 'pl-PL',
};

/** North American sites spell the aspect and its multi-colour value the American way. */
const AMERICAN_SPELLING = new Set(['EBAY_US', 'EBAY_CA']);

/** What eBay expects when an item has no brand: its own convention, rather than leaving the aspect out. */
const NO_BRAND = 'Unbranded';

export interface EbayListingSettings {
  fulfillmentPolicyId?: string;
  paymentPolicyId?: string;
  returnPolicyId?: string;
  merchantLocationKey?: string;
}

export function ebayCategoryId(category: string): string {
  return EBAY_CATEGORY_IDS[category as Category] ?? DEFAULT_EBAY_CATEGORY_ID;
}

export function ebayCondition(condition: ListingCondition): string {
  return EBAY_CONDITIONS[condition];
}

export function contentLanguage(marketplaceId: string): string {
  return CONTENT_LANGUAGES[marketplaceId] ?? 'en-US';
}

/** The currency each eBay site lists in, of those a Snaplist listing can be priced in (GBP, USD, EUR). */
const SITE_CURRENCIES: Record<string, Currency> = {
  EBAY_US: 'USD',
  EBAY_GB: 'GBP',
  EBAY_IE: 'EUR',
  EBAY_DE: 'EUR',
  EBAY_AT: 'EUR',
  EBAY_FR: 'EUR',
  EBAY_BE: 'EUR',
  EBAY_IT: 'EUR',
  EBAY_ES: 'EUR',
  EBAY_NL: 'EUR',
};

/** The site's currency when it is one a listing can have; null for sites in others (CAD, AUD, PLN...). */
export function siteCurrency(marketplaceId: string): Currency | null {
  return SITE_CURRENCIES[marketplaceId] ?? null;
}

/** The body of createOrReplaceInventoryItem; `imageUrls` are eBay Picture Services URLs, in the listing's order. */
export function inventoryItemBody(listing: PublishableListing, imageUrls: string[], marketplaceId: string) {
  return {
    product: {
      title: listing.title,
      description: descriptionHtml(listing.description.trim() === '' ? listing.title : listing.description),
      aspects: aspectsOf(listing, marketplaceId),
      imageUrls,
      ...barcodeOf(listing.barcode),
    },
    condition: ebayCondition(listing.condition),
    availability: { shipToLocationAvailability: { quantity: listing.quantity } },
  };
}

/** What createOffer and updateOffer share (EbayOfferDetailsWithId); createOffer adds sku, marketplace and format. */
export function offerDetails(listing: PublishableListing, settings: EbayListingSettings) {
  return {
    availableQuantity: listing.quantity,
    categoryId: ebayCategoryId(listing.category),
    listingDuration: 'GTC',
    listingPolicies: {
      fulfillmentPolicyId: settings.fulfillmentPolicyId,
      paymentPolicyId: settings.paymentPolicyId,
      returnPolicyId: settings.returnPolicyId,
    },
    merchantLocationKey: settings.merchantLocationKey,
    pricingSummary: { price: ebayAmount(listing.price, listing.currency) },
  };
}

/** Minor units to eBay's Amount: a decimal string and the currency code. */
export function ebayAmount(minor: number, currency: string) {
  return { value: formatMoneyInput(minor), currency };
}

function aspectsOf(listing: PublishableListing, marketplaceId: string): Record<string, string[]> {
  const american = AMERICAN_SPELLING.has(marketplaceId);
  const aspects: Record<string, string[]> = { Brand: [listing.brand?.trim() || NO_BRAND] };
  if (listing.size) aspects.Size = [listing.size];
  if (listing.colours.length > 0) {
    aspects[american ? 'Color' : 'Colour'] = listing.colours.map((colour) => colourValue(colour, american));
  }
  const materials = [...listing.composition]
    .sort((a, b) => b.percent - a.percent)
    .map((share) => capitalise(share.fibre));
  if (materials.length > 0) aspects.Material = [...new Set(materials)];
  return aspects;
}

function colourValue(colour: Colour, american: boolean): string {
  if (colour === 'Multi') return american ? 'Multicolor' : 'Multicoloured';
  if (colour === 'Grey' && american) return 'Gray';
  return colour;
}

/** A 12-digit barcode is a UPC, a 13-digit one an EAN; anything else is the seller's own code and not sent. */
function barcodeOf(barcode: string | null): { upc?: string[]; ean?: string[] } {
  const digits = barcode?.trim() ?? '';
  if (/^\d{12}$/.test(digits)) return { upc: [digits] };
  if (/^\d{13}$/.test(digits)) return { ean: [digits] };
  return {};
}

/** eBay shows descriptions as HTML: our plain text, escaped, keeps its line breaks. */
function descriptionHtml(text: string): string {
  return text
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r?\n/g, '<br>');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
