import { describe, expect, it } from 'vitest';
import { formatCurrency, formatMinorUnits, formatPriceRange, truncate } from './format';

describe('formatCurrency', () => {
  it('prefixes the region symbol and shows two decimals', () => {
    expect(formatCurrency(12.5, 'GB')).toBe('£12.50');
    expect(formatCurrency(12.5, 'US')).toBe('$12.50');
    expect(formatCurrency(3, 'EU')).toBe('€3.00');
    expect(formatCurrency(1200, 'JP')).toBe('¥1200.00');
    expect(formatCurrency(29.999, 'AU')).toBe('A$30.00');
  });

  it('defaults to GB and falls back to it for an unknown region', () => {
    expect(formatCurrency(7)).toBe('£7.00');
    expect(formatCurrency(7, 'XX')).toBe('£7.00');
  });

  it('keeps the sign in front of the symbol', () => {
    expect(formatCurrency(-4.2, 'US')).toBe('-$4.20');
  });
});

describe('truncate', () => {
  it('leaves text of 66 characters or fewer as it is', () => {
    const exact = 'a'.repeat(66);
    expect(truncate(exact)).toBe(exact);
    expect(truncate('Vintage denim jacket')).toBe('Vintage denim jacket');
  });

  it('cuts longer text at 66 characters and appends ...', () => {
    const long = 'b'.repeat(70);
    expect(truncate(long)).toBe(`${'b'.repeat(66)}...`);
  });

  it('takes another limit', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
  });
});

describe('formatMinorUnits and formatPriceRange', () => {
  it('turns minor units of a currency code into the region display', () => {
    expect(formatMinorUnits(1250, 'GBP')).toBe('£12.50');
    expect(formatMinorUnits(999, 'USD')).toBe('$9.99');
    expect(formatMinorUnits(4000, 'EUR')).toBe('€40.00');
  });

  it('shows a range with an en dash, and one amount when both ends match', () => {
    expect(formatPriceRange({ currency: 'GBP', min: 1200, max: 1800 })).toBe('£12.00 – £18.00');
    expect(formatPriceRange({ currency: 'EUR', min: 1500, max: 1500 })).toBe('€15.00');
    expect(formatPriceRange({ currency: 'GBP', min: 1800, max: 1200 })).toBe('£12.00 – £18.00');
  });
});
