// What the local engine knows about an item before it writes a word: each fact with the evidence behind it.
// Text analysis (text/), image analysis (image/) and the seller's settings each contribute facts;
// the writer (text/writer) turns them into a listing.
import type {
  Category,
  Colour,
  FibreShare,
  FieldEvidence,
  FieldSuggestion,
  ListingCondition,
} from '@snaplist/contract';

export interface Fact<T> {
  value: T;
  evidence: FieldEvidence[];
}

/** Text read from one photo by OCR. */
export interface PhotoText {
  /** 1-based photo number. */
  photo: number;
  /** The whole text, lines separated by '\n'. */
  text: string;
  /** 0..1, the OCR engine's mean confidence. */
  confidence: number;
  /**
   * What the reader judged the photo to show: `label` (a label or tag, read for facts), `item` (the item
   * itself, whose stray text, texture read as letters, must never become a brand or size), or `unknown`.
   */
  kind: 'label' | 'item' | 'unknown';
  /** Each line the reader found, in reading order (top to bottom, then left to right), with where it sits. */
  lines: TextLine[];
}

/**
 * One line of text as the reader found it. Geometry is a share of the photo (0..1), so a parser can tell the
 * logo line (largest type, top of the label) from small print, whatever the photo's size or the line's tilt.
 */
export interface TextLine {
  text: string;
  /** 0..1, the recogniser's confidence in this line. */
  confidence: number;
  /** The axis-aligned box around the line, as shares of the photo's width (left, width) and height (top, height). */
  box: { left: number; top: number; width: number; height: number };
  /** Height of the letters (the line's thickness across its own direction), as a share of the photo's long side. */
  letterHeight: number;
  /** The line's tilt in degrees from horizontal, after the reader turned it upright. */
  angle: number;
}

/** What the label and tag text says (text/analyse-text.ts). */
export interface TextFacts {
  brand: Fact<string> | null;
  size: Fact<string> | null;
  composition: Fact<FibreShare[]> | null;
  /** The care the label's own words give, as ItemFacts.care; null when no label text states any. */
  care: Fact<string[]> | null;
  /** A category the words support ("jeans" -> Bottoms), or null. */
  category: Fact<Category> | null;
  /** The kind of item in the buyer's words, in English ("jeans", "t-shirt", "dress"), or null. */
  itemType: Fact<string> | null;
  /** Readings too weak to state (below the confidence line): offered to the seller as questions. */
  suggestions: FieldSuggestion[];
}

/** What the photos of the item show (image/analyse-image.ts). */
export interface ImageFacts {
  colours: Fact<Colour[]>;
  /** A category from the item's outline in a flat-lay photo, only when the shape is clear. */
  category: Fact<Category> | null;
  /** The kind of item the outline suggests ("trousers", "t-shirt", "dress", "shoes"), or null. */
  itemType: Fact<string> | null;
}

/** Everything the writer needs, merged with the seller's hints (which always win). */
export interface ItemFacts {
  brand: Fact<string> | null;
  size: Fact<string> | null;
  composition: Fact<FibreShare[]> | null;
  /**
   * What the care label itself says, as normalised instructions ('machine wash 30', 'do not tumble dry'; the
   * list is CARE_INSTRUCTIONS in text/writer/vocabulary.ts), or null when no label was read for care. The
   * writer states care from this alone, never from the fibre.
   */
  care: Fact<string[]> | null;
  colours: Fact<Colour[]>;
  category: Fact<Category> | null;
  itemType: Fact<string> | null;
  condition: Fact<ListingCondition> | null;
  /** The seller's 'Used' choice, which has no single listing condition. */
  preOwned: boolean;
  fit: 'true to size' | 'oversized' | 'undersized';
  openToOffers: boolean;
  shippingDays: number | null;
  /** Readings too weak to state, for the seller to confirm; the writer never uses them. */
  suggestions: FieldSuggestion[];
}

/** The listing fields the facts fill: each one's value, or null (no fibres) where nothing was read. */
export function listingFieldsOf(facts: ItemFacts) {
  return {
    brand: facts.brand?.value ?? null,
    size: facts.size?.value ?? null,
    colours: facts.colours.value,
    category: facts.category?.value ?? null,
    condition: facts.condition?.value ?? null,
    composition: facts.composition?.value ?? [],
  };
}
