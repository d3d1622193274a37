import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { parseSize, prepareSizeText, readSize, readSizeWithSuggestion } from './size';
import { photoText } from './testing';

function photo(text: string, number = 1): PhotoText {
  return photoText(text, { photo: number, confidence: 0.9 });
}

function sizeOf(text: string): string | undefined {
  return parseSize([photo(text)], '')?.value;
}

describe('parseSize', () => {
  it('lets the seller hint win, exactly as typed', () => {
    expect(parseSize([photo('SIZE L')], ' m ')).toEqual({
      value: 'm',
      evidence: [{ source: 'seller_hint', text: 'm', rule: 'size.seller_hint', confidence: 1 }],
    });
    expect(parseSize([], 'uk12')?.value).toBe('uk12');
    expect(parseSize([], 'Medium')?.value).toBe('Medium');
    expect(parseSize([], 'fits like a 10')?.value).toBe('fits like a 10');
    // Still read for what it says about the item: a waist/leg size is worn on the legs.
    expect(readSize([], 'w32 l34')).toMatchObject({ value: 'w32 l34', system: 'jeans' });
  });

  it('reads letter sizes on size lines only', () => {
    expect(sizeOf('ZARA\nSIZE M\n100% cotton')).toBe('M');
    expect(sizeOf('Taille : XL')).toBe('XL');
    expect(sizeOf('Größe: S')).toBe('S');
    expect(sizeOf('Rozm. XXL')).toBe('XXL');
    expect(sizeOf('Gr. 2XL')).toBe('2XL');
    expect(sizeOf('NIKE\nM')).toBe('M');
    expect(sizeOf('X-Large')).toBe('XL');
    expect(sizeOf('Made in Morocco\nMachine wash')).toBeUndefined();
  });

  it('tolerates OCR slips', () => {
    expect(sizeOf('S1ZE M')).toBe('M');
    expect(sizeOf('UK1O')).toBe('UK 10');
    expect(prepareSizeText('EU 4O')).toBe('EU 40');
  });

  it('prefers the letter size and keeps the other systems in the evidence', () => {
    const fact = parseSize([photo('M / UK 12 / EU 40 / US 8', 3)], '');
    expect(fact?.value).toBe('M (UK 12, EU 40, US 8)');
    expect(fact?.evidence.map((item) => item.rule)).toEqual(['size.letter', 'size.uk', 'size.eu', 'size.us']);
    expect(fact?.evidence[0]).toMatchObject({
      source: 'label_text',
      photo: 3,
      text: 'M / UK 12 / EU 40 / US 8',
    });
  });

  it('reads country sizes, also when OCR joins them', () => {
    expect(sizeOf('UK 12 EU 40')).toBe('UK 12 (EU 40)');
    expect(sizeOf('EU40US 8')).toBe('EU 40 (US 8)');
    expect(sizeOf('FR 36')).toBe('FR 36');
    expect(sizeOf('IT 42')).toBe('IT 42');
    expect(sizeOf('US 8')).toBe('US 8');
    expect(sizeOf('EUR 38')).toBe('EU 38');
  });

  it('reads jeans sizes in their usual forms', () => {
    expect(sizeOf('W32 L34')).toBe('W32 L34');
    expect(sizeOf('W 30 L 32')).toBe('W30 L32');
    expect(sizeOf('W30/L32')).toBe('W30 L32');
    expect(sizeOf('30x32')).toBe('W30 L32');
    expect(sizeOf('30/32')).toBe('W30 L32');
    expect(sizeOf('W3O L32')).toBe('W30 L32');
    expect(sizeOf('W31')).toBe('W31');
    expect(sizeOf('Größe 38/40')).toBe('38');
  });

  it('reads shoe sizes and prefers UK for them', () => {
    const fact = readSize([photo('EUR 42 UK 8 US 9')], '');
    expect(fact?.value).toBe('UK 8 (EU 42, US 9)');
    expect(fact?.isShoeSize).toBe(true);
    expect(readSize([photo('UK 7')], '')?.isShoeSize).toBe(true);
    expect(readSize([photo('EU 41')], '')?.value).toBe('EU 41');
    expect(readSize([photo('US 9.5')], '')?.value).toBe('US 9.5');
    expect(readSize([photo('UK 12 EU 40')], '')?.isShoeSize).toBe(false);
  });

  it("reads children's ages and heights, language-neutral", () => {
    expect(sizeOf('2-3 Y')).toBe('2-3 years');
    expect(sizeOf('3-4 years')).toBe('3-4 years');
    expect(sizeOf('12-18 M')).toBe('12-18 months');
    expect(sizeOf('age 5')).toBe('5 years');
    expect(sizeOf('5 ans')).toBe('5 years');
    expect(sizeOf('5 Jahre')).toBe('5 years');
    expect(sizeOf('5 lat')).toBe('5 years');
    expect(sizeOf('110 cm')).toBe('110 cm');
    expect(sizeOf('Gr. 116')).toBe('116 cm');
    expect(sizeOf('3-4 years\n104 cm')).toBe('3-4 years');
  });

  it('reads one-size labels in several languages', () => {
    expect(sizeOf('ONE SIZE')).toBe('One Size');
    expect(sizeOf('OS')).toBe('One Size');
    expect(sizeOf('Taille unique')).toBe('One Size');
    expect(sizeOf('Einheitsgröße')).toBe('One Size');
    expect(sizeOf('Rozmiar uniwersalny')).toBe('One Size');
  });

  it('reads a bare number after a size word as it is', () => {
    expect(sizeOf('Size 12')).toBe('12');
    expect(sizeOf('Taglia 42')).toBe('42');
  });

  it('returns null when there is no size', () => {
    expect(parseSize([], '')).toBeNull();
    expect(sizeOf('Made in Italy\n100% wool\nRN 54321')).toBeUndefined();
  });
});

