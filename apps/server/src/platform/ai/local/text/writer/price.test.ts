import type { Category, Currency, ListingCondition } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../facts';
import { suggestPrice } from './price';

function facts(
  brand: string | null,
  condition: ItemFacts['condition'] = null,
  more: Partial<ItemFacts> = {},
): ItemFacts {
  return {
    brand: brand === null ? null : { value: brand, evidence: [] },
    size: null,
    composition: null,
    care: null,
    colours: { value: [], evidence: [] },
    category: null,
    itemType: null,
    condition,
    preOwned: false,
    fit: 'true to size',
    openToOffers: false,
    shippingDays: null,
    suggestions: [],
    ...more,
  };
}

const composition = (...shares: [string, number][]): Partial<ItemFacts> => ({
  composition: { value: shares.map(([fibre, percent]) => ({ fibre, percent })), evidence: [] },
});

describe('suggestPrice', () => {
  it('prices a mid-tier coat in very good condition from the table, in pence', () => {
    const price = suggestPrice(facts('Zara', { value: 'Very good', evidence: [] }), 'Outerwear', 'GBP');
    expect(price.range).toEqual({ currency: 'GBP', min: 2000, max: 4000 });
    // The reason is a rule key the web app words in the seller's language, not an English sentence.
    expect(price.evidence).toEqual([{ source: 'price_table', rule: 'price.outerwear.mid.very_good' }]);
  });

  it.each<
    [brand: string | null, ListingCondition | null, Category | null, Currency, min: number, max: number]
  >([
    // Scaled by brand tier and condition, and rounded to friendly numbers.
    ['Burberry', 'New with tags', 'Outerwear', 'GBP', 18000, 36000],
    ['Primark', null, 'Tops', 'GBP', 300, 600],
    [null, null, null, 'GBP', 400, 1100],
    // Converted at the fixed rates.
    ['Zara', 'Very good', 'Outerwear', 'EUR', 2500, 4500],
    ['Zara', 'Very good', 'Tops', 'USD', 800, 1600],
  ])(
    'prices %s in %s condition (%s) in %s from %i to %i',
    (brand, condition, category, currency, min, max) => {
      const stated = condition === null ? null : { value: condition, evidence: [] };
      expect(suggestPrice(facts(brand, stated), category, currency).range).toEqual({ currency, min, max });
    },
  );

  it('names the rule of an item nothing is known about', () => {
    expect(suggestPrice(facts(null), null, 'GBP').evidence[0]?.rule).toBe('price.unknown.unknown.unknown');
  });

  it('keeps the range a real range for the cheapest rows', () => {
    const { min, max } = suggestPrice(
      facts('Primark', { value: 'Poor', evidence: [] }),
      'Accessories',
      'GBP',
    ).range;
    expect(min).toBeGreaterThanOrEqual(100);
    expect(max).toBeGreaterThan(min);
  });

  it('lifts the price for cashmere, leather, silk, wool and linen, but not for synthetics', () => {
    const used = { preOwned: true };
    const cashmereDress = suggestPrice(
      facts(null, null, { ...used, ...composition(['cashmere', 100]) }),
      'Dresses',
      'GBP',
    );
    expect(cashmereDress.range).toEqual({ currency: 'GBP', min: 1800, max: 3500 });
    expect(cashmereDress.evidence[0]?.rule).toBe('price.dresses.unknown.used.cashmere');
    const plainDress = suggestPrice(facts(null, null, used), 'Dresses', 'GBP');
    expect(plainDress.range).toEqual({ currency: 'GBP', min: 700, max: 1400 });
    expect(plainDress.evidence[0]?.rule).toBe('price.dresses.unknown.used');

    const polyester = suggestPrice(facts(null, null, composition(['polyester', 100])), 'Dresses', 'GBP');
    const acrylic = suggestPrice(facts(null, null, composition(['acrylic', 100])), 'Dresses', 'GBP');
    const unknownFabric = suggestPrice(facts(null), 'Dresses', 'GBP');
    expect(polyester.range).toEqual(unknownFabric.range);
    expect(acrylic.range).toEqual(unknownFabric.range);

    const order = ['cashmere', 'leather', 'silk', 'wool', 'linen'].map(
      (fibre) => suggestPrice(facts(null, null, composition([fibre, 100])), 'Tops', 'GBP').range.max,
    );
    expect(order).toEqual([...order].sort((a, b) => b - a));
    // Even linen, the smallest lift, prices above the same top of unknown fabric.
    expect(order.at(-1)).toBeGreaterThan(suggestPrice(facts(null), 'Tops', 'GBP').range.max);
  });

  it('counts a fibre only when it is half the item or more', () => {
    const blend = suggestPrice(
      facts('Zara', null, composition(['polyester', 60], ['wool', 40])),
      'Outerwear',
      'GBP',
    );
    expect(blend.evidence[0]?.rule).toBe('price.outerwear.mid.unknown');
    const woolCoat = suggestPrice(
      facts('Zara', null, composition(['wool', 60], ['polyester', 40])),
      'Outerwear',
      'GBP',
    );
    expect(woolCoat.range.min).toBeGreaterThan(blend.range.min);
    expect(woolCoat.evidence[0]?.rule).toBe('price.outerwear.mid.unknown.wool');
  });
});
