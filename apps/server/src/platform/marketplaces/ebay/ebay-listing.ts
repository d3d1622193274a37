// Our listing in eBay's terms: the inventory item (product, item specifics, condition, quantity) and the offer
// (category, price, policies, location, regulatory block) of the Sell Inventory API, with the category, its
// aspects and its conditions as eBay's Taxonomy and Metadata APIs give them (docs/decisions/030).
import { type Colour, type Currency, formatMoneyInput, type ListingCondition } from '@snaplist/contract';
import { type Department, departmentFor, itemWords, kindOf } from '@snaplist/contract/item';
import type { PublishableListing } from '../marketplace-adapter';
import type { EbayAspect, EbayCategory, EbayConditionChoice } from './ebay-catalogue';

/** eBay's title limit on every marketplace. */
export const EBAY_TITLE_MAX = 80;

/**
 * Our conditions as eBay condition ids, best first: a category takes a few of them (clothing the pre-owned grades
 * 2990/3000/3010, shoes and bags a single "Used" 3000), and the first it takes is sent. A new item is never sent
 * as another kind of new, nor a worn one as new.
 */
const CONDITION_CANDIDATES: Record<ListingCondition, string[]> = {
  'New with tags': ['1000'],
  'New without tags': ['1500'],
  'Like new': ['2990', '2750', '3000'],
  'Very good': ['2990', '4000', '3000'],
  Good: ['3000', '5000'],
  Fair: ['3010', '6000', '3000'],
  Poor: ['3010', '6000', '3000'],
};

