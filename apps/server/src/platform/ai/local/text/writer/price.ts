// Suggested price ranges from a fixed table (decision 008): typical UK resale prices per category for a
// mid-market brand in very good used condition, times a brand-tier factor and a condition factor, converted
// at fixed rates and rounded to prices people actually ask.
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
  | 'unknown';
export const CONDITION_FACTORS: Record<ConditionRow, number> = {
  new_with_tags: 1.5,
  new_without_tags: 1.3,
  like_new: 1.15,
  very_good: 1,
  good: 0.85,
  fair: 0.6,
  poor: 0.4,
  unknown: 0.9,
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
  if (condition === undefined) return 'unknown';
  return condition.toLowerCase().replace(/ /g, '_') as ConditionRow;
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
  const [low, high] = BASE_PRICES_GBP[categoryRow];
  const factor = TIER_FACTORS[tierRow] * CONDITION_FACTORS[condition] * RATES_FROM_GBP[currency];
  const min = roundFriendly(low * factor);
  const max = Math.max(roundFriendly(high * factor), min + 1);
  const rule = `price.${categoryRow.toLowerCase().replace(/ /g, '_')}.${tierRow}.${condition}`;
  return {
    range: { currency, min: min * 100, max: max * 100 },
    evidence: [
      {
        source: 'price_table',
        rule,
        text: `${categoryRow} × ${tierRow} brand × ${condition.replace(/_/g, ' ')}`,
      },
    ],
  };
}
