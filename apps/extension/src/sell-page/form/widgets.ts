// The controls every sell form is made of, driven like a person would and read back before anything counts as
// filled: a text box, a file input, a menu opened by a click whose pick is saved by Done or Apply, and the words
// that decide which option is the listing's value (a brand, a size).
import type { TransferredPhoto } from '../../messages';
import { findDoneButton, findOption, isChosen, type OptionTarget, textMatches } from './options';
import { type FieldOutcome, type FillContext, filled, leftForSeller } from './outcome';
import {
  isShown,
  isTextControl,
  labelOf,
  leave,
  normalise,
  press,
  queryAll,
  settle,
  setValue,
  shownValue,
  textOf,
  waitFor,
  windowOf,
} from './page';

/** Types `text` into a text box, leaves it (some fields read their value only then) and reads it back. */
export async function fillText(context: FillContext, control: Element, text: string): Promise<FieldOutcome> {
  if (!isTextControl(control)) return leftForSeller(context.field, 'failed');
  setValue(control, text);
  leave(control);
  await settle();
  const holds = () => control.isConnected && sameText(control.value, text);
  return holds() ? filled(holds) : leftForSeller(context.field, 'failed');
}

function sameText(shown: string, wanted: string): boolean {
  return shown.replace(/\r\n/g, '\n').trim() === wanted.replace(/\r\n/g, '\n').trim();
}

function dataUrlToFile(view: Window & typeof globalThis, photo: TransferredPhoto): File {
  // Decoded here rather than fetched: a fetch from a content script can fall under the page's own policy.
  const base64 = photo.dataUrl.slice(photo.dataUrl.indexOf(',') + 1);
  const binary = view.atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new view.File([bytes], photo.name, { type: photo.type });
}

export interface PhotoUpload {
  /** Elements that show one added photo each (thumbnails): how the page says it took them. */
  shown: readonly string[];
  /** A dialog the page opens after an upload (a cover crop) and the button that confirms it as it is. */
  confirmDialog?: { dialog: readonly string[]; confirm: readonly string[] };
}

function countShown(doc: Document, selectors: readonly string[]): number {
  return queryAll(doc, selectors).filter(isShown).length;
}

/**
 * Gives the file input the photos as the browser would after a pick, then waits until the page shows them (as
 * thumbnails), confirming the cover dialog a site may open after an upload as it is.
 */
export async function fillFiles(
  context: FillContext,
  control: Element,
  photos: TransferredPhoto[],
  upload: PhotoUpload,
): Promise<FieldOutcome> {
  const { doc, field } = context;
  const view = windowOf(doc);
  if (!(control instanceof view.HTMLInputElement) || control.type !== 'file')
    return leftForSeller(field, 'failed');
  const before = countShown(doc, upload.shown);
  const transfer = new view.DataTransfer();
  for (const photo of photos) transfer.items.add(dataUrlToFile(view, photo));
  control.files = transfer.files;
  control.dispatchEvent(new view.Event('input', { bubbles: true }));
  control.dispatchEvent(new view.Event('change', { bubbles: true }));
  const wanted = before + photos.length;
  const dialog = upload.confirmDialog;
  const shownAll = await waitFor(
    doc,
    () => {
      if (dialog) {
        const open = queryAll(doc, dialog.dialog).find(isShown);
        const confirm = open ? queryAll(open, dialog.confirm).find(isShown) : null;
        if (confirm) press(confirm);
      }
      return countShown(doc, upload.shown) >= wanted ? true : null;
    },
    context.waitMs * 4,
  );
  if (shownAll) return filled(() => countShown(doc, upload.shown) >= wanted);
  // A page that shows its photos some other way: the input holding them is the evidence left.
  return control.files?.length === photos.length && before === 0 && countShown(doc, upload.shown) === 0
    ? filled()
    : leftForSeller(field, 'failed');
}

/** Opens a menu with its opener and waits until `isOpen` finds it; a second press for openers that lag. */
export async function openMenu<T>(
  context: FillContext,
  opener: Element,
  isOpen: () => T | null,
): Promise<T | null> {
  const already = isOpen();
  if (already !== null) return already;
  press(opener);
  const opened = await waitFor(context.doc, isOpen, context.waitMs);
  if (opened !== null) return opened;
  press(opener);
  return waitFor(context.doc, isOpen, context.waitMs);
}