/** The Inventory API's ConditionEnum value of each condition id (eBay's "Item condition ID and name values"). */
const CONDITION_ENUMS: Record<string, string> = {
  '1000': 'NEW',
  '1500': 'NEW_OTHER',
  '1750': 'NEW_WITH_DEFECTS',
  '2750': 'LIKE_NEW',
  '2990': 'PRE_OWNED_EXCELLENT',
  '3000': 'USED_EXCELLENT',
  '3010': 'PRE_OWNED_FAIR',
  '4000': 'USED_VERY_GOOD',
  '5000': 'USED_GOOD',
  '6000': 'USED_ACCEPTABLE',
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

/** eBay's EU sites, where the General Product Safety Regulation asks business sellers for a regulatory block. */
export const EU_MARKETPLACES = new Set([
  'EBAY_DE',
  'EBAY_FR',
  'EBAY_IT',
  'EBAY_ES',
  'EBAY_IE',
  'EBAY_NL',
  'EBAY_BE',
  'EBAY_AT',
  'EBAY_PL',
]);

/**
 * The regulatory block's settings (GPSR): the manufacturer and the EU responsible person, each a name, a street
 * address, a city, a postal code, a country (ISO code) and an e-mail address. Optional: a private seller of
 * second-hand clothes owes none, a business seller on an EU site owes both. A party is sent once it has a name.
 */
export const REGULATORY_SETTINGS = [
  'manufacturerName',
  'manufacturerAddress',
  'manufacturerCity',
  'manufacturerPostalCode',
  'manufacturerCountry',
  'manufacturerEmail',
  'responsiblePersonName',
  'responsiblePersonAddress',
  'responsiblePersonCity',
  'responsiblePersonPostalCode',
  'responsiblePersonCountry',
  'responsiblePersonEmail',
] as const;
type RegulatorySetting = (typeof REGULATORY_SETTINGS)[number];

/** What a party with a name needs besides, for eBay to show buyers where to reach it. */
const PARTY_ADDRESS = ['Address', 'City', 'PostalCode', 'Country'] as const;

export type EbayListingSettings = {
  fulfillmentPolicyId?: string;
  paymentPolicyId?: string;
  returnPolicyId?: string;
  merchantLocationKey?: string;
} & Partial<Record<RegulatorySetting, string>>;

/** Where the listing goes on eBay and what it says there, as eBay's own category data decided it. */
export interface EbayPlacement {
  categoryId: string;
  aspects: Record<string, string[]>;
  /** The ConditionEnum value; null where the category takes no condition. */
  condition: string | null;
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
export function inventoryItemBody(
  listing: PublishableListing,
  imageUrls: string[],
  placement: EbayPlacement,
) {
  return {
    product: {
      title: listing.title,
      description: descriptionHtml(listing.description.trim() === '' ? listing.title : listing.description),
      aspects: placement.aspects,
      imageUrls,
      ...barcodeOf(listing.barcode),
    },
    ...(placement.condition && { condition: placement.condition }),
    availability: { shipToLocationAvailability: { quantity: listing.quantity } },
  };
}

/** What createOffer and updateOffer share (EbayOfferDetailsWithId); createOffer adds sku, marketplace and format. */
export function offerDetails(
  listing: PublishableListing,
  settings: EbayListingSettings,
  placement: EbayPlacement,
) {
  const regulatory = regulatoryOf(settings);
  return {
    availableQuantity: listing.quantity,
    categoryId: placement.categoryId,
    listingDuration: 'GTC',
    listingPolicies: {
      fulfillmentPolicyId: settings.fulfillmentPolicyId,
      paymentPolicyId: settings.paymentPolicyId,
      returnPolicyId: settings.returnPolicyId,
    },
    merchantLocationKey: settings.merchantLocationKey,
    pricingSummary: { price: ebayAmount(listing.price, listing.currency) },
    ...(regulatory && { regulatory }),
  };
}

/** The offer's regulatory block (GPSR) from the seller's settings; undefined when they gave neither party. */
export function regulatoryOf(settings: EbayListingSettings) {
  const party = (prefix: 'manufacturer' | 'responsiblePerson') => {
    const companyName = settings[`${prefix}Name`];
    if (!companyName) return undefined;
    return {
      companyName,
      addressLine1: settings[`${prefix}Address`],
      city: settings[`${prefix}City`],
      postalCode: settings[`${prefix}PostalCode`],
      country: settings[`${prefix}Country`],
      email: settings[`${prefix}Email`],
    };
  };
  const manufacturer = party('manufacturer');
  const responsiblePerson = party('responsiblePerson');
  if (!manufacturer && !responsiblePerson) return undefined;
  return {
    ...(manufacturer && { manufacturer }),
    ...(responsiblePerson && {
      responsiblePersons: [{ ...responsiblePerson, types: ['EUResponsiblePerson'] }],
    }),
  };
}

/** The address settings a named party still lacks: eBay shows buyers the whole address or refuses it. */
export function incompleteRegulatorySettings(settings: EbayListingSettings): RegulatorySetting[] {
  return (['manufacturer', 'responsiblePerson'] as const).flatMap((prefix) =>
    settings[`${prefix}Name`]
      ? PARTY_ADDRESS.map((part): RegulatorySetting => `${prefix}${part}`).filter((name) => !settings[name])
      : [],
  );
}

/** Minor units to eBay's Amount: a decimal string and the currency code. */
export function ebayAmount(minor: number, currency: string) {
  return { value: formatMoneyInput(minor), currency };
}

/**
 * The words eBay's category suggestions are asked with: the listing's title, led by whose the item is and what
 * it is when the title does not say so itself ("women's" before "Mango floral midi dress").
 */
export function categoryQuery(listing: PublishableListing): string {
  const kind = kindOf(listing);
  const department = departmentFor(listing, kind);
  const titleWords = new Set(wordsOf(listing.title));
  const lead = [department ? DEPARTMENT_WORDS[department] : null, kind]
    .filter((word): word is string => word !== null)
    .filter((word) => !wordsOf(word).every((each) => titleWords.has(each)));
  return [...lead, listing.title.trim()].join(' ');
}

const DEPARTMENT_WORDS: Record<Department, string> = { women: "women's", men: "men's", kids: "kids'" };

/**
 * The item specifics of the listing for the category eBay suggested: brand, size, colour and material from the
 * listing; the department from the listing's words, else from where the category sits (a leaf under "Men");
 * Type and Style where the title or the item's kind names one of their values; Size Type "Regular" where it is one. Every
 * required aspect left unfilled is named in `missing`.
 */
export function fillAspects(
  listing: PublishableListing,
  aspects: EbayAspect[],
  category: EbayCategory,
  marketplaceId: string,
): { aspects: Record<string, string[]>; missing: string[] } {
  const american = AMERICAN_SPELLING.has(marketplaceId);
  const named = (name: string) => aspects.find((aspect) => sameWords(aspect.name, name));
  const filled: Record<string, string[]> = {};
  const fill = (aspect: EbayAspect | undefined, fallbackName: string, values: string[]) => {
    const chosen = aspect ? acceptedValues(aspect, values) : values;
    if (chosen.length > 0) filled[aspect?.name ?? fallbackName] = chosen;
  };

  fill(named('Brand'), 'Brand', [listing.brand?.trim() || NO_BRAND]);
  if (listing.size) {
    // Shoes take the size in "UK Shoe Size" (or "US Shoe Size"), clothes in "Size".
    const sizeAspect =
      named('Size') ??
      aspects.find((aspect) => /\bsize$/i.test(aspect.name) && !sameWords(aspect.name, 'Size Type'));
    fill(sizeAspect, 'Size', [listing.size]);
  }
  if (listing.colours.length > 0) {
    fill(
      named('Colour') ?? named('Color'),
      american ? 'Color' : 'Colour',
      listing.colours.map((colour) => colourValue(colour, american)),
    );
  }
  const materials = [...listing.composition]
    .sort((a, b) => b.percent - a.percent)
    .map((share) => capitalise(share.fibre));
  if (materials.length > 0) {
    const materialAspect = named('Material') ?? aspects.find((aspect) => /\bmaterial$/i.test(aspect.name));
    fill(materialAspect, 'Material', [...new Set(materials)]);
  }

  const departmentAspect = named('Department');
  if (departmentAspect) {
    const kind = kindOf(listing);
    const department = departmentFor(listing, kind) ?? departmentOfCategory(category);
    if (department)
      fill(
        departmentAspect,
        'Department',
        departmentValues(department, itemWords(listing), departmentAspect),
      );
  }
  const sizeTypeAspect = named('Size Type');
  if (sizeTypeAspect?.values.includes(REGULAR_SIZE)) filled[sizeTypeAspect.name] = [REGULAR_SIZE];

  const listingWords = new Set([...wordsOf(listing.title), ...wordsOf(kindOf(listing) ?? '')].map(singular));
  for (const name of ['Type', 'Style']) {
    const aspect = named(name);
    const value = aspect && valueNamedBy(aspect, listingWords);
    if (aspect && value) filled[aspect.name] = [value];
  }

  const missing = aspects
    .filter((aspect) => aspect.required && !filled[aspect.name]?.length)
    .map((aspect) => aspect.name);
  return { aspects: filled, missing };
}

/** Size Type's value for clothes cut to the standard size range, which is what Snaplist's sizes are. */
const REGULAR_SIZE = 'Regular';

/** The department a category's place in the tree gives: "Jeans" under "Men's Clothing" is men's. */
export function departmentOfCategory(category: EbayCategory): Department | null {
  const found = new Set<Department>();
  for (const name of [category.categoryName, ...category.ancestorNames]) {
    const words = wordsOf(name);
    if (words.some((word) => ['women', 'ladies', 'womens'].includes(word))) found.add('women');
    else if (words.some((word) => ['men', 'mens'].includes(word))) found.add('men');
    else if (
      words.some((word) => ['kids', 'kid', 'girls', 'girl', 'boys', 'boy', 'baby', 'children'].includes(word))
    )
      found.add('kids');
  }
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

/** eBay's Department values for ours, best first; kids' by the girl or boy the listing's words name. */
function departmentValues(department: Department, words: string[], aspect: EbayAspect): string[] {
  const candidates =
    department === 'women'
      ? ['Women', 'Ladies']
      : department === 'men'
        ? ['Men']
        : words.some((word) => /^(girl|fille|madchen|dziewczyn)/.test(word))
          ? ['Girls']
          : words.some((word) => /^(boy|garcon|jungen|junge|chlop)/.test(word))
            ? ['Boys']
            : ['Unisex Kids', 'Kids'];
  for (const candidate of candidates) {
    const accepted = acceptedValues(aspect, [candidate]);
    if (accepted.length > 0) return accepted;
  }
  return [];
}

/**
 * Our values as the aspect takes them: one of its listed values when ours is one (in eBay's spelling), ours as it
 * is where the aspect takes free text; a single value where it takes one.
 */
function acceptedValues(aspect: EbayAspect, values: string[]): string[] {
  const accepted = values.flatMap((value) => {
    const listed = aspect.values.find((candidate) => sameValue(candidate, value, aspect.name));
    if (listed) return [listed];
    return aspect.selectionOnly ? [] : [value];
  });
  const unique = [...new Set(accepted)];
  return aspect.multiple ? unique : unique.slice(0, 1);
}

/** "UK 6" is the value "6" of the aspect "UK Shoe Size": the words the aspect's name already says aside. */
function sameValue(candidate: string, value: string, aspectName: string): boolean {
  if (sameWords(candidate, value)) return true;
  const nameWords = new Set(wordsOf(aspectName));
  const rest = wordsOf(value).filter((word) => !nameWords.has(word));
  return rest.length > 0 && rest.join(' ') === wordsOf(candidate).join(' ');
}

/** The aspect's value the listing's words name, the most specific first ("Shoulder Bag" before "Bag"). */
function valueNamedBy(aspect: EbayAspect, listingWords: Set<string>): string | null {
  const named = aspect.values
    .map((value) => ({ value, words: wordsOf(value).map(singular) }))
    .filter((each) => each.words.length > 0 && each.words.every((word) => listingWords.has(word)))
    .sort((a, b) => b.words.length - a.words.length);
  return named[0]?.value ?? null;
}

/** The condition the category takes for ours, or what it takes instead; null when it takes no condition at all. */
export function ebayConditionFor(
  condition: ListingCondition,
  choices: EbayConditionChoice[],
): { condition: string | null } | { allowed: string[] } {
  if (choices.length === 0) return { condition: null };
  const taken = CONDITION_CANDIDATES[condition].find((conditionId) =>
    choices.some((choice) => choice.conditionId === conditionId),
  );
  const value = taken && CONDITION_ENUMS[taken];
  return value ? { condition: value } : { allowed: choices.map((choice) => choice.description) };
}

function wordsOf(text: string): string[] {
  return itemWords({ title: text, tags: [], description: '' });
}

function sameWords(a: string, b: string): boolean {
  return wordsOf(a).join(' ') === wordsOf(b).join(' ');
}

/** "trainers" is "trainer", "dresses" is "dress": eBay's values are singular where our words may not be. */
function singular(word: string): string {
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  return word.replace(/([^s])s$/, '$1');
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
