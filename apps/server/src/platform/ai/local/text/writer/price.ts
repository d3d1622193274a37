// Suggested price ranges from a fixed table (decision 008): typical UK resale prices per category for a
// mid-market brand in very good used condition, times a brand-tier factor, a condition factor and a material
// factor, converted at fixed rates and rounded to prices people actually ask. The reason is a rule key
// (`price.dresses.unknown.used.cashmere`) that the web app puts in the seller's language.
import type { Category, Currency, FieldEvidence, PriceRange } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { findBrand } from '../brand-match';
import type { BrandTier } from '../brands';

/** GBP, whole pounds: [low, high] for a mid-tier brand in very good condition (Vinted/eBay UK, 2025). */
export const BASE_PRICES_GBP: Record<Category | 'unknown', [number, number]> = {
  Tops: [6, 12],
  Bottoms: [10, 18],
  Dresses: [10, 20],
  Outerwear: [20, 40],
  Shoes: [15, 30],
  Accessories: [5, 12],
  Bags: [12, 25],
  Jewelry: [6, 15],
  Activewear: [8, 16],
  Swimwear: [6, 12],
  Vintage: [12, 25],
  Designer: [40, 90],
  Streetwear: [15, 30],
  'Formal Wear': [15, 35],
  'Casual Wear': [6, 14],
  unknown: [6, 15],
};

export const TIER_FACTORS: Record<BrandTier | 'unknown', number> = {
  luxury: 6,
  premium: 2.2,
  mid: 1,
  value: 0.6,
  unknown: 0.8,
};

type ConditionRow =
  | 'new_with_tags'
  | 'new_without_tags'
  | 'like_new'
  | 'very_good'
  | 'good'
  | 'fair'
  | 'poor'
  | 'used'
  | 'unknown';
export const CONDITION_FACTORS: Record<ConditionRow, number> = {
  new_with_tags: 1.5,
  new_without_tags: 1.3,
  like_new: 1.15,
  very_good: 1,
  good: 0.85,
  fair: 0.6,
  poor: 0.4,
  // The seller's "Used" with no grade: as likely good as very good.
  used: 0.9,
  unknown: 0.9,
};

/**
 * Fibres that lift resale prices when they are most of the item (half or more). Synthetics, cotton and
 * blends below half are the table's base. From sold listings: a cashmere jumper fetches two to three times a
 * mid-brand one, leather and silk about one and a half to two times, wool and linen a little more.
 */
export const MATERIAL_FACTORS: Partial<Record<string, number>> = {
  cashmere: 2.5,
  leather: 1.8,
  silk: 1.6,
  alpaca: 1.5,
  mohair: 1.4,
  wool: 1.3,
  linen: 1.2,
};

/** Units of the currency per pound, fixed so a listing's price does not move with the market (decision 008). */
export const RATES_FROM_GBP: Record<Currency, number> = { GBP: 1, EUR: 1.15, USD: 1.3 };

/** Friendly steps: whole units under 20, fives under 100, tens under 500, fifties above. */
function roundFriendly(amount: number): number {
  const step = amount < 20 ? 1 : amount < 100 ? 5 : amount < 500 ? 10 : 50;
  return Math.max(1, Math.round(amount / step) * step);
}

function conditionRow(facts: ItemFacts): ConditionRow {
  const condition = facts.condition?.value;
  if (condition === undefined) return facts.preOwned ? 'used' : 'unknown';
  return condition.toLowerCase().replace(/ /g, '_') as ConditionRow;
}

/** The fibre that lifts the price: the largest share, when it is half the item or more and on the list. */
function priceMaterial(facts: ItemFacts): string | null {
  const main = facts.composition?.value.reduce(
    (largest, share) => (share.percent > largest.percent ? share : largest),
    { fibre: '', percent: 0 },
  );
  if (main === undefined || main.percent < 50) return null;
  return MATERIAL_FACTORS[main.fibre] === undefined ? null : main.fibre;
}

export interface PriceSuggestion {
  range: PriceRange;
  evidence: FieldEvidence[];
}

export function suggestPrice(
  facts: ItemFacts,
  category: Category | null,
  currency: Currency,
): PriceSuggestion {
  const categoryRow = category ?? 'unknown';
  const brand = facts.brand === null ? null : findBrand(facts.brand.value);
  const tierRow = brand?.tier ?? 'unknown';
  const condition = conditionRow(facts);
  const material = priceMaterial(facts);
  const [low, high] = BASE_PRICES_GBP[categoryRow];
  const factor =
    TIER_FACTORS[tierRow] *
    CONDITION_FACTORS[condition] *
    (material === null ? 1 : (MATERIAL_FACTORS[material] ?? 1)) *
    RATES_FROM_GBP[currency];
  const min = roundFriendly(low * factor);
  const max = Math.max(roundFriendly(high * factor), min + 1);
  const row = `price.${categoryRow.toLowerCase().replace(/ /g, '_')}.${tierRow}.${condition}`;
  // No English text: the rule is the reason, and the web app words it in the seller's language.
  return {
    range: { currency, min: min * 100, max: max * 100 },
    evidence: [{ source: 'price_table', rule: material === null ? row : `${row}.${material}` }],
  };
}
