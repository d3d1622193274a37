// What the mappings build their tables from: an option by its visible text or by a selector, and a regional
// site's currency.
import { COLOURS, type Colour } from '@snaplist/contract/constants';
import type { OptionChoice } from './types';

export const byText = (text: string): OptionChoice => ({ target: { text } });
export const nearestByText = (text: string): OptionChoice => ({ target: { text }, nearest: true });
export const bySelector = (selector: string): OptionChoice => ({ target: { selector } });
export const nearestBySelector = (selector: string): OptionChoice => ({
  target: { selector },
  nearest: true,
});

/**
 * The colour table of a marketplace whose colour options carry Snaplist's own English names, but for
 * `differences`: another name, the nearest option, or null where it has none.
 */
export function coloursByName(
  differences: Partial<Record<Colour, OptionChoice | null>>,
): Record<Colour, OptionChoice | null> {
  const entries = COLOURS.map((colour) => [
    colour,
    colour in differences ? (differences[colour] ?? null) : byText(colour),
  ]);
  return Object.fromEntries(entries) as Record<Colour, OptionChoice | null>;
}

/** `currencyFor` of a marketplace whose regional sites differ by the host's last part (vinted.co.uk → uk). */
export function currencyBySite(currencies: Record<string, string>): (host: string) => string | null {
  return (host) => {
    const site = host.toLowerCase().split('.').at(-1) ?? '';
    return currencies[site] ?? null;
  };
}
