import { describe, expect, it } from 'vitest';
import { cutAtWord, isMarketplaceUrl, marketplaceVariants, TITLE_LIMITS } from './marketplaces';

const long = 'Zara Black Wool Double Breasted Oversized Longline Winter Coat With Belt And Pockets Size M';

describe('marketplaceVariants', () => {
  const listing = {
    title: long,
    description: 'Coat by Zara. Size M. Fits true to size.',
    tags: ['zara', 'coat', 'black', 'wool', 'outerwear', 'double breasted winter coat', 'new with tags'],
  };
  const variants = marketplaceVariants(listing);

  it('keeps each title within its marketplace limit, cut at a word', () => {
    expect(variants.ebay.title).toBe(
      'Zara Black Wool Double Breasted Oversized Longline Winter Coat With Belt',
    );
    expect(variants.poshmark.title.length).toBeLessThanOrEqual(80);
    expect(variants.vinted.title).toBe(long);
    expect(variants.etsy.title).toBe(long);
    expect(variants.shopify.title).toBe(long);
  });

  it('gives Etsy at most 13 tags of at most 20 characters', () => {
    expect(variants.etsy.tags).toEqual([
      'zara',
      'coat',
      'black',
      'wool',
      'outerwear',
      'double breasted',
      'new with tags',
    ]);
    const many = marketplaceVariants({
      ...listing,
      tags: Array.from({ length: 20 }, (_, index) => `tag${index}`),
    });
    expect(many.etsy.tags).toHaveLength(13);
  });

  it('gives Depop the title as a plain lead line, never a sentence, and at most 5 hashtags on the last line', () => {
    expect(variants.depop.title).toBe(
      'Zara Black Wool Double Breasted Oversized Longline Winter Coat With Belt',
    );
    expect(variants.depop.description).toBe(
      'Coat by Zara. Size M. Fits true to size.\n#zara #coat #black #wool #outerwear',
    );
    const sentence = marketplaceVariants({ ...listing, title: 'Black boots by Dr. Martens.' });
    expect(sentence.depop.title).toBe('Black boots by Dr. Martens');
  });

  it('cuts every titled marketplace at its own limit, and only there', () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const cut = marketplaceVariants({ title: words, description: '', tags: [] });
    for (const [marketplace, limit] of Object.entries(TITLE_LIMITS)) {
      const title = cut[marketplace as keyof typeof TITLE_LIMITS].title;
      expect(title.length, marketplace).toBeLessThanOrEqual(limit);
      // Cut at a word: one more word would not have fitted.
      const next = words.slice(title.length).trim().split(' ')[0] ?? '';
      expect(title.length + 1 + next.length, marketplace).toBeGreaterThan(limit);
      expect(words.startsWith(title), marketplace).toBe(true);
    }
  });

  it('leaves fields the seller turned off empty everywhere', () => {
    const empty = marketplaceVariants({ title: '', description: '', tags: [] });
    for (const variant of Object.values(empty))
      expect(variant).toEqual({ title: '', description: '', tags: [] });
  });
});

describe('cutAtWord', () => {
  it('never cuts mid-word or leaves a separator or little word at the end', () => {
    expect(cutAtWord('Zara – manteau noir en laine, taille M', 22)).toBe('Zara – manteau noir');
    expect(cutAtWord('Zara schwarzer Mantel aus Wolle', 25)).toBe('Zara schwarzer Mantel');
    expect(cutAtWord('Short title', 80)).toBe('Short title');
    expect(cutAtWord('Supercalifragilistic', 5)).toBe('');
  });
});

describe('isMarketplaceUrl', () => {
  it("accepts the marketplace's own regional sites and refuses look-alikes", () => {
    expect(isMarketplaceUrl('vinted', 'https://www.vinted.co.uk/items/123-levis-501')).toBe(true);
    expect(isMarketplaceUrl('vinted', 'https://vinted.pl/items/1')).toBe(true);
    expect(isMarketplaceUrl('ebay', 'https://www.ebay.de/itm/1234')).toBe(true);
    expect(isMarketplaceUrl('vinted', 'https://www.ebay.com/itm/1')).toBe(false);
    expect(isMarketplaceUrl('vinted', 'https://vinted.co.uk.evil.example/items/1')).toBe(false);
    expect(isMarketplaceUrl('depop', 'https://notdepop.com/products/1')).toBe(false);
    expect(isMarketplaceUrl('etsy', 'javascript:alert(1)//etsy.com')).toBe(false);
    expect(isMarketplaceUrl('poshmark', 'not a url')).toBe(false);
  });

  it('accepts any https address for Shopify, whose stores live on their own domains', () => {
    expect(isMarketplaceUrl('shopify', 'https://shop.example.com/products/jeans')).toBe(true);
    expect(isMarketplaceUrl('shopify', 'http://shop.example.com/products/jeans')).toBe(false);
  });
});
