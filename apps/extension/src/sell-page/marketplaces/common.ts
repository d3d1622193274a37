// What the three marketplaces' mappings share: words in every language their sites show, the currency a regional
// site takes, the price field read back as a number, and the item links a page shows.
import { COLOURS, type Colour } from '@snaplist/contract/constants';
import type { ControlHooks } from '../form/controls';
import { checkNote, type FieldOutcome, type FillContext, filled, leftForSeller } from '../form/outcome';
import { isTextControl, labelOf, leave, normalise, settle, setValue, textOf } from '../form/page';
import { fillFiles, fillText, type PhotoUpload } from '../form/widgets';
import type { PlannedValue } from '../values';
import type { OptionChoice, SellFieldSpec } from './types';

/** One text as a marketplace writes it in each language its sites show. */
export interface SiteText {
  en: readonly string[];
  fr?: readonly string[];
  de?: readonly string[];
  pl?: readonly string[];
}

/** Every language's words at once: a page is matched in whichever language it shows. */
export function multilingual(text: SiteText): string[] {
  return [...text.en, ...(text.fr ?? []), ...(text.de ?? []), ...(text.pl ?? [])];
}

export const texts = {
  veryGood: { en: ['Very good'], fr: ['Très bon état'], de: ['Sehr gut'], pl: ['Bardzo dobry'] },
  satisfactory: {
    en: ['Satisfactory'],
    fr: ['Satisfaisant'],
    de: ['Zufriedenstellend'],
    pl: ['Zadowalający'],
  },
} satisfies Record<string, SiteText>;

/** `currencyFor` of a marketplace whose regional sites differ by the host's last part (vinted.co.uk → uk). */
export function currencyBySite(currencies: Record<string, string>): (host: string) => string | null {
  return (host) => {
    const site = host.toLowerCase().split('.').at(-1) ?? '';
    return currencies[site] ?? null;
  };
}

/** The amount a price box shows, whatever its format ("£24.50", "24,50 €", "1 234,00"); null when none. */
export function amountShown(text: string): number | null {
  const digits = text.replace(/[^\d.,]/g, '');
  if (!digits) return null;
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[.,]/g, '');
  const amount = Number(`${whole}.${decimal?.[1] ?? '0'}`);
  return Number.isFinite(amount) ? amount : null;
}

/**
 * Types the price and leaves the box: some pages (Vinted) read a price only when the box loses focus, and then
 * show it in their own format, so it is read back as an amount.
 */
export async function fillPrice(
  context: FillContext,
  control: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  if (value.kind !== 'text' || !isTextControl(control)) return leftForSeller(context.field, 'failed');
  setValue(control, value.text);
  leave(control);
  await settle();
  const wanted = amountShown(value.text);
  const holds = () => control.isConnected && amountShown(control.value) === wanted;
  if (!holds()) return leftForSeller(context.field, 'failed');
  return filled(
    holds,
    value.check ? checkNote(context.field, value.check.reason, value.check.detail) : undefined,
  );
}

/**
 * The item addresses `scope` links to under `pathPart`, as `address` writes them; only links titled like
 * `title` when one is given (a link's title, its text or its image's alt starts with it).
 */
export function itemLinks(
  scope: ParentNode,
  pathPart: string,
  address: (url: URL) => string | null,
  title?: string,
): string[] {
  const wanted = title === undefined ? null : normalise(title);
  const found: string[] = [];
  for (const link of scope.querySelectorAll<HTMLAnchorElement>(`a[href*="${pathPart}"]`)) {
    if (wanted !== null) {
      const names = [
        link.getAttribute('title') ?? '',
        textOf(link),
        ...[...link.querySelectorAll('img')].map((image) => image.getAttribute('alt') ?? ''),
      ].map(normalise);
      if (!names.some((name) => name !== '' && name.startsWith(wanted))) continue;
    }
    const url = address(new URL(link.getAttribute('href') ?? '', link.ownerDocument.location.href));
    if (url) found.push(url);
  }
  return found;
}

/**
 * The option below a category's mapped levels that the seller's own words name ("midi" → "Midi dresses",
 * "straight" → "Straight jeans"), the title's words before the tags' and the description's. A word every option
 * has ("jeans" in "Skinny jeans" and "Straight jeans") tells them apart no more than none.
 */
export function optionByItemWords(options: Element[], itemWords: readonly string[]): Element | null {
  const optionWords = options.map((option) => normalise(labelOf(option)).split(/[^\p{L}\p{N}]+/u));
  for (const word of itemWords) {
    if (word.length < 3) continue;
    const having = options.filter((_, index) => optionWords[index]?.includes(word));
    if (having.length > 0 && having.length < options.length) return having[0] ?? null;
  }
  return null;
}

export const byText = (text: string): OptionChoice => ({ target: { texts: [text] } });
export const nearestText = (text: string): OptionChoice => ({ target: { texts: [text] }, nearest: true });

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

/** A text box or text area: typed into and read back. */
export function textField(hooks: ControlHooks): SellFieldSpec {
  return {
    hooks,
    fill: (context, control, value) =>
      value.kind === 'text'
        ? fillText(context, control, value.text)
        : Promise.resolve(leftForSeller(context.field, 'failed')),
  };
}

/** The photos' file input, found by `selectors`, and how the page shows the photos it took. */
export function photosField(selectors: string[], upload: PhotoUpload): SellFieldSpec {
  return {
    hooks: { selectors, fallback: 'file', labels: [] },
    fill: (context, control, value) =>
      value.kind === 'files'
        ? fillFiles(context, control, value.photos, upload)
        : Promise.resolve(leftForSeller(context.field, 'failed')),
  };
}
