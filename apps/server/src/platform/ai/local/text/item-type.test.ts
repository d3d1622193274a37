import { describe, expect, it } from 'vitest';
import { categoryFromText, itemTypeFromText } from './item-type';

describe('itemTypeFromText', () => {
  it.each([
    ['Slim Fit Jeans', 'jeans'],
    ['Robe longue', 'dress'],
    ['Sommerkleid', 'dress'],
    ['Wollmantel', 'coat'],
    ['Kurtka zimowa', 'jacket'],
    ['Płaszcz wełniany', 'coat'],
    ['Sukienka midi', 'dress'],
    ['Spódnica', 'skirt'],
    ['T-shirt basic', 't-shirt'],
    ['Camicia in lino', 'shirt'],
    ['Chaussures de sport', 'shoes'],
    ['Bluza z kapturem', 'hoodie'],
    ['Pantalones', 'trousers'],
    ['Maillot de bain', 'swimsuit'],
    ['Tommy Jeans denim jacket', 'jacket'],
    ['Sac à main cuir', 'bag'],
  ])('reads %s as %s', (text, type) => {
    expect(itemTypeFromText(text)?.type).toBe(type);
  });

  it('does not guess from ordinary label words', () => {
    expect(itemTypeFromText('100% cotton ring spun\nshort sleeve\nMade in India')).toBeNull();
    expect(itemTypeFromText('')).toBeNull();
  });
});

describe('categoryFromText', () => {
  it('maps the item type to the spec category', () => {
    expect(categoryFromText('Skinny jeans')).toBe('Bottoms');
    expect(categoryFromText('Stiefeletten')).toBe('Shoes');
    expect(categoryFromText('Naszyjnik')).toBe('Jewelry');
    expect(categoryFromText('Made in Italy')).toBeNull();
  });
});
