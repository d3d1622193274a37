import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { parseSize, prepareSizeText, readSize, readSizeWithSuggestion } from './size';
import { photoText } from './testing';

function photo(text: string, number = 1): PhotoText {
  return photoText(text, { photo: number, confidence: 0.9 });
}

/** The size stated from one label photo's text, with no seller hint. */
function sizeOf(text: string, kind: PhotoText['kind'] = 'label'): string | null {
  return parseSize([photoText(text, { kind })], '')?.value ?? null;
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

  it.each<[text: string, size: string | null]>([
    // Letter sizes, on size lines only.
    ['ZARA\nSIZE M\n100% cotton', 'M'],
    ['Taille : XL', 'XL'],
    ['Größe: S', 'S'],
    ['Rozm. XXL', 'XXL'],
    ['Gr. 2XL', '2XL'],
    ['NIKE\nM', 'M'],
    ['X-Large', 'XL'],
    ['Made in Morocco\nMachine wash', null],
    // OCR slips.
    ['S1ZE M', 'M'],
    ['UK1O', 'UK 10'],
    // Country sizes, also when OCR joins them.
    ['UK 12 EU 40', 'UK 12 (EU 40)'],
    ['EU40US 8', 'EU 40 (US 8)'],
    ['FR 36', 'FR 36'],
    ['IT 42', 'IT 42'],
    ['US 8', 'US 8'],
    ['EUR 38', 'EU 38'],
    // Jeans sizes in their usual forms.
    ['W32 L34', 'W32 L34'],
    ['W 30 L 32', 'W30 L32'],
    ['W30/L32', 'W30 L32'],
    ['30x32', 'W30 L32'],
    ['30/32', 'W30 L32'],
    ['W3O L32', 'W30 L32'],
    ['W31', 'W31'],
    ['Größe 38/40', '38'],
    // Children's ages and heights, language-neutral.
    ['2-3 Y', '2-3 years'],
    ['3-4 years', '3-4 years'],
    ['12-18 M', '12-18 months'],
    ['age 5', '5 years'],
    ['5 ans', '5 years'],
    ['5 Jahre', '5 years'],
    ['5 lat', '5 years'],
    ['110 cm', '110 cm'],
    ['Gr. 116', '116 cm'],
    ['3-4 years\n104 cm', '3-4 years'],
    // One-size labels in several languages.
    ['ONE SIZE', 'One Size'],
    ['OS', 'One Size'],
    ['Taille unique', 'One Size'],
    ['Einheitsgröße', 'One Size'],
    ['Rozmiar uniwersalny', 'One Size'],
    // A bare number after a size word, as it is.
    ['Size 12', '12'],
    ['Taglia 42', '42'],
    // No size at all.
    ['Made in Italy\n100% wool\nRN 54321', null],
    // A washing temperature is no waist size.
    ['Rozmiar L\n60% bawełna\nPrać ręcznie w 30°', 'L'],
    ['Prać w 30°C', null],
    // A letter size after a country prefix.
    ['H&M\nEUR M', 'M'],
    ['EUR S MEX 26\nUSA S', 'S'],
    ['EUR L\nCN 175/96A', 'L'],
    ['INT L', 'L'],
    // A waist on its own.
    ['W30', 'W30'],
    // A header row of systems with the values printed under it.
    ['UK EUR\n8\nMADE IN CHINA', 'UK 8'],
    ['UK EUR\n8\n36', 'UK 8 (EU 36)'],
    ['JIGSAW\nUK\n12', 'UK 12'],
    // Values the reader ran together are cut only where one cut fits every system.
    ['EUR UK US\n40128\nSTYLE 62546', 'UK 12 (EU 40, US 8)'],
    ['EUR UK US\n38106', 'UK 10 (EU 38, US 6)'],
    ['CN\n3XL', 'CN 3XL'],
    // A size letter printed as large as the line under it is a size.
    ['M\nMADE IN ITALY', 'M'],
    // A letter size with the European number printed beside it.
    ['L/40', 'L (40)'],
    ['XS（34-36）', 'XS (34-36)'],
    ['XL/TG', 'XL'],
    // A letter size after its system, whole.
    ['EU 2XL', '2XL'],
    ['CN 3XL / EU XXL / US XL', 'XXL (CN 3XL)'],
    // Waist and length printed on two lines.
    ['WHITE STUFF\nWAIST 33\nLENGTH 30', 'W33 L30'],
    ['WAIST33 LENGTH 34', 'W33 L34'],
    ['W28 L34', 'W28 L34'],
    // Babies' months with the space dropped, and FREE only as a size of its own.
    ['100%COTTON\n0-3MTHS', '0-3 months'],
    ['FREE', 'One Size'],
    ['FREE SIZE', 'One Size'],
    ['NICKEL FREE', null],
    // No size from a temperature, a style number or a language tag on a composition block.
    ['FR:5%ELASTHANNE\nGENTLEWASHAT30°C\nMODELNO:6111', null],
    // A size word or system the reader ran into its value is parted from it.
    ['RozmiarL\n60%bawetna', 'L'],
    ['H&M\nEURM', 'M'],
    // Plurals and words are left alone.
    ['SIZES MAY VARY', null],
    ['KEEP ITS SHAPE', null],
  ])('reads %j as %j', (text, size) => {
    expect(sizeOf(text)).toBe(size);
  });

  it('tolerates OCR slips when preparing the text', () => {
    expect(prepareSizeText('EU 4O')).toBe('EU 40');
    expect(sizeOf('UK12')).toMatch(/^UK 12/);
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

  it('reads shoe sizes and prefers UK for them', () => {
    const fact = readSize([photo('EUR 42 UK 8 US 9')], '');
    expect(fact?.value).toBe('UK 8 (EU 42, US 9)');
    expect(fact?.isShoeSize).toBe(true);
    expect(readSize([photo('UK 7')], '')?.isShoeSize).toBe(true);
    expect(readSize([photo('EU 41')], '')?.value).toBe('EU 41');
    expect(readSize([photo('US 9.5')], '')?.value).toBe('US 9.5');
    expect(readSize([photo('UK 12 EU 40')], '')?.isShoeSize).toBe(false);
  });

  it('returns null when there is no text', () => {
    expect(parseSize([], '')).toBeNull();
  });

  it('trusts a bare letter only on a photo the reader judged a label', () => {
    expect(sizeOf('M', 'unknown')).toBeNull();
    expect(sizeOf('M', 'label')).toBe('M');
    expect(sizeOf('SIZE M', 'unknown')).toBe('M');
    expect(sizeOf('L/40', 'unknown')).toBe('L (40)');
  });

  it("reads no size from a brand's monogram over its name", () => {
    const monogram = (letterHeights: number[]) =>
      parseSize([photoText('M\nMONKI\nUK 16 EUR 44 US 12', { letterHeights })], '')?.value ?? null;
    expect(monogram([0.013, 0.04, 0.03])).toBe('UK 16 (EU 44, US 12)');
  });
});

describe('size context', () => {
  const read = (text: string, confidence = 0.9) =>
    readSizeWithSuggestion([photoText(text, { confidence })], '');

  it.each<[text: string, confidence?: number]>([
    // A share, a temperature or a registration number is never a size.
    ['52%VISCOSE US 48%POLYESTER'],
    ['US 52%VISCOSE'],
    ['MACHINE WASH 40 °C\nUK 30°'],
    ['RN 54321\nCA 12345\nSTYLE 38\nCUT 40'],
    ['REF. 1234 5678\n12.99'],
    // No lone lower-case letter is a size.
    ['MACHINE WASH COLD\nm\n100% COTTON'],
    // Nor a letter below care text, not even as a question: a stray "M" among care text asked "Is the size M?"
    // on items sized S and L.
    ['MACHINE WASH COLD\nTUMBLE DRY LOW\nM'],
    // A size word counts only as a whole word: "Gr" is German for size; "Gre" read out of fabric texture is not.
    ['e . s Gre Sn', 0.43],
  ])('reads neither a size nor a question from %j', (text, confidence) => {
    expect(read(text, confidence)).toEqual({ fact: null, suggestion: null });
  });

  it('still reads the size next to numbers that are not sizes', () => {
    expect(read('STYLE 4021\nSIZE 12\n52% COTTON 48% POLYESTER').fact?.value).toBe('12');
    expect(read('UNIQLO\nM\nMACHINE WASH COLD').fact?.value).toBe('M');
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

describe('size evidence', () => {
  it('quotes a header row with the values read under it, as printed', () => {
    const fact = parseSize([photoText('UK EUR\n8\n36\nMADE IN CHINA')], '');
    expect(fact?.value).toBe('UK 8 (EU 36)');
    expect(fact?.evidence[0]?.text).toBe('UK EUR / 8 / 36');
  });
});
