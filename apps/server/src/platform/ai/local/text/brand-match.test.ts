import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { findBrand, matchBrand } from './brand-match';

function photo(text: string, number = 1, confidence = 0.9): PhotoText {
  return { photo: number, text, confidence, kind: 'label' };
}

describe('matchBrand', () => {
  it('lets the seller hint win, spelt the way the brand spells itself', () => {
    const fact = matchBrand([photo('ZARA\nM')], ' levis ');
    expect(fact?.value).toBe("Levi's");
    expect(fact?.evidence).toEqual([
      { source: 'seller_hint', text: 'levis', rule: 'brand.seller_hint_known', confidence: 1 },
    ]);
  });

  it('keeps an unknown hinted brand as the seller typed it, trimmed', () => {
    expect(matchBrand([], '  Atelier  Nowak ')?.value).toBe('Atelier Nowak');
  });

  it('reads an exact brand from the label with its photo and line', () => {
    const fact = matchBrand([photo('TOMMY HILFIGER\nSIZE M\n100% COTTON', 2)], '');
    expect(fact?.value).toBe('Tommy Hilfiger');
    expect(fact?.evidence[0]).toMatchObject({
      source: 'label_text',
      photo: 2,
      text: 'TOMMY HILFIGER',
      rule: 'brand.exact',
    });
  });

  it('reads brands written with symbols and spaces in any form', () => {
    expect(matchBrand([photo('H & M\nEUR M')], '')?.value).toBe('H&M');
    expect(matchBrand([photo('HM\nDIVIDED')], '')?.value).toBe('H&M');
    expect(matchBrand([photo('&OTHER STORIES')], '')?.value).toBe('& Other Stories');
    expect(matchBrand([photo('LEVI STRAUSS & CO.\nW32 L34')], '')?.value).toBe("Levi's");
    expect(matchBrand([photo('G-STAR RAW\nW30 L32')], '')?.value).toBe('G-Star Raw');
  });

  it('forgives OCR slips in longer names', () => {
    const fact = matchBrand([photo('SIZE S\nTOMMY HILFIGFR')], '');
    expect(fact?.value).toBe('Tommy Hilfiger');
    expect(fact?.evidence[0]?.rule).toBe('brand.fuzzy');
    expect(matchBrand([photo('RESERVFD')], '')?.value).toBeUndefined();
    expect(matchBrand([photo('MANG0\n38')], '')?.value).toBe('Mango');
    expect(matchBrand([photo('Massimo Duttl')], '')?.value).toBe('Massimo Dutti');
  });

  it('reads Polish high-street labels', () => {
    expect(matchBrand([photo('RESERVED\nRozmiar M\n100% bawełna')], '')?.value).toBe('Reserved');
    expect(matchBrand([photo('MOHITO\n36')], '')?.value).toBe('Mohito');
    expect(matchBrand([photo('4F\nL')], '')?.value).toBe('4F');
    expect(matchBrand([photo('WÓLCZANKA\n41/176')], '')?.value).toBe('Wólczanka');
  });

  it('does not read ordinary words on care and composition lines as brands', () => {
    const label = photo(
      [
        'Only wash at 30°',
        'Made in Bangladesh',
        '100% Cotton',
        'Wash with similar colours',
        'Next day',
        'Do not tumble dry',
      ].join('\n'),
    );
    expect(matchBrand([label], '')).toBeNull();
    expect(matchBrand([photo('Machine wash 40\nGuess what\nNew look for old things')], '')).toBeNull();
  });

  it('reads an ordinary-word brand when it stands alone on its line', () => {
    expect(matchBrand([photo('Made in Turkey\nNEXT\n12')], '')?.value).toBe('Next');
    expect(matchBrand([photo('ONLY\nonly wash at 30°')], '')?.value).toBe('Only');
    expect(matchBrand([photo('HOUSE\nM')], '')?.value).toBe('House');
  });

  it('prefers the most brand-like line when several brands appear', () => {
    const label = photo('CALVIN KLEIN JEANS\nMade for Zalando\nSIZE M');
    expect(matchBrand([label], '')?.value).toBe('Calvin Klein');
  });

  it('collects every photo that shows the winning brand', () => {
    const fact = matchBrand([photo('ZARA\nM', 1), photo('junk\n~~~', 2), photo('ZARA WOMAN', 3)], '');
    expect(fact?.value).toBe('Zara');
    expect(fact?.evidence.map((item) => item.photo)).toEqual([1, 3]);
  });

  it('returns null when nothing is known', () => {
    expect(matchBrand([], '')).toBeNull();
    expect(matchBrand([photo('~~ . ,\n|||')], '')).toBeNull();
  });
});

describe('findBrand', () => {
  it('finds a brand by any alias', () => {
    expect(findBrand('Hennes & Mauritz')?.name).toBe('H&M');
    expect(findBrand('nobody')).toBeNull();
  });
});

describe('texture read as text', () => {
  it('finds no brand in the letters OCR sees in wood grain and dark fabric', () => {
    for (const junk of [
      'A\nE\ndi\n|',
      'A',
      'manie,\n>\nji\ni\nx;\ne\nE\nir\nRe\nEs',
      'X\n5\n=\ni:\nBE\nsu\nZA\nes\nLa\nSs\nSA\nSCH',
    ]) {
      expect(matchBrand([{ photo: 1, text: junk, confidence: 0.4, kind: 'label' }], ''), junk).toBeNull();
    }
  });
});

describe('short brand names', () => {
  it('believes a short or ordinary-word brand only from a confidently read photo', () => {
    expect(matchBrand([{ photo: 1, text: 'mon\nwe\nSas', confidence: 0.42, kind: 'label' }], '')).toBeNull();
    expect(matchBrand([{ photo: 1, text: 'on\nzk\nTe', confidence: 0.38, kind: 'label' }], '')).toBeNull();
    expect(matchBrand([{ photo: 1, text: 'NEXT', confidence: 0.9, kind: 'label' }], '')?.value).toBe('Next');
  });
});
