import { describe, expect, it } from 'vitest';
import { BRAND_TIERS, BRANDS } from './brands';
import { joinedKey } from './normalise';

describe('brand list', () => {
  it('holds at least 1,000 brands, each with a name and a tier', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(1000);
    for (const brand of BRANDS) {
      expect(brand.name.trim()).not.toBe('');
      expect(BRAND_TIERS).toContain(brand.tier);
      for (const alias of brand.aliases) expect(joinedKey(alias.text)).not.toBe('');
    }
  });

  it('has no alias of a single character, which stray OCR letters would match', () => {
    const tooShort = BRANDS.flatMap((brand) =>
      brand.aliases
        .filter((alias) => joinedKey(alias.text).length < 2)
        .map((alias) => `${brand.name}: "${alias.text}"`),
    );
    expect(tooShort).toEqual([]);
  });

  it('never lists the same brand twice', () => {
    const names = BRANDS.map((brand) => joinedKey(brand.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('never gives two brands the same alias', () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const brand of BRANDS) {
      for (const alias of brand.aliases) {
        const key = joinedKey(alias.text);
        const previous = owner.get(key);
        if (previous !== undefined && previous !== brand.name)
          shared.push(`${alias.text}: ${previous} / ${brand.name}`);
        owner.set(key, brand.name);
      }
    }
    expect(shared).toEqual([]);
  });

  it('spells the brands resellers search for the way the brands do', () => {
    const names = new Set(BRANDS.map((brand) => brand.name));
    for (const name of [
      "Levi's",
      'H&M',
      '& Other Stories',
      'Tommy Hilfiger',
      'Reserved',
      'Mohito',
      '4F',
      'Sinsay',
    ]) {
      expect(names).toContain(name);
    }
  });
});
