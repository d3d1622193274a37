// Display helpers from SPEC section 9: currency by region and title truncation.
import { INVENTORY_TITLE_MAX } from '@snaplist/contract';

const CURRENCY_SYMBOLS = { GB: '£', US: '$', EU: '€', JP: '¥', AU: 'A$' } as const;
export type CurrencyRegion = keyof typeof CURRENCY_SYMBOLS;

function isRegion(region: string): region is CurrencyRegion {
  return Object.hasOwn(CURRENCY_SYMBOLS, region);
}

/** The amount with its region's symbol prefixed and two decimals; unknown regions fall back to GB (£). */
export function formatCurrency(amount: number, region: string = 'GB'): string {
  const symbol = CURRENCY_SYMBOLS[isRegion(region) ? region : 'GB'];
  const value = Number.isFinite(amount) ? amount : 0;
  const sign = value < 0 ? '-' : '';
  return `${sign}${symbol}${Math.abs(value).toFixed(2)}`;
}

/** Cuts text longer than `max` characters to its first `max` and appends '...'. */
export function truncate(text: string, max: number = INVENTORY_TITLE_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
