// Turns the text read from the photos into facts: brand, size, composition, and the kind of item the words
// (or, failing words, the size system) point to. Seller hints for brand and size always win.
import type { Category } from '@snaplist/contract';
import type { Fact, PhotoText, TextFacts } from '../facts';
import { matchBrand } from './brand-match';
import { parseComposition } from './composition';
import { ITEM_TYPES, itemTypeFromText } from './item-type';
import { roundConfidence, toLines } from './normalise';
import { readSize, type SizeFact } from './size';

interface KindFacts {
  category: Fact<Category> | null;
  itemType: Fact<string> | null;
}

/** The first line that names a kind of item wins, in photo order. */
function kindFromWords(texts: readonly PhotoText[]): KindFacts | null {
  for (const line of toLines(texts)) {
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
  const size = readSize(texts, hints.size);
  const kind = kindFromWords(texts) ?? kindFromSize(size);
  return {
    brand: matchBrand(texts, hints.brand),
    size: size === null ? null : { value: size.value, evidence: size.evidence },
    composition: parseComposition(texts),
    category: kind.category,
    itemType: kind.itemType,
    suggestions: [],
  };
}