describe('care-label and prefix edge cases', () => {
  const read = (text: string) => parseSize([photoText(text)], '')?.value ?? null;

  it('does not take a washing temperature for a waist size', () => {
    expect(read('Rozmiar L\n60% bawełna\nPrać ręcznie w 30°')).toBe('L');
    expect(read('Prać w 30°C')).toBeNull();
  });

  it('reads a letter size after a country prefix', () => {
    expect(read('H&M\nEUR M')).toBe('M');
    expect(read('EUR S MEX 26\nUSA S')).toBe('S');
    expect(read('EUR L\nCN 175/96A')).toBe('L');
    expect(read('INT L')).toBe('L');
  });

  it('still reads a waist on its own', () => {
    expect(read('W30')).toBe('W30');
  });
});

describe('size context', () => {
  const read = (text: string, confidence = 0.9) =>
    readSizeWithSuggestion([photoText(text, { confidence })], '');

  it('never reads a share, a temperature or a registration number as a size', () => {
    expect(read('52%VISCOSE US 48%POLYESTER')).toEqual({ fact: null, suggestion: null });
    expect(read('US 52%VISCOSE')).toEqual({ fact: null, suggestion: null });
    expect(read('MACHINE WASH 40 °C\nUK 30°')).toEqual({ fact: null, suggestion: null });
    expect(read('RN 54321\nCA 12345\nSTYLE 38\nCUT 40')).toEqual({ fact: null, suggestion: null });
    expect(read('REF. 1234 5678\n12.99')).toEqual({ fact: null, suggestion: null });
    // The size next to them is still read.
    expect(read('STYLE 4021\nSIZE 12\n52% COTTON 48% POLYESTER').fact?.value).toBe('12');
  });

  it('reads no lone lower-case letter as a size, and never a letter below care text, not even as a question', () => {
    expect(read('MACHINE WASH COLD\nm\n100% COTTON')).toEqual({ fact: null, suggestion: null });
    // A stray "M" among care text asked "Is the size M?" on items sized S and L.
    expect(read('MACHINE WASH COLD\nTUMBLE DRY LOW\nM')).toEqual({ fact: null, suggestion: null });
    expect(read('UNIQLO\nM\nMACHINE WASH COLD').fact?.value).toBe('M');
  });

  it('takes a size word only as a whole word', () => {
    // "Gr" is German for size; "Gre" read out of fabric texture is not.
    expect(read('e . s Gre Sn', 0.43)).toEqual({ fact: null, suggestion: null });
    expect(read('Gr. S', 0.43).fact?.value).toBe('S');
  });

  it('still states a size letter on a woven label with a stray mark or two', () => {
    expect(read('MONKI\nM\ns: KI\na: KI').fact?.value).toBe('M');
  });

  it('reads nothing from a photo of the item itself', () => {
    expect(readSizeWithSuggestion([photoText('SIZE M', { kind: 'item' })], '')).toEqual({
      fact: null,
      suggestion: null,
    });
  });

  it('offers a bare letter from a mostly-junk reading as a suggestion, not a fact', () => {
    const junk = ['ky', 'A', 'M', 'Ea', 'DRY CLEAN ONLY', 'MADE IN CHINA'].join('\n');
    const reading = read(junk);
    expect(reading.fact).toBeNull();
    expect(reading.suggestion).toMatchObject({ field: 'size', value: 'M' });
    expect(reading.suggestion?.evidence[0]?.rule).toBe('size.letter');
    // A size that names itself is stated from the same photo.
    expect(read(`${junk}\nSIZE M`).fact?.value).toBe('M');
  });
});

