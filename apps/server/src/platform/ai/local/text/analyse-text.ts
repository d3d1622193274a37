// Turns the text read from the photos into facts: brand, size, composition, and the kind of item the words
// (or, failing words, the size system) point to. Seller hints for brand and size always win, verbatim. A
// brand or size read too weakly to state becomes a suggestion for the seller; nothing but composition is
// read from a photo the reader judged to show the item rather than a label (decision 015).
import type { Category } from '@snaplist/contract';
import type { Fact, PhotoText, TextFacts } from '../facts';
import { readBrand } from './brand-match';
import { canonicalFibre, parseComposition } from './composition';
import { ITEM_TYPES, itemTypeFromText } from './item-type';
import { isCareText, isRunningText } from './label-vocabulary';
import { normaliseWords, roundConfidence, toLines } from './normalise';
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

/** The first line that names a kind of item wins, in photo order. */
function kindFromWords(texts: readonly PhotoText[]): KindFacts | null {
  for (const line of toLines(texts)) {
    if (!namesItem(line.text)) continue;
    const match = itemTypeFromText(line.text);
    if (match === null) continue;
    const evidence = [
      {
        source: 'label_text' as const,
        photo: line.photo,
        text: line.text,
        rule: 'item_type.word',
        confidence: roundConfidence(0.8 * (0.7 + 0.3 * line.confidence)),
      },
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
  if (size.system === 'jeans') {
    return {
      category: {
        value: 'Bottoms',
        evidence: evidence.map((item) => ({ ...item, rule: 'category.waist_leg_size' })),
      },
      itemType: {
        value: 'trousers',
        evidence: evidence.map((item) => ({ ...item, rule: 'item_type.waist_leg_size' })),
      },
    };
  }
  if (size.isShoeSize) {
    return {
      category: {
        value: 'Shoes',
        evidence: evidence.map((item) => ({ ...item, rule: 'category.shoe_size' })),
      },
      itemType: {
        value: 'shoes',
        evidence: evidence.map((item) => ({ ...item, rule: 'item_type.shoe_size' })),
      },
    };
  }
  return { category: null, itemType: null };
}

/** Everything the label and tag text says about the item. */
export function analyseText(texts: readonly PhotoText[], hints: { brand: string; size: string }): TextFacts {
  const labelTexts = texts.filter((text) => text.kind !== 'item');
  const brand = readBrand(labelTexts, hints.brand);
  const size = readSizeWithSuggestion(labelTexts, hints.size);
  const kind = kindFromWords(labelTexts) ?? kindFromSize(size.fact);
  return {
    brand: brand.fact,
    size: size.fact === null ? null : { value: size.fact.value, evidence: size.fact.evidence },
    composition: parseComposition(texts),
    category: kind.category,
    itemType: kind.itemType,
    suggestions: [brand.suggestion, size.suggestion].flatMap((suggestion) =>
      suggestion ? [suggestion] : [],
    ),
  };
}
