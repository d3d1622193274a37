// Everything the writer says in one listing language, behind one interface: nouns with their grammar, colours
// and materials that agree with them, fibre, size and condition words, and the phrasing of title, description
// and tags. The writer's title.ts, description.ts and tags.ts decide what to say from the facts; a pack only
// decides how its language says it. A new listing language is one file in languages/ and one entry in
// LANGUAGE_PACKS, which the type-check asks for as soon as the contract's LANGUAGES has the language.
import type { Category, Colour, FibreShare, ListingCondition } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import type {
  AgeUnit,
  CareInstruction,
  FeelFibre,
  NamedFibre,
  NewCondition,
  NotableMaterial,
  Noun,
  NounKey,
} from './vocabulary';

/** What a phrase naming the item may say, decided once from the facts (subject.ts) for every language. */
export interface ItemWords {
  /** The item's noun, or null when neither its type nor its category names a kind of item. */
  noun: Noun | null;
  /** The colour to lead with. */
  colour: Colour | null;
  material: NotableMaterial | null;
  /** The label says the item is all of the material ("100% cashmere"), which buyers search for. */
  pureMaterial: boolean;
  /** The size is an age: children's wear. */
  kids: boolean;
  oversized: boolean;
}

export type NamedItemWords = ItemWords & { noun: Noun };

export function isNamed(words: ItemWords): words is NamedItemWords {
  return words.noun !== null;
}

export interface LanguagePack {
  nouns: Record<NounKey, Noun>;
  /** Other words buyers search for the same kind of item, lower case; only true synonyms. */
  synonyms: Partial<Record<NounKey, readonly string[]>>;
  colours: {
    /** The colour agreeing with the noun, or its base form when there is none. */
    adjective: (colour: Colour, noun: Noun | null) => string;
    /** The colour as a word on its own ("Colour: black", "Farbe: Schwarz"). */
    name: (colour: Colour) => string;
  };
  materials: {
    /** The material as the language attaches it to a noun: "Wool", "en laine", "aus Wolle", "wełniany". */
    phrase: (material: NotableMaterial, noun: Noun) => string;
    /** Material and item as buyers search them ("wool coat", "wollmantel"); '' when no such phrase works. */
    withItem: (material: NotableMaterial, noun: Noun) => string;
  };
  fibres: Record<NamedFibre, string>;
  /** Category names as tags, lower case; '' where no word is right for every item in the category. */
  categoryTags: Record<Category, string>;
  sizes: {
    /** Before the size ending a title ("Size M", "Gr. M"). */
    titlePrefix: string;
    /** Before the size in the description ("Größe M."). */
    sentencePrefix: string;
    oneSize: { title: string; sentence: string };
    /** The unit after an age that ends in `count`; `range` when it is a range ("3-4 years"). */
    ageUnit: (unit: AgeUnit, count: number, range: boolean) => string;
  };
  title: {
    /** What follows a leading brand before a named item: French sets it off with a dash. */
    brandSeparator: string;
    /** Between the item, the size and the extras. */
    partSeparator: string;
    /** The item phrase once a brand leads the title: French, Polish and German lower some capitals there. */
    afterBrand: (body: string) => string;
    /** Said only when the facts name nothing at all: no brand, kind of item, material or colour. */
    nothingNamed: string;
    newNothingNamed: string;
    newCondition: (condition: NewCondition, noun: Noun | null) => string;
    /** An oversized cut as an extra after the size; '' when the item phrase already says it. */
    oversizedExtra: string;
    /** The title's item phrase, without brand, size or extras; '' when nothing is named. */
    item: (words: ItemWords) => string;
    /** Our own words in a keyword title (eBay's): title case in English, as they are in the other languages. */
    searchWords: (words: string) => string;
  };
  description: {
    /** The named item as the opening sentence says it ("black wool coat", "manteau noir en laine"). */
    item: (words: NamedItemWords) => string;
    what: (item: string, brand: string | null) => string;
    brandOnly: (brand: string) => string;
    measurements: string;
    fit: Record<ItemFacts['fit'], string>;
    /** The composition sentence from each share already worded ("80% wool"). */
    madeOf: (shares: readonly string[]) => string;
    percent: (share: FibreShare, fibre: string) => string;
    colour: (names: readonly string[]) => string;
    condition: Record<ListingCondition, string>;
    preOwned: string;
    offers: string;
    ships: (days: number) => string;
  };
  fabric: {
    /** How the fibre feels, as a sentence with the fibre as subject. */
    feel: Record<FeelFibre, string>;
    stretch: string;
  };
  /** The care label's own instructions (care.ts): never advice of the writer's. */
  care: {
    instructions: Record<CareInstruction, string>;
    machineWashAt: (celsius: number) => string;
    /** The instructions, already worded, as one sentence that says they are the label's. */
    sentence: (instructions: readonly string[]) => string;
  };
  /**
   * The casual first line Depop and Vinted show in search, never a sentence: the item as the description's
   * opening names it (without its full stop), then the size as a title ends with it ("Size M").
   */
  lead: (item: string, titleSize: string | null) => string;
  tags: {
    newWithTags: string;
    newWithoutTags: string;
    preOwned: string;
    kids: string;
    knitwear: string;
    oversized: string;
    stretch: string;
    /** The colour with the item in the language's order and agreement: "black coat", "manteau noir". */
    colourWithItem: (colour: Colour, noun: Noun) => string;
    /** Whether "denim jeans" makes a tag; where jeans are denim by name it stutters ("jean en jean"). */
    denimJeans: boolean;
  };
}
