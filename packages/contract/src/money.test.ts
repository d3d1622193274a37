import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoney } from './money';

describe('parseMoney', () => {
  it('reads amounts with a decimal point or a decimal comma into minor units', () => {
    expect(parseMoney('12')).toBe(1200);
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney(' 12,50 ')).toBe(1250);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney('0.1')).toBe(10);
  });

  it('refuses what is not a plain amount', () => {
    for (const text of ['', 'abc', '12.345', '-3', '1,000.00', '1e3', '12.']) {
      expect(parseMoney(text)).toBeNull();
    }
  });
});

describe('formatMoneyInput', () => {
  it('writes minor units as a plain amount with two decimals', () => {
    expect(formatMoneyInput(1250)).toBe('12.50');
    expect(formatMoneyInput(7)).toBe('0.07');
    expect(formatMoneyInput(0)).toBe('0.00');
  });
});
