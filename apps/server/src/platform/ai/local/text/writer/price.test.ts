import { describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../facts';
import { suggestPrice } from './price';

function facts(brand: string | null, condition: ItemFacts['condition'] = null): ItemFacts {
  return {
    brand: brand === null ? null : { value: brand, evidence: [] },
    size: null,
    composition: null,
    colours: { value: [], evidence: [] },
    category: null,
    itemType: null,
    condition,
    preOwned: false,
    fit: 'true to size',
    openToOffers: false,
    shippingDays: null,
    suggestions: [],
  };
}

describe('suggestPrice', () => {
  it('prices a mid-tier coat in very good condition from the table, in pence', () => {
    const price = suggestPrice(facts('Zara', { value: 'Very good', evidence: [] }), 'Outerwear', 'GBP');
    expect(price.range).toEqual({ currency: 'GBP', min: 2000, max: 4000 });
    expect(price.evidence).toEqual([
      {
        source: 'price_table',
        rule: 'price.outerwear.mid.very_good',
        text: 'Outerwear × mid brand × very good',
      },
    ]);
  });

  it('scales by brand tier and condition and rounds to friendly numbers', () => {
    expect(
      suggestPrice(facts('Burberry', { value: 'New with tags', evidence: [] }), 'Outerwear', 'GBP').range,
    ).toEqual({
      currency: 'GBP',
      min: 18000,
      max: 36000,
    });
    expect(suggestPrice(facts('Primark'), 'Tops', 'GBP').range).toEqual({
      currency: 'GBP',
      min: 300,
      max: 600,
    });
    const unknown = suggestPrice(facts(null), null, 'GBP');
    expect(unknown.range).toEqual({ currency: 'GBP', min: 400, max: 1100 });
    expect(unknown.evidence[0]?.rule).toBe('price.unknown.unknown.unknown');
  });

  it('converts at the fixed rates', () => {
    expect(
      suggestPrice(facts('Zara', { value: 'Very good', evidence: [] }), 'Outerwear', 'EUR').range,
    ).toEqual({
      currency: 'EUR',
      min: 2500,
      max: 4500,
    });
    expect(suggestPrice(facts('Zara', { value: 'Very good', evidence: [] }), 'Tops', 'USD').range).toEqual({
      currency: 'USD',
      min: 800,
      max: 1600,
    });
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
});
