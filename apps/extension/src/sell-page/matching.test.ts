// How a listing's size, brand and price are compared with what a marketplace's form offers and shows: a size in
// the ways size lists write it, a brand whatever its case and punctuation, a price box's amount in any format.
import { describe, expect, it } from 'vitest';
import { brandKey, sizeSpellings } from './form/widgets';
import { amountShown } from './marketplaces/common';

describe('comparing with a marketplace’s options', () => {
  it.each([
    ['UK 10', ['UK 10', '10']],
    ['W32 L34', ['W32 L34', 'W32', '32"', '32', 'Waist 32']],
    ['M', ['M', 'm', 'medium']],
    ['EU 38', ['EU 38', '38']],
  ])('size %s is written %j', (size, spellings) => {
    expect(sizeSpellings(size)).toEqual(spellings);
  });

  it('a brand is the same name whatever its case, dots, spaces and apostrophes', () => {
    expect(brandKey('Levi’s')).toBe(brandKey("LEVI'S"));
    expect(brandKey('J.Crew')).toBe(brandKey('J. Crew'));
    expect(brandKey("Levi's Vintage Clothing")).not.toBe(brandKey("Levi's"));
  });

  it.each([
    ['£24.50', 24.5],
    ['24,50 €', 24.5],
    ['1 234,00', 1234],
    ['45', 45],
    ['', null],
  ])('the price box showing %j holds %j', (shown, amount) => {
    expect(amountShown(shown)).toBe(amount);
  });
});
