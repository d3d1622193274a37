import { describe, expect, it } from 'vitest';
import { mentions, removeMentions, sameValue } from './mentions';

describe('mentions', () => {
  it.each([
    // A value is found whatever its case, accents, spacing and punctuation.
    ['Vintage H & M shirt', 'H&M', true],
    ["LEVI'S 501", 'Levis', true],
    ['Size: UK12', 'UK 12', true],
    ['Label reads W32/L34', 'W32 L34', true],
    ['Größe 38', 'grosse 38', true],
    // Whole words only.
    ['Made in Italy', 'M', false],
    ['Zarautz surf tee', 'Zara', false],
    ['Size M', 'M', true],
  ])('finds in %j the value %j: %s', (text, value, found) => {
    expect(mentions(text, value)).toBe(found);
  });
});

describe('sameValue', () => {
  it.each([
    ['ZARA', 'Zara'],
    ['Levi’s', "Levi's"],
  ])('takes %j and %j for the same value once normalised', (first, second) => {
    expect(sameValue(first, second)).toBe(true);
  });

  it.each([
    ['Zara', 'Zara Home'],
    ['', ''],
  ])('takes %j and %j for different values', (first, second) => {
    expect(sameValue(first, second)).toBe(false);
  });
});

describe('removeMentions', () => {
  it.each([
    // A brand is cut out, and the separators it leaves are tidied.
    ['Gucci Blue Denim Jeans', 'Gucci', false, 'Blue Denim Jeans'],
    ['Blue Jeans - Gucci, Size 32', 'gucci', false, 'Blue Jeans - Size 32'],
    ['Blue Jeans by Gucci', 'Gucci', false, 'Blue Jeans by'],
    // A size takes its size word with it.
    ['Blue Jeans Size XL', 'XL', true, 'Blue Jeans'],
    ['Robe bleue taille 40 coton', '40', true, 'Robe bleue coton'],
    // A text that does not name the value stays as it was.
    ['Blue  Jeans', 'Gucci', false, 'Blue  Jeans'],
  ])('cuts from %j the value %j (a size: %s)', (text, value, isSize, remaining) => {
    expect(removeMentions(text, value, isSize)).toBe(remaining);
  });
});
