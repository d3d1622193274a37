// How a Snaplist listing becomes an Etsy listing (docs/decisions/031): what a reseller declares about who made
// the item and when, and the text Etsy's validators accept (title characters, tags, materials). Pure functions:
// the adapter sends what they return. Where the item goes in Etsy's taxonomy is etsy-taxonomy.ts.
import { type Category, cutAtWord, type FibreShare } from '@snaplist/contract';

/** A reseller did not make the item: Etsy's "another company or person". */
export const WHO_MADE = 'someone_else';
/**
 * Etsy takes items made by someone else only when they are vintage (at least 20 years old) or craft supplies.
 * `before_2007` is the widest vintage period of Etsy's current `when_made` list (renewed every year: 2006 is no
 * longer in it); a decade the title names ("1980s", "70's") is declared instead.
 */
export const VINTAGE_WHEN_MADE = 'before_2007';

/** Etsy's vintage `when_made` decades (its `2000_2006` is not one the words "2000s" can claim). */
const VINTAGE_DECADES = new Set([
  '1990s',
  '1980s',
  '1970s',
  '1960s',
  '1950s',
  '1940s',
  '1930s',
  '1920s',
  '1910s',
  '1900s',
  '1800s',
  '1700s',
]);

/** The `when_made` of a vintage item: the one decade its title names, else Etsy's widest vintage period. */
export function etsyWhenMade(title: string): string {
  const decades = new Set<string>();
  for (const match of title.matchAll(/(?<![\p{L}\p{N}])(1[7-9]\d0|[2-9]0)['’]?s(?![\p{L}\p{N}])/gu)) {
    const named = match[1] ?? '';
    const decade = named.length === 2 ? `19${named}s` : `${named}s`;
    // "1800s" is a century on Etsy's list; "1850s" is in it.
    const listed = /^1[78]\d0s$/.test(decade) ? `${decade.slice(0, 2)}00s` : decade;
    if (VINTAGE_DECADES.has(listed)) decades.add(listed);
  }
  const [only] = decades;
  return decades.size === 1 && only ? only : VINTAGE_WHEN_MADE;
}

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