/** Waits for the option `target` names in the scope `scope()` gives, and clicks it; false when it never shows. */
export async function pickOption(
  context: FillContext,
  scope: () => ParentNode | null,
  target: OptionTarget,
  { loose = false, waitMs = context.waitMs }: { loose?: boolean; waitMs?: number } = {},
): Promise<Element | null> {
  const option = await waitFor(
    context.doc,
    () => {
      const root = scope();
      return root ? findOption(root, target, { loose }) : null;
    },
    waitMs,
  );
  if (!option) return null;
  if (!isChosen(option)) press(option);
  await settle();
  return option;
}

/** Presses the open picker's Done (or Apply) button: the only way some pickers save a pick. */
export async function pressDone(context: FillContext, selectors: readonly string[]): Promise<boolean> {
  const button = await waitFor(context.doc, () => findDoneButton(context.doc, selectors), context.waitMs);
  if (!button) return false;
  press(button);
  await settle();
  return true;
}

/** Whether a field now shows `label` among what it displays (a picker's input, a dropdown's text). */
export function shows(element: Element | null, label: string): boolean {
  if (!element?.isConnected) return false;
  const shown = normalise(shownValue(element));
  const wanted = normalise(label);
  return wanted !== '' && shown.includes(wanted);
}

// ----- Which option is the listing's value -----

const LETTER_SIZES: Record<string, string[]> = {
  xxs: ['xxs', '2xs'],
  xs: ['xs', 'extra small'],
  s: ['s', 'small'],
  m: ['m', 'medium'],
  l: ['l', 'large'],
  xl: ['xl', 'extra large'],
  xxl: ['xxl', '2xl'],
  xxxl: ['xxxl', '3xl'],
};

/** A size system a label can start with ("UK 10", "EU 38", "W32"). */
const SYSTEM = /^(uk|eu|us|fr|it|de|au|jp|w)\s*(.+)$/i;

/**
 * The ways a listing's size can be written on a marketplace's size list, best first: as the listing writes it,
 * then its number without the system ("UK 10" → "10"), a waist on its own ("W32 L34" → "W32", "32\""), a letter
 * size spelled out ("M" → "Medium").
 */
export function sizeSpellings(size: string): string[] {
  const clean = size.replace(/\s+/g, ' ').trim();
  const spellings = [clean];
  const letters = LETTER_SIZES[clean.toLowerCase()];
  if (letters) spellings.push(...letters);
  const waist = /^w\s*(\d{2})(\s*l\s*\d{2})?$/i.exec(clean);
  if (waist) spellings.push(`W${waist[1]}`, `${waist[1]}"`, `${waist[1]}`, `Waist ${waist[1]}`);
  const system = SYSTEM.exec(clean);
  if (system && !waist) spellings.push(`${system[1]?.toUpperCase()} ${system[2]}`, system[2] ?? '');
  return [...new Set(spellings.filter(Boolean))];
}

/** The system a size is written in ("UK" for "UK 10"), to choose the tab a size grid groups it under. */
export function sizeSystem(size: string): string | null {
  if (/^w\s*\d{2}/i.test(size.trim())) return 'W';
  const system = SYSTEM.exec(size.trim());
  return system?.[1]?.toUpperCase() ?? null;
}

/** The option of `options` that is `size`: a label equal to one of its spellings, or one part of a "M / 38" label. */
export function sizeOption(options: Element[], size: string): Element | null {
  for (const spelling of sizeSpellings(size)) {
    const exact = options.find((option) =>
      optionLabels(option).some((label) => textMatches(label, spelling, 'exact')),
    );
    if (exact) return exact;
  }
  const wanted = normalise(size);
  return (
    options.find((option) =>
      optionLabels(option).some((label) =>
        label
          .split(/\s*[/|]\s*/)
          .map(normalise)
          .includes(wanted),
      ),
    ) ?? null
  );
}

function optionLabels(option: Element): string[] {
  return [
    option.getAttribute('aria-label') ?? '',
    labelOf(option),
    textOf(option),
    option.getAttribute('title') ?? '',
  ].filter(Boolean);
}

/** A brand name as marketplaces compare it: case, accents, curly quotes, spaces and dots aside. */
export function brandKey(brand: string): string {
  return normalise(brand).replace(/[\s.]+/g, '');
}

/** The option that is exactly `brand` (its own name, not one that merely contains it). */
export function brandOption(options: Element[], brand: string): Element | null {
  const wanted = brandKey(brand);
  return options.find((option) => optionLabels(option).some((label) => brandKey(label) === wanted)) ?? null;
}
