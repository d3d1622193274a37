// What the mappings build their tables from: an option by its visible text, and a regional site's currency.
import type { OptionChoice } from './types';

export const byText = (text: string): OptionChoice => ({ target: { text } });
export const nearestByText = (text: string): OptionChoice => ({ target: { text }, nearest: true });

/** `currencyFor` of a marketplace whose regional sites differ by the host's last part (vinted.co.uk → uk). */
export function currencyBySite(currencies: Record<string, string>): (host: string) => string | null {
  return (host) => {
    const site = host.toLowerCase().split('.').at(-1) ?? '';
    return currencies[site] ?? null;
  };
}
