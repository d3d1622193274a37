import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { analyseText } from './analyse-text';
import { photoText } from './testing';

function photo(text: string, number = 1): PhotoText {
  return photoText(text, { photo: number, confidence: 0.85 });
}

describe('analyseText', () => {
  it('reads a whole care label with OCR noise', () => {
    const facts = analyseText(
      [
        photo('~ ~ .'),
        photo(
          'LEVI STRAUSS & CO.\n501 ORIGINAL JEANS\nW32 L34\n~~ ,, ~\n1OO% COTTON\n100% COTON\nMADE IN MEXICO',
          2,
        ),
      ],
      { brand: '', size: '' },
    );
    expect(facts.brand?.value).toBe("Levi's");
    expect(facts.size?.value).toBe('W32 L34');
    expect(facts.composition?.value).toEqual([{ fibre: 'cotton', percent: 100 }]);
    expect(facts.itemType?.value).toBe('jeans');
    expect(facts.category?.value).toBe('Bottoms');
    expect(facts.itemType?.evidence[0]).toMatchObject({
      photo: 2,
      text: '501 ORIGINAL JEANS',
      rule: 'item_type.word',
    });
  });

  it('reads the lone letter under a brand as that label’s size, though the reader could not call it a label', () => {
    const brandLabel = photoText('ZARA\nM', { kind: 'unknown', letterHeights: [0.12, 0.08] });
    const facts = analyseText([brandLabel], { brand: '', size: '' });
    expect(facts.brand?.value).toBe('Zara');
    expect(facts.size?.value).toBe('M');
    const noBrand = photoText('Pacific\nM', { kind: 'unknown', letterHeights: [0.12, 0.08] });
    expect(analyseText([noBrand], { brand: '', size: '' }).size).toBeNull();
  });

  it('lets seller hints win for brand and size, verbatim', () => {
    const facts = analyseText([photo('ZARA\nEUR M')], { brand: 'Mango', size: 'L' });
    expect(facts.brand?.value).toBe('Mango');
    expect(facts.size?.value).toBe('L');
    const typed = analyseText([photo('CARHARTT\nM')], { brand: 'Carhartt WIP', size: 'uk 10 petite' });
    expect(typed.brand?.value).toBe('Carhartt WIP');
    expect(typed.size?.value).toBe('uk 10 petite');
    expect(typed.suggestions).toEqual([]);
  });

  it('reads no brand, size or kind of item from a photo of the item, but still its composition', () => {
    const item: PhotoText = photoText('LEVIS\nW32 L34\nJEANS\n100% cotton', { kind: 'item' });
    const facts = analyseText([item], { brand: '', size: '' });
    expect(facts).toMatchObject({ brand: null, size: null, category: null, itemType: null, suggestions: [] });
    expect(facts.composition?.value).toEqual([{ fibre: 'cotton', percent: 100 }]);
  });

  it('asks about a listed brand printed large on the item itself', () => {
    const shortsLeg = photoText('UMBRO', { kind: 'item', letterHeights: [0.12], confidence: 0.97 });
    const facts = analyseText([shortsLeg], { brand: '', size: '' });
    expect(facts.brand).toBeNull();
    expect(facts.suggestions).toEqual([expect.objectContaining({ field: 'brand', value: 'Umbro' })]);
  });

  it('names the item only from words that name it, not from care text', () => {
    const care = analyseText([photo('WASH IN MESH BAG\nLAY FLAT TO DRY')], { brand: '', size: '' });
    expect(care.category).toBeNull();
    const french = analyseText([photo('REMODELER PENDANT QUE\nL ARTICLE EST HUMIDE')], {
      brand: '',
      size: '',
    });
    expect(french.itemType).toBeNull();
    expect(analyseText([photo('RELAXED FIT DRESS')], { brand: '', size: '' }).itemType?.value).toBe('dress');
    expect(analyseText([photo('WOOL COAT\nSIZE M')], { brand: '', size: '' }).itemType?.value).toBe('coat');
    expect(analyseText([photo('60% COTTON BAG')], { brand: '', size: '' }).itemType).toBeNull();
  });

  it('offers weak readings as suggestions, never as facts', () => {
    const blurry: PhotoText = photoText('SIZE 8\nRALPH LAURFN', { photo: 2, confidence: 0.3 });
    const facts = analyseText([blurry], { brand: '', size: '' });
    expect(facts.brand).toBeNull();
    expect(facts.suggestions).toEqual([expect.objectContaining({ field: 'brand', value: 'Ralph Lauren' })]);
    expect(facts.suggestions[0]?.evidence[0]).toMatchObject({ source: 'label_text', photo: 2 });
  });

  it('takes the category from the size system when no garment word is on the label', () => {
    const jeans = analyseText([photo('W30 L32\n98% cotton 2% elastane')], { brand: '', size: '' });
    expect(jeans.category?.value).toBe('Bottoms');
    expect(jeans.itemType?.value).toBe('trousers');
    expect(jeans.category?.evidence[0]?.rule).toBe('category.waist_leg_size');

    const shoes = analyseText([photo('EUR 42 UK 8 US 9')], { brand: '', size: '' });
    expect(shoes.category?.value).toBe('Shoes');
  });

  it('knows nothing from nothing', () => {
    expect(analyseText([], { brand: '', size: '' })).toEqual({
      brand: null,
      size: null,
      composition: null,
      care: null,
      category: null,
      itemType: null,
      suggestions: [],
    });
  });

  it("reads care from the label's own words, never from the fibre or a photo of the item", () => {
    const label = photo('100% WOOL\nHAND WASH\nDONOT TUMBLEDRY', 2);
    const facts = analyseText([label], { brand: '', size: '' });
    expect(facts.care?.value).toEqual(['hand wash', 'do not tumble dry']);
    expect(facts.care?.evidence[0]).toMatchObject({
      source: 'label_text',
      photo: 2,
      rule: 'care.label_words',
    });
    expect(analyseText([photo('100% WOOL')], { brand: '', size: '' }).care).toBeNull();
    const printOnItem = photoText('MACHINE WASH 30°C', { kind: 'item' });
    expect(analyseText([printOnItem], { brand: '', size: '' }).care).toBeNull();
  });

  it("never takes the item from the brand's words", () => {
    const nudie = analyseText([photo('NUDIE JEANS\nM')], { brand: '', size: '' });
    expect(nudie.brand?.value).toBe('Nudie Jeans');
    expect(nudie.itemType).toBeNull();
    // A listed name that holds an item word is the brand's, whichever brand is stated.
    expect(analyseText([photo('TOMMY JEANS\nM')], { brand: 'Tommy Hilfiger', size: '' }).itemType).toBeNull();
    // The stated brand, listed or not, as the label prints it.
    expect(analyseText([photo('JEANS CLUB\nL')], { brand: 'Jeans Club', size: '' }).itemType).toBeNull();
    expect(analyseText([photo('COAT CO.\nL')], { brand: 'Coat Co.', size: '' }).itemType).toBeNull();
    // The line's other words still name the item.
    const jacket = analyseText([photo('NUDIE JEANS\nM\nREGULAR JACKET')], { brand: '', size: '' });
    expect(jacket.itemType?.value).toBe('jacket');
    expect(
      analyseText([photo('SLIM JEANS\nW32 L34')], { brand: 'Nudie Jeans', size: '' }).itemType?.value,
    ).toBe('jeans');
  });
});