describe('texture read as text', () => {
  it('reads no bare letter size from a photo OCR could barely read, but still reads a named size there', () => {
    expect(parseSize([photoText('mon\nSas\nS\nzk\nM', { confidence: 0.42 })], '')).toBeNull();
    expect(parseSize([photoText('Size M', { confidence: 0.42 })], '')?.value).toBe('M');
    expect(parseSize([photoText('ZARA\nM', { confidence: 0.85 })], '')?.value).toBe('M');
  });
});

describe('sizes in every system printed', () => {
  const sizeOfLines = (text: string, kind: PhotoText['kind'] = 'label') =>
    parseSize([photoText(text, { kind })], '')?.value ?? null;

  it('reads a header row of systems with the values printed under it', () => {
    expect(sizeOfLines('UK EUR\n8\nMADE IN CHINA')).toBe('UK 8');
    expect(sizeOfLines('UK EUR\n8\n36')).toBe('UK 8 (EU 36)');
    expect(sizeOfLines('JIGSAW\nUK\n12')).toBe('UK 12');
    // Values the reader ran together are cut only where one cut fits every system.
    expect(sizeOfLines('EUR UK US\n40128\nSTYLE 62546')).toBe('UK 12 (EU 40, US 8)');
    expect(sizeOfLines('EUR UK US\n38106')).toBe('UK 10 (EU 38, US 6)');
    expect(sizeOfLines('CN\n3XL')).toBe('CN 3XL');
  });

  it("reads no size from a brand's monogram over its name", () => {
    const monogram = (letterHeights: number[]) =>
      parseSize([photoText('M\nMONKI\nUK 16 EUR 44 US 12', { letterHeights })], '')?.value ?? null;
    expect(monogram([0.013, 0.04, 0.03])).toBe('UK 16 (EU 44, US 12)');
    // A size letter printed as large as the line under it is a size.
    expect(sizeOfLines('M\nMADE IN ITALY')).toBe('M');
  });

  it('keeps a letter size with the European number printed beside it', () => {
    expect(sizeOfLines('L/40')).toBe('L (40)');
    expect(sizeOfLines('XS（34-36）')).toBe('XS (34-36)');
    expect(sizeOfLines('XL/TG')).toBe('XL');
  });

  it('reads a letter size after its system whole', () => {
    expect(sizeOfLines('EU 2XL')).toBe('2XL');
    expect(sizeOfLines('CN 3XL / EU XXL / US XL')).toBe('XXL (CN 3XL)');
  });

  it('reads waist and length printed on two lines', () => {
    expect(sizeOfLines('WHITE STUFF\nWAIST 33\nLENGTH 30')).toBe('W33 L30');
    expect(sizeOfLines('WAIST33 LENGTH 34')).toBe('W33 L34');
    expect(sizeOfLines('W28 L34')).toBe('W28 L34');
  });

  it('reads babies months with the space dropped, and FREE only as a size of its own', () => {
    expect(sizeOfLines('100%COTTON\n0-3MTHS')).toBe('0-3 months');
    expect(sizeOfLines('FREE')).toBe('One Size');
    expect(sizeOfLines('FREE SIZE')).toBe('One Size');
    expect(sizeOfLines('NICKEL FREE')).toBeNull();
  });

  it('trusts a bare letter only on a photo the reader judged a label', () => {
    expect(sizeOfLines('M', 'unknown')).toBeNull();
    expect(sizeOfLines('M', 'label')).toBe('M');
    expect(sizeOfLines('SIZE M', 'unknown')).toBe('M');
    expect(sizeOfLines('L/40', 'unknown')).toBe('L (40)');
  });

  it('reads no size from a temperature, a style number or a language tag on a composition block', () => {
    expect(sizeOfLines('FR:5%ELASTHANNE\nGENTLEWASHAT30°C\nMODELNO:6111')).toBeNull();
  });
});

describe('sizes the reader ran into their size word or system', () => {
  it('parts the word or system from its value', () => {
    expect(sizeOf('RozmiarL\n60%bawetna')).toBe('L');
    expect(sizeOf('H&M\nEURM')).toBe('M');
    expect(sizeOf('UK12')).toMatch(/^UK 12/);
  });

  it('leaves plurals and words alone', () => {
    expect(sizeOf('SIZES MAY VARY')).toBeUndefined();
    expect(sizeOf('KEEP ITS SHAPE')).toBeUndefined();
  });
});
