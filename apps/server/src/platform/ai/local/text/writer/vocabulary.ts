// The writer's language-neutral keys: which nouns, materials, fibres and care groups exist, whatever the
// language. Every language pack (languages/) words each of them, so a key added here is a type error in
// every pack until it is translated.
import type { Category, ListingCondition } from '@snaplist/contract';
import type { ItemType } from '../item-type';

export type Gender = 'm' | 'f' | 'n';
export interface Noun {
  word: string;
  gender: Gender;
  plural: boolean;
}

/** The item types of item-type.ts, the nouns some categories stand for, and the generic "item". */
export type NounKey = ItemType | 'outerwear' | 'jewellery' | 'accessory' | 'sportswear' | 'swimwear' | 'item';

/** `word:g` with g one of m, f, n, or p for a plural (fr plurals carry their gender: `mp`, `fp`). */
function noun(entry: string): Noun {
  const [word = '', grammar = 'm'] = entry.split(':');
  const plural = grammar.includes('p');
  const gender = (grammar.replace('p', '') || (plural ? 'f' : 'm')) as Gender;
  return { word, gender, plural };
}

/** A language's nouns from their compact `word:g` form. English gender is unused. */
export function nouns(table: Record<NounKey, string>): Record<NounKey, Noun> {
  const entries = Object.entries(table).map(([key, entry]) => [key, noun(entry)]);
  // fromEntries loses the keys' type; they are exactly the table's, which has every NounKey.
  return Object.fromEntries(entries) as Record<NounKey, Noun>;
}

/**
 * The noun a category stands for when no item type is known. Outerwear is written as a jacket in fr/de/pl
 * because those languages have no everyday singular word for "outerwear"; style categories (Vintage,
 * Designer, Streetwear...) and Bottoms name no kind of item, so they get none.
 */
export const CATEGORY_NOUN_KEYS: Partial<Record<Category, NounKey>> = {
  Tops: 'top',
  Dresses: 'dress',
  Outerwear: 'outerwear',
  Shoes: 'shoes',
  Accessories: 'accessory',
  Bags: 'bag',
  Jewelry: 'jewellery',
  Activewear: 'sportswear',
  Swimwear: 'swimwear',
};

/** Materials worth naming in a title. */
export const NOTABLE_MATERIALS = [
  'wool',
  'cotton',
  'cashmere',
  'leather',
  'silk',
  'linen',
  'denim',
  'alpaca',
  'mohair',
] as const;
export type NotableMaterial = (typeof NOTABLE_MATERIALS)[number];

/** Canonical fibres (composition.ts) every language names; any other fibre is written as read. */
export const NAMED_FIBRES = [
  'cotton',
  'polyester',
  'elastane',
  'viscose',
  'wool',
  'nylon',
  'linen',
  'silk',
  'cashmere',
  'acrylic',
  'leather',
  'lyocell',
  'modal',
  'alpaca',
  'mohair',
  'angora',
  'down',
  'feather',
  'polyurethane',
  'polypropylene',
  'metallic',
  'denim',
  'acetate',
  'triacetate',
  'cupro',
  'hemp',
  'ramie',
] as const;
export type NamedFibre = (typeof NAMED_FIBRES)[number];

export function isNamedFibre(fibre: string): fibre is NamedFibre {
  return (NAMED_FIBRES as readonly string[]).includes(fibre);
}

/** Fibres whose feel the description tells a buyer about when they are most of the item. */
export const FEEL_FIBRES = [
  'cotton',
  'wool',
  'cashmere',
  'alpaca',
  'mohair',
  'silk',
  'linen',
  'leather',
  'viscose',
  'lyocell',
  'modal',
  'polyester',
  'nylon',
  'down',
] as const;
export type FeelFibre = (typeof FEEL_FIBRES)[number];

/**
 * Care instructions as a care label gives them, normalised: the words or symbols of the label, never advice
 * that follows from the fibre. A machine wash with a temperature is `machine wash 30` (degrees Celsius) and is
 * worded from the number; every other instruction is one of these.
 */
export const CARE_INSTRUCTIONS = [
  'machine wash',
  'machine wash cold',
  'machine wash warm',
  'hand wash',
  'do not wash',
  'do not bleach',
  'non-chlorine bleach only',
  'tumble dry',
  'tumble dry low',
  'do not tumble dry',
  'dry flat',
  'line dry',
  'drip dry',
  'iron',
  'iron low',
  'iron medium',
  'iron high',
  'do not iron',
  'dry clean',
  'do not dry clean',
  'wash inside out',
  'wash separately',
] as const;
export type CareInstruction = (typeof CARE_INSTRUCTIONS)[number];

/** The conditions a title and the tags name ("new with tags"); the other grades only the description says. */
export type NewCondition = Extract<ListingCondition, 'New with tags' | 'New without tags'>;

export type AgeUnit = 'years' | 'months';
