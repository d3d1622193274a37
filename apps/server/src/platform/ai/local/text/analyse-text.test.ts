import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { analyseText } from './analyse-text';

function photo(text: string, number = 1): PhotoText {
  return { photo: number, text, confidence: 0.85, kind: 'label' };
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
    const item: PhotoText = {
      photo: 1,
      text: 'LEVIS\nW32 L34\nJEANS\n100% cotton',
      confidence: 0.9,
      kind: 'item',
    };
    const facts = analyseText([item], { brand: '', size: '' });
    expect(facts).toMatchObject({ brand: null, size: null, category: null, itemType: null, suggestions: [] });
    expect(facts.composition?.value).toEqual([{ fibre: 'cotton', percent: 100 }]);
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
    const blurry: PhotoText = { photo: 2, text: 'SIZE 8\nRALPH LAURFN', confidence: 0.3, kind: 'label' };
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
      category: null,
      itemType: null,
      suggestions: [],
    });
  });
});
