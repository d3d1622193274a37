// Money is integer minor units (pence, cents) everywhere; these turn what a seller types into minor units
// and back without ever doing arithmetic on floats.

/** At most 1,000,000.00 in any currency: anything above is a typo, not a second-hand item. */
export const MAX_PRICE_MINOR = 100_000_000;

const AMOUNT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * "12", "12.5", "12.50" and "12,50" (the decimal comma French, German and Polish sellers type) to 1250.
 * Spaces and thousands separators are not accepted: null for anything that is not a plain amount.
 */
export function parseMoney(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, units = '0', cents = ''] = match;
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

/** 1250 to "12.50": the form's input value and the CSV's price columns. */
export function formatMoneyInput(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
