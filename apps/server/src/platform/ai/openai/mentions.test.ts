import { describe, expect, it } from 'vitest';
import { mentions, removeMentions, sameValue } from './mentions';

describe('mentions', () => {
  it('finds a value whatever its case, accents, spacing and punctuation', () => {
    expect(mentions('Vintage H & M shirt', 'H&M')).toBe(true);
    expect(mentions("LEVI'S 501", 'Levis')).toBe(true);
    expect(mentions('Size: UK12', 'UK 12')).toBe(true);
    expect(mentions('Label reads W32/L34', 'W32 L34')).toBe(true);
    expect(mentions('Größe 38', 'grosse 38')).toBe(true);
  });

  it('matches whole words only', () => {
    expect(mentions('Made in Italy', 'M')).toBe(false);
    expect(mentions('Zarautz surf tee', 'Zara')).toBe(false);
    expect(mentions('Size M', 'M')).toBe(true);
  });
});

describe('sameValue', () => {
  it('compares normalised values', () => {
    expect(sameValue('ZARA', 'Zara')).toBe(true);
    expect(sameValue('Levi’s', "Levi's")).toBe(true);
    expect(sameValue('Zara', 'Zara Home')).toBe(false);
    expect(sameValue('', '')).toBe(false);
  });
});

describe('removeMentions', () => {
  it('cuts a brand out and tidies the separators it leaves', () => {
    expect(removeMentions('Gucci Blue Denim Jeans', 'Gucci')).toBe('Blue Denim Jeans');
    expect(removeMentions('Blue Jeans - Gucci, Size 32', 'gucci')).toBe('Blue Jeans - Size 32');
    expect(removeMentions('Blue Jeans by Gucci', 'Gucci')).toBe('Blue Jeans by');
  });

  it('takes the size word with a size', () => {
    expect(removeMentions('Blue Jeans Size XL', 'XL', true)).toBe('Blue Jeans');
    expect(removeMentions('Robe bleue taille 40 coton', '40', true)).toBe('Robe bleue coton');
  });

  it('leaves a text that does not name the value as it was', () => {
    expect(removeMentions('Blue  Jeans', 'Gucci')).toBe('Blue  Jeans');
  });
});
