// Display helpers from the spec: currency by region and title truncation.
import { type Currency, INVENTORY_TITLE_MAX, type PriceRange } from '@snaplist/contract';

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

/** The region whose symbol a currency code shows with. */
const CURRENCY_REGIONS: Record<Currency, CurrencyRegion> = { GBP: 'GB', USD: 'US', EUR: 'EU' };

/** An amount in minor units (pence, cents) of a currency code, e.g. (1250, 'GBP') -> '£12.50'. */
export function formatMinorUnits(minor: number, currency: Currency): string {
  return formatCurrency(minor / 100, CURRENCY_REGIONS[currency]);
}

/** A price range in minor units: '£12.00 – £18.00', or one amount when both ends are equal. */
export function formatPriceRange({ currency, min, max }: PriceRange): string {
  const low = formatMinorUnits(Math.min(min, max), currency);
  const high = formatMinorUnits(Math.max(min, max), currency);
  return low === high ? low : `${low} – ${high}`;
}

/** Cuts text longer than `max` characters to its first `max` and appends '...'. */
export function truncate(text: string, max: number = INVENTORY_TITLE_MAX): string {
  // A cut that lands on a space would read "word ...": the dots go straight after the last word.
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
