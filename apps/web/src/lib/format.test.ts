import { describe, expect, it } from 'vitest';
import { formatCurrency, truncate } from './format';

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
