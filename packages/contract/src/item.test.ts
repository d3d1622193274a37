// What a listing's own words say about the item (what it is, whose it is) in the four languages Snaplist writes:
// the decision behind every category the extension and the marketplaces' adapters pick. A department the words do
// not give is never guessed.
import { describe, expect, it } from 'vitest';
import { departmentFor, itemWords, kindOf } from './item';

const listing = (
  title: string,
  extra: { tags?: string[]; description?: string; category?: 'Dresses' | 'Bottoms' | 'Tops' | null } = {},
) => ({
  title,
  tags: extra.tags ?? [],
  description: extra.description ?? '',
  category: extra.category ?? null,
});

describe('what the item is and whose', () => {
  it.each([
    ["Levi's 501 men's straight jeans", 'jeans', 'men'],
    ['Boyfriend jeans, light wash', 'jeans', null],
    ['Rock band T-shirt', 't-shirt', null],
    ['Mango floral midi dress', 'dress', 'women'],
    ['Denim jacket with sherpa collar', 'jacket', null],
    ['Denim shorts', 'shorts', null],
    ["Girls' party dress", 'dress', 'kids'],
    ['Robe longue femme', 'dress', 'women'],
    ['Damen Kleid mit Blumen', 'dress', 'women'],
    ['Sukienka damska w kwiaty', 'dress', 'women'],
    ['Bluza męska z kapturem', 'hoodie', 'men'],
    ['Manteau en laine', 'coat', null],
  ])('“%s” is %s, %s', (title, kind, department) => {
    const item = listing(title);
    const found = kindOf(item);
    expect(found).toBe(kind);
    expect(departmentFor(item, found)).toBe(department);
  });

  it('the title speaks before the tags and the description, the category last', () => {
    expect(kindOf(listing('Yellow raincoat', { tags: ['jeans'] }))).toBe('coat');
    expect(kindOf(listing('Summer favourite', { tags: ['skirt'] }))).toBe('skirt');
    expect(kindOf(listing('Summer favourite', { category: 'Dresses' }))).toBe('dress');
    expect(kindOf(listing('Summer favourite'))).toBeNull();
  });

  it('words naming two departments leave the choice to the seller', () => {
    expect(departmentFor(listing('Unisex hoodie for men and women'), 'hoodie')).toBeNull();
  });

  it('the seller’s words, title first, choose among a category’s last levels', () => {
    expect(itemWords(listing('Zara midi dress', { tags: ['floral'], description: 'Knee length.' }))).toEqual([
      'zara',
      'midi',
      'dress',
      'floral',
      'knee',
      'length',
    ]);
  });
});
