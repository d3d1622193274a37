import { describe, expect, it } from 'vitest';
import { escapeLike } from './listings.repository';
import { listingSearchText, searchKey, searchWords } from './search-key';

describe('searchKey', () => {
  it.each([
    ["Lévi's", 'levis'],
    ['LEVI’S 501', 'levis 501'],
    ['Levi´s', 'levis'],
    ['Łódź Żółta', 'lodz zolta'],
    ['Straße', 'strasse'],
    ['Æble Øre Œuvre Đak', 'aeble ore oeuvre dak'],
    ['Crème  brûlée\n\tNaïve', 'creme brulee naive'],
    ['ﬁne', 'fine'],
    ['  SKU-AB_12%  ', 'sku-ab_12%'],
  ])('folds %j to %j', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });

  it('splits a search into folded words and drops what folds to nothing', () => {
    expect(searchWords('  Płaszcz   WEŁNIANY ')).toEqual(['plaszcz', 'welniany']);
    expect(searchWords("' ’")).toEqual([]);
  });

  it('folds title, brand, description, tags and SKU into one text', () => {
    expect(
      listingSearchText({
        title: 'Wool coat',
        brand: 'Łódź Vintage',
        description: 'Warm.',
        tags: ['Winter', 'Wełna'],
        sku: 'AB-1',
      }),
    ).toBe('wool coat lodz vintage warm. winter welna ab-1');
    expect(listingSearchText({ title: 'Coat', brand: null, description: 'Warm', tags: [], sku: null })).toBe(
      'coat warm',
    );
  });
});

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});
