import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { findBrand, matchBrand, readBrand } from './brand-match';
import { photoText } from './testing';

function photo(text: string, number = 1, confidence = 0.9): PhotoText {
  return photoText(text, { photo: number, confidence });
}

describe('matchBrand', () => {
  it('lets the seller hint win, exactly as the seller typed it', () => {
    const fact = matchBrand([photo('ZARA\nM')], ' levis ');
    expect(fact?.value).toBe('levis');
    expect(fact?.evidence).toEqual([
      { source: 'seller_hint', text: 'levis', rule: 'brand.seller_hint_known', confidence: 1 },
    ]);
    // A sub-label is not folded into the main brand it is listed under.
    expect(matchBrand([photo('CARHARTT\nM')], 'Carhartt WIP')?.value).toBe('Carhartt WIP');
    expect(readBrand([photo('ZARA\nM')], 'Mango')).toMatchObject({ suggestion: null });
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
    expect(matchBrand([photo('NEXT\n12\nMade in Turkey')], '')?.value).toBe('Next');
    expect(matchBrand([photo('ONLY\nonly wash at 30°')], '')?.value).toBe('Only');
    expect(matchBrand([photo('HOUSE\nM')], '')?.value).toBe('House');
  });

  it('reads an ordinary-word brand after an origin line, but not below the text of a care label', () => {
    expect(matchBrand([photo('Made in Turkey\nNEXT\n12')], '')?.value).toBe('Next');
    expect(readBrand([photo('MACHINE WASH 30\nDO NOT TUMBLE DRY\nNEXT')], '')).toEqual({
      fact: null,
      suggestion: null,
    });
  });

  it('only asks about a near-miss below the text of a care label', () => {
    const reading = readBrand([photo('MACHINE WASH 30\nDO NOT TUMBLE DRY\nMASSIMO DUTTL')], '');
    expect(reading.fact).toBeNull();
    expect(reading.suggestion).toMatchObject({ field: 'brand', value: 'Massimo Dutti' });
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

describe('brand lines', () => {
  const none = (text: string) => readBrand([photo(text)], '');

  it('reads no brand from care, composition, origin or number lines', () => {
    expect(none('MACHINE WASH WARM\nONLY NON-CHLORINE BLEACH\nTUMBLE DRY MEDIUM')).toEqual({
      fact: null,
      suggestion: null,
    });
    expect(none('62% RAYON\n33% POLYESTER\n5% NYLON')).toEqual({ fact: null, suggestion: null });
    expect(none('70% Acrylic / Acryl / Polyacryl / Acrylique,\n30% Wool / Wol / Wolle / Laine')).toEqual({
      fact: null,
      suggestion: null,
    });
    expect(none('RN 54321\nCA 12345\nSTYLE 8812')).toEqual({ fact: null, suggestion: null });
    expect(none('WASH INSIDE OUT\nREMOVE PROMPTLY\nLINE DRY')).toEqual({ fact: null, suggestion: null });
  });

  it('reads no brand from a word inside running care text', () => {
    // "ONLY" on a line of its own, between two lines of one care sentence.
    expect(none('WASH WITH DARK COLOURS\nONLY\nNON-CHLORINE BLEACH WHEN NEEDED')).toEqual({
      fact: null,
      suggestion: null,
    });
    // A short word below the care text of a care label is a piece of it, not a brand.
    expect(none('MACHINE WASH COLD\nTUMBLE DRY LOW\nON\nDO NOT IRON')).toEqual({
      fact: null,
      suggestion: null,
    });
    expect(none('Wash separately,\nMango\nand dry flat')).toEqual({ fact: null, suggestion: null });
    // A long name read exactly is a brand wherever it sits.
    expect(none('MADE IN PORTUGAL\nMASSIMO DUTTI\n100% LINEN').fact?.value).toBe('Massimo Dutti');
  });

  it('matches near-misses only for long names read whole', () => {
    // Three letters matching a three-letter brand exactly are believed only as a clean line of their own;
    // one letter off a short name never counts.
    expect(none('MACHINE WASH\nARA\nDRY FLAT').fact).toBeNull();
    expect(readBrand([photo('ky\nA\nve\nARA\nsz\n|\nri', 1, 0.6)], '')).toEqual({
      fact: null,
      suggestion: null,
    });
    expect(none('ZAPA\nM').fact).toBeNull();
    expect(none('TEVAS').fact).toBeNull();
    expect(none('THANK YOU FOR SHOPPING AT MASSIMO DUTTI').fact).toBeNull();
    expect(none('TOMMY HILFIGER DENIM SLIM FIT').fact?.value).toBe('Tommy Hilfiger');
  });

  it('offers a short near-miss to the seller, never states it', () => {
    const reading = readBrand([photo('ZAPA\nM')], '');
    expect(reading.fact).toBeNull();
    expect(reading.suggestion).toMatchObject({ field: 'brand', value: 'Zara' });
  });

  it('only asks about a long name found in a reading that is mostly texture', () => {
    const texture = ['ky', 'A', 've', 'Ea', 'sz', '|', 'ri', 'MASSIMO DUTTI', 'o', 'tu'].join('\n');
    const reading = readBrand([photo(texture, 1, 0.45)], '');
    expect(reading.fact).toBeNull();
    expect(reading.suggestion).toMatchObject({ field: 'brand', value: 'Massimo Dutti' });
  });

  it('takes a two-letter name only in capitals', () => {
    expect(none('tu').fact).toBeNull();
    expect(none('TU').fact?.value).toBe('Tu');
  });

  it('reads nothing from a photo of the item itself', () => {
    const item: PhotoText = photoText('ZARA\nM', { kind: 'item' });
    expect(readBrand([item], '')).toEqual({ fact: null, suggestion: null });
  });

  it('offers a near-miss on a blurry photo as a suggestion instead of stating it', () => {
    const reading = readBrand([photo('SIZE 10\nRALPH LAURFN', 1, 0.3)], '');
    expect(reading.fact).toBeNull();
    expect(reading.suggestion).toMatchObject({ field: 'brand', value: 'Ralph Lauren' });
    expect(reading.suggestion?.evidence[0]?.confidence).toBeLessThan(0.75);
  });
});

describe('findBrand', () => {
  it('reads the name a line credits: "by X", "Designed by X", "Made for X"', () => {
    const madeFor = matchBrand([photo('MADE FOR ZARA\nMADE IN TURKEY\n100% COTTON')], '');
    expect(madeFor?.value).toBe('Zara');
    expect(madeFor?.evidence[0]).toMatchObject({ text: 'MADE FOR ZARA', rule: 'brand.exact' });
    expect(matchBrand([photo('Designed by Tommy Hilfiger\nM')], '')?.value).toBe('Tommy Hilfiger');
    expect(matchBrand([photo('by Mango\nM')], '')?.value).toBe('Mango');
    // "Made in" is an origin, and a credit to no listed name is no brand.
    expect(matchBrand([photo('MADE IN ITALY\n100% WOOL')], '')).toBeNull();
    expect(matchBrand([photo('MADE BY HAND\n100% WOOL')], '')).toBeNull();
  });

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
      expect(matchBrand([photoText(junk, { confidence: 0.4 })], ''), junk).toBeNull();
    }
  });
});

describe('short brand names', () => {
  it('believes a short or ordinary-word brand only from a confidently read photo', () => {
    expect(matchBrand([photoText('mon\nwe\nSas', { confidence: 0.42 })], '')).toBeNull();
    expect(matchBrand([photoText('on\nzk\nTe', { confidence: 0.38 })], '')).toBeNull();
    expect(matchBrand([photoText('NEXT')], '')?.value).toBe('Next');
  });
});

describe('the logo line', () => {
  const brandOf = (text: string, options: Parameters<typeof photoText>[1] = {}) =>
    readBrand([photoText(text, options)], '');

  it('states a name the brand list does not know from the largest type at the top of a label', () => {
    const reading = brandOf('LIMON COMPANY\nS\n100% COTTON\nGENTLE WASH AT 30°C', {
      letterHeights: [0.045, 0.03, 0.035, 0.035],
      confidence: 0.96,
    });
    expect(reading.fact?.value).toBe('Limon Company');
    expect(reading.fact?.evidence[0]).toMatchObject({ rule: 'brand.logo_line', text: 'LIMON COMPANY' });
    const camelCase = brandOf('NeroGiardini\nMADE IN ITALY\nA762060D', {
      letterHeights: [0.075, 0.035, 0.038],
      confidence: 0.99,
    });
    expect(camelCase.fact?.value).toBe('NeroGiardini');
  });

  it('only asks about a logo name that does not stand above the rest of the print', () => {
    const reading = brandOf('LIMON COMPANY\n100% COTTON\nDO NOT BLEACH', {
      letterHeights: [0.03, 0.03, 0.03],
      confidence: 0.95,
    });
    expect(reading.fact).toBeNull();
    expect(reading.suggestion).toMatchObject({ field: 'brand', value: 'Limon Company' });
  });

  it('reads no brand from a T-shirt print, a size header, care words run together or a weak reading', () => {
    const tall = { letterHeights: [0.08, 0.08, 0.03] };
    expect(brandOf('MAKE AMERICA\nGREAT AGAIN', tall)).toEqual({ fact: null, suggestion: null });
    expect(brandOf('BANGKOK\nTHAILAND', tall)).toEqual({ fact: null, suggestion: null });
    expect(brandOf('UK EUR\n8\n100% COTTON', tall)).toEqual({ fact: null, suggestion: null });
    expect(brandOf('MACHINEWASI\n100% COTTON', tall)).toEqual({ fact: null, suggestion: null });
    expect(brandOf('MADAO\n100% COTTON', { ...tall, confidence: 0.63 })).toEqual({
      fact: null,
      suggestion: null,
    });
  });

  it("cleans the marks a logo carries, and drops a last O only when the label's own text supports it", () => {
    const logo = { letterHeights: [0.078, 0.046, 0.05], confidence: 0.9 };
    expect(brandOf('Ocun+\n93%NYLON\n7%SPANDEX', logo).fact?.value).toBe('Ocún');
    expect(brandOf('PURLIN°\nMODELNO:6111\n90%VISCON', logo).fact?.value).toBe('Purlin');
    expect(brandOf('PURLINO\nMODELNO:6111\n90%VISCON', logo)).toEqual({ fact: null, suggestion: null });
    expect(brandOf('PURLINO\n90%VISCON\nWWW.PURLIN.COM', logo).fact?.value).toBe('Purlin');
  });

  it('takes the house brand in the logo over a retailer named in small print', () => {
    // A retailer from the brand list, printed small below the house brand's logo.
    const reading = brandOf('BLACK SQUAD\nPRIMARK\n100% COTTON', {
      letterHeights: [0.08, 0.03, 0.03],
      confidence: 0.95,
    });
    expect(reading.fact?.value).toBe('Black Squad');
    const retailerLogo = brandOf('PRIMARK\nBLACK SQUAD\n100% COTTON', {
      letterHeights: [0.08, 0.03, 0.03],
      confidence: 0.95,
    });
    expect(retailerLogo.fact?.value).toBe('Primark');
  });
});

describe('a brand printed on the item', () => {
  it('asks about a listed name in large type on the item, and never takes a word the list does not know', () => {
    const leg = photoText('UMBRO', { kind: 'item', letterHeights: [0.12], confidence: 0.97 });
    const reading = readBrand([leg], '');
    expect(reading.fact).toBeNull();
    expect(reading.suggestion).toMatchObject({ field: 'brand', value: 'Umbro' });
    const slogan = photoText('LORO PARQUE', { kind: 'item', letterHeights: [0.1], confidence: 0.99 });
    expect(readBrand([slogan], '')).toEqual({ fact: null, suggestion: null });
    const ordinaryWord = photoText('ONLY', { kind: 'item', letterHeights: [0.1], confidence: 0.99 });
    expect(readBrand([ordinaryWord], '')).toEqual({ fact: null, suggestion: null });
  });
});
