// How a Snaplist listing becomes an Etsy listing (docs/decisions/031): the taxonomy node for each of our
// categories, what a reseller declares about who made the item and when, and the text Etsy's validators
// accept (title characters, tags, materials). Pure functions: the adapter sends what they return.
import { type Category, cutAtWord, type FibreShare } from '@snaplist/contract';

/**
 * Top-level nodes of Etsy's seller taxonomy (`GET /v3/application/seller-taxonomy/nodes`). A top-level node is
 * a valid `taxonomy_id`; sellers can refine it on Etsy. Our clothing categories describe style or occasion
 * rather than a garment Etsy files separately, so they all go to Clothing.
 */
export const ETSY_TAXONOMY = {
  accessories: 1,
  bagsAndPurses: 132,
  clothing: 374,
  jewelry: 1179,
  shoes: 1429,
} as const;

const TAXONOMY_BY_CATEGORY: Record<Category, number> = {
  Tops: ETSY_TAXONOMY.clothing,
  Bottoms: ETSY_TAXONOMY.clothing,
  Dresses: ETSY_TAXONOMY.clothing,
  Outerwear: ETSY_TAXONOMY.clothing,
  Shoes: ETSY_TAXONOMY.shoes,
  Accessories: ETSY_TAXONOMY.accessories,
  Bags: ETSY_TAXONOMY.bagsAndPurses,
  Jewelry: ETSY_TAXONOMY.jewelry,
  Activewear: ETSY_TAXONOMY.clothing,
  Swimwear: ETSY_TAXONOMY.clothing,
  Vintage: ETSY_TAXONOMY.clothing,
  Designer: ETSY_TAXONOMY.clothing,
  Streetwear: ETSY_TAXONOMY.clothing,
  'Formal Wear': ETSY_TAXONOMY.clothing,
  'Casual Wear': ETSY_TAXONOMY.clothing,
};

export function etsyTaxonomyId(category: string): number {
  return TAXONOMY_BY_CATEGORY[category as Category] ?? ETSY_TAXONOMY.clothing;
}

/** A reseller did not make the item: Etsy's "another company or person". */
export const WHO_MADE = 'someone_else';
/**
 * Etsy takes items made by someone else only when they are vintage (at least 20 years old) or craft supplies.
 * `before_2006` is Etsy's widest vintage period; the seller can narrow it to a decade on Etsy.
 */
export const VINTAGE_WHEN_MADE = 'before_2006';
export const VINTAGE_CATEGORY: Category = 'Vintage';

export function isVintage(category: string): boolean {
  return category === VINTAGE_CATEGORY;
}

export const ETSY_TITLE_LENGTH = 140;
export const ETSY_MAX_IMAGES = 10;
const MAX_TAGS = 13;
const TAG_LENGTH = 20;
const MAX_MATERIALS = 13;
const MATERIAL_LENGTH = 45;

/** Etsy's title rule: letters, digits, punctuation, maths symbols, spaces, ™ © ®; % : & + once each. */
const TITLE_REFUSED = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/gu;
const ONCE_ONLY = ['%', ':', '&', '+'] as const;

export function etsyTitle(title: string): string {
  let clean = title.replace(TITLE_REFUSED, ' ');
  for (const character of ONCE_ONLY) {
    const first = clean.indexOf(character);
    if (first === -1) continue;
    clean = clean.slice(0, first + 1) + clean.slice(first + 1).replaceAll(character, ' ');
  }
  return cutAtWord(clean, ETSY_TITLE_LENGTH);
}

/** Etsy's tag rule: letters, digits, spaces, - ' ™ © ®; at most 13 tags of at most 20 characters. */
const TAG_REFUSED = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/gu;

export function etsyTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const clean = cutAtWord(tag.replace(TAG_REFUSED, ' '), TAG_LENGTH);
    const key = clean.toLocaleLowerCase();
    if (clean === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(clean);
  }
  return kept.slice(0, MAX_TAGS);
}

/** Etsy's material rule: letters, digits and spaces only. */
const MATERIAL_REFUSED = /[^\p{L}\p{Nd}\p{Zs}]/gu;

export function etsyMaterials(composition: readonly FibreShare[]): string[] {
  const materials = composition
    .map((share) =>
      collapseSpaces(share.fibre.replace(MATERIAL_REFUSED, ' ')).slice(0, MATERIAL_LENGTH).trim(),
    )
    .filter((material) => material !== '');
  return [...new Set(materials)].slice(0, MAX_MATERIALS);
}

/** Minor units to Etsy's decimal price in the shop's currency ("12.50"); our currencies have two decimals. */
export function etsyPrice(minorUnits: number): string {
  const whole = Math.floor(minorUnits / 100);
  const cents = String(minorUnits % 100).padStart(2, '0');
  return `${whole}.${cents}`;
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
