// Turns the text read from the photos into facts: brand, size, composition, the care the label's own words
// give, and the kind of item the words (never the brand's: "Nudie Jeans" on a jacket) or, failing words, the
// size system point to. Seller hints for brand and size always win, verbatim. A brand or size read too
// weakly to state becomes a suggestion for the seller; from a photo the reader judged to show the item rather
// than a label, only composition and a listed brand printed on the item are read (decision 015).
import type { Category } from '@snaplist/contract';
import type { Fact, PhotoText, TextFacts } from '../facts';
import { findBrand, readBrand } from './brand-match';
import { BRANDS } from './brands';
import { readCare } from './care-text';
import { canonicalFibre, parseComposition } from './composition';
import { ITEM_TYPES, itemTypeFromText } from './item-type';
import { isCareText, isRunningText } from './label-vocabulary';
import { lineEvidence, normaliseWords, roundConfidence, toLines } from './normalise';
import { readSizeWithSuggestion, type SizeFact } from './size';

interface KindFacts {
  category: Fact<Category> | null;
  itemType: Fact<string> | null;
}

/**
 * Item words are names on a tag ("Slim Fit Jeans", "Wool Coat", "Jeans W32"), not words inside care or
 * composition text ("Wash in a mesh bag", "60% cotton bag") or a sentence.
 */
const ITEM_LINE_MAX_WORDS = 6;

function namesItem(text: string): boolean {
  if (/%|\d\s*°/.test(text) || isRunningText(text)) return false;
  const words = normaliseWords(text).split(' ').filter(Boolean);
  return (
    words.length <= ITEM_LINE_MAX_WORDS &&
    words.every((word) => !isCareText(word) || canonicalFibre(word) !== null)
  );
}

/**
 * Listed brand names that hold an item word ("Nudie Jeans", "Red Wing Shoes", "Toni Dress"): on a label they
 * name the brand, never the item. Names of one word are left out: a line that is only "Boots" or "Coat" names
 * the item more often than a brand.
 */
const BRAND_NAMES_WITH_ITEM_WORDS = BRANDS.flatMap((brand) =>
  brand.aliases.map((alias) => normaliseWords(alias.text)),
).filter((name) => name.includes(' ') && itemTypeFromText(name) !== null);

/** The names of the stated brand as a label may print them: as stated, and every listed alias. */
function statedBrandNames(brand: string | null): string[] {
  if (brand === null) return [];
  const aliases = findBrand(brand)?.aliases.map((alias) => normaliseWords(alias.text)) ?? [];
  return [normaliseWords(brand), ...aliases].filter(Boolean);
}

/**
 * A line's words without the brand's: "NUDIE JEANS" on a jacket's label, or an unknown "JEANS CLUB" read as
 * the brand, says nothing about the item. Longer names go first, so "calvin klein jeans" goes whole.
 */
function withoutBrandNames(text: string, brandNames: readonly string[]): string {
  let words = ` ${normaliseWords(text)} `;
  for (const name of [...brandNames].sort((a, b) => b.length - a.length)) {
    words = words.replaceAll(` ${name} `, ' ');
  }
  return words.trim();
}

/** The first line that names a kind of item, once the brand's words are set aside, wins in photo order. */
function kindFromWords(texts: readonly PhotoText[], brand: string | null): KindFacts | null {
  const brandNames = [...statedBrandNames(brand), ...BRAND_NAMES_WITH_ITEM_WORDS];
  for (const line of toLines(texts)) {
    if (!namesItem(line.text)) continue;
    const match = itemTypeFromText(withoutBrandNames(line.text, brandNames));
    if (match === null) continue;
    const evidence = [
      lineEvidence(line, 'item_type.word', roundConfidence(0.8 * (0.7 + 0.3 * line.confidence))),
    ];
    return {
      itemType: { value: match.type, evidence },
      category: {
        value: ITEM_TYPES[match.type],
        evidence: evidence.map((item) => ({ ...item, rule: 'category.item_word' })),
      },
    };
  }
  return null;
}

/**
 * Without garment words the size system still says something: a waist and leg size is worn on the legs, and
 * a shoe size is a shoe. It names the category, and the item type only as broadly as the size allows.
 */
function kindFromSize(size: SizeFact | null): KindFacts {
  if (size === null) return { category: null, itemType: null };
  const evidence = size.evidence.map((item) => ({
    ...item,
    confidence: roundConfidence((item.confidence ?? 1) * 0.8),
  }));
  const sizeSays = (category: Category, itemType: string, reason: string): KindFacts => ({
    category: {
      value: category,
      evidence: evidence.map((item) => ({ ...item, rule: `category.${reason}` })),
    },
    itemType: {
      value: itemType,
      evidence: evidence.map((item) => ({ ...item, rule: `item_type.${reason}` })),
    },
  });
  if (size.system === 'jeans') return sizeSays('Bottoms', 'trousers', 'waist_leg_size');
  if (size.isShoeSize) return sizeSays('Shoes', 'shoes', 'shoe_size');
  return { category: null, itemType: null };
}

/** Everything the label and tag text says about the item. */
export function analyseText(texts: readonly PhotoText[], hints: { brand: string; size: string }): TextFacts {
  const labelTexts = texts.filter((text) => text.kind !== 'item');
  // The brand also looks at photos of the item, for a listed name printed on it (brand-match.ts).
  const brand = readBrand(texts, hints.brand);
  // A photo whose brand was read from its label is a brand label ("ZARA" over "M"), though two words are too
  // few for the reader to call it one: the lone letter under the brand is that label's size.
  const brandLabels = new Set(
    brand.fact?.evidence.flatMap((item) => (item.source === 'label_text' && item.photo ? [item.photo] : [])),
  );
  const size = readSizeWithSuggestion(
    labelTexts.map((text) =>
      text.kind === 'unknown' && brandLabels.has(text.photo) ? { ...text, kind: 'label' as const } : text,
    ),
    hints.size,
  );
  const kind = kindFromWords(labelTexts, brand.fact?.value ?? null) ?? kindFromSize(size.fact);
  return {
    brand: brand.fact,
    size: size.fact === null ? null : { value: size.fact.value, evidence: size.fact.evidence },
    composition: parseComposition(texts),
    care: readCare(labelTexts),
    category: kind.category,
    itemType: kind.itemType,
    suggestions: [brand.suggestion, size.suggestion].flatMap((suggestion) =>
      suggestion ? [suggestion] : [],
    ),
  };
}
