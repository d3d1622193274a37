// Fills a marketplace's sell form from one listing the way a person would: typing into its boxes, giving its
// file input the photos, opening its dropdowns and clicking their options. These forms are React or Vue pages
// that keep their own state, so every change goes through the events those pages listen to. First a
// self-check finds every field the mapping names; whatever is missing, not in the listing or not offered by the
// page ends up in the report, by name, for the seller to fill by hand.
import type { ExtensionMarketplace, Listing } from '@snaplist/contract';
import type { TransferredPhoto } from '../messages';
import {
  type ComboboxFieldMapping,
  type FieldMapping,
  type FilesFieldMapping,
  type MarketplaceMapping,
  type OptionList,
  type OptionTarget,
  type PickerFieldMapping,
  SELL_FIELDS,
  type SellField,
} from './marketplaces/types';
import { type CheckReason, type PlannedValue, planFields, type SkipReason } from './values';

export type CheckNoteReason = CheckReason | 'no_exact_match' | 'nearest' | 'photos_limited';
export type HandNoteReason =
  | SkipReason
  | 'not_found'
  | 'after_category'
  | 'option_missing'
  | 'no_listed_match'
  | 'failed';

export interface ReportNote<Reason> {
  field: SellField;
  reason: Reason;
  /** The values the sentence names (a brand, a currency, a count), in order. */
  detail: string[];
}

export interface FillReport {
  marketplace: ExtensionMarketplace;
  /** False when none of the form's fields were on the page: it is not showing the sell form. */
  formFound: boolean;
  filled: SellField[];
  check: ReportNote<CheckNoteReason>[];
  byHand: ReportNote<HandNoteReason>[];
}

export interface FillOptions {
  /** How long to wait for a list of options (or a search box) to appear after a click or a keystroke. */
  optionWaitMs?: number;
}

const DEFAULT_OPTION_WAIT_MS = 2500;
const POLL_MS = 50;

// ----- The self-check -----

export interface SelfCheck {
  found: Partial<Record<SellField, Element>>;
  /** Fields the mapping names that are not on the page. */
  missing: SellField[];
  /** Fields the marketplace shows only once a category is chosen, not on the page yet. */
  waiting: SellField[];
}

export function findField(doc: Document, field: FieldMapping): Element | null {
  for (const selector of field.selectors) {
    const element = doc.querySelector(selector);
    if (element) return element;
  }
  return null;
}

/** Looks for every field the mapping names, before anything is filled. */
export function selfCheck(doc: Document, mapping: MarketplaceMapping): SelfCheck {
  const result: SelfCheck = { found: {}, missing: [], waiting: [] };
  for (const name of SELL_FIELDS) {
    const field = mapping.fields[name];
    if (!field) continue;
    const element = findField(doc, field);
    if (element) result.found[name] = element;
    else if (field.appearsAfterCategory) result.waiting.push(name);
    else result.missing.push(name);
  }
  return result;
}

// ----- Acting on the page like a person -----

function windowOf(doc: Document): Window & typeof globalThis {
  const view = doc.defaultView;
  if (!view) throw new Error('The page has no window.');
  return view;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `find` returns something or `timeoutMs` passes: a bounded wait, never an endless one. */
async function waitFor<T>(find: () => T | null, timeoutMs: number): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== null || Date.now() >= deadline) return found;
    await sleep(POLL_MS);
  }
}

/** The pointer and mouse events a real click sends, in order: dropdowns open on any one of them. */
function press(element: Element): void {
  const view = windowOf(element.ownerDocument);
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view };
  element.dispatchEvent(new view.PointerEvent('pointerdown', init));
  element.dispatchEvent(new view.MouseEvent('mousedown', init));
  if (element instanceof view.HTMLElement) element.focus();
  element.dispatchEvent(new view.PointerEvent('pointerup', init));
  element.dispatchEvent(new view.MouseEvent('mouseup', init));
  element.dispatchEvent(new view.MouseEvent('click', init));
}

/** Closes whatever list is open: Escape for those that listen to it, a click outside for the others. */
function dismiss(doc: Document): void {
  const view = windowOf(doc);
  const target = doc.activeElement ?? doc.body;
  target.dispatchEvent(new view.KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  press(doc.body);
}

/**
 * Sets a control's value so that a React (or Vue) page takes it in. React remembers the last value it wrote on
 * the element itself and ignores an `input` event when the value still equals it, so a plain `.value =` is
 * lost; the prototype's own setter goes around that memory, and the events then carry the change.
 */
function setValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const view = windowOf(element.ownerDocument);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  element.focus();
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(new view.Event('input', { bubbles: true }));
  element.dispatchEvent(new view.Event('change', { bubbles: true }));
}

function isTextControl(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  const view = windowOf(element.ownerDocument);
  return element instanceof view.HTMLInputElement || element instanceof view.HTMLTextAreaElement;
}

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

function optionsIn(doc: Document, options: OptionList): Element[] {
  return [...doc.querySelectorAll(options.list)].flatMap((list) => [
    ...list.querySelectorAll(options.option),
  ]);
}

/** The option a target names, inside the open list; null while the list (or that option) is not there. */
function findOption(doc: Document, options: OptionList, target: OptionTarget): Element | null {
  if ('selector' in target) {
    for (const list of doc.querySelectorAll(options.list)) {
      const option = list.querySelector(target.selector);
      if (option) return option;
    }
    return null;
  }
  const wanted = normalise(target.text);
  return optionsIn(doc, options).find((option) => normalise(option.textContent) === wanted) ?? null;
}

function isTicked(option: Element): boolean {
  return option.getAttribute('aria-selected') === 'true' || option.getAttribute('aria-checked') === 'true';
}

function dataUrlToFile(view: Window & typeof globalThis, photo: TransferredPhoto): File {
  // Decoded here rather than fetched: a fetch from a content script can fall under the page's own policy.
  const base64 = photo.dataUrl.slice(photo.dataUrl.indexOf(',') + 1);
  const binary = view.atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new view.File([bytes], photo.name, { type: photo.type });
}

// ----- One field at a time -----

/** A field can be filled and still carry a note: a nearest option to check, a colour left to the seller. */
interface FieldOutcome {
  filled: boolean;
  check?: ReportNote<CheckNoteReason>;
  byHand?: ReportNote<HandNoteReason>;
}

interface Filling {
  doc: Document;
  name: SellField;
  optionWaitMs: number;
}

const done = (check?: ReportNote<CheckNoteReason>): FieldOutcome => ({ filled: true, check });
const leftForSeller = (field: SellField, reason: HandNoteReason, detail: string[] = []): FieldOutcome => ({
  filled: false,
  byHand: { field, reason, detail },
});
const nearestNote = (field: SellField): ReportNote<CheckNoteReason> => ({
  field,
  reason: 'nearest',
  detail: [],
});

function fillText(element: Element, name: SellField, text: string): FieldOutcome {
  if (!isTextControl(element)) return leftForSeller(name, 'failed');
  setValue(element, text);
  // A page that rejected the value (a stricter input, a different control) shows it at once.
  return element.value === text ? done() : leftForSeller(name, 'failed');
}

function fillFiles(
  element: Element,
  field: FilesFieldMapping,
  name: SellField,
  photos: TransferredPhoto[],
): FieldOutcome {
  const view = windowOf(element.ownerDocument);
  if (!(element instanceof view.HTMLInputElement) || element.type !== 'file')
    return leftForSeller(name, 'failed');
  const chosen = photos.slice(0, field.maxFiles);
  const transfer = new view.DataTransfer();
  for (const photo of chosen) transfer.items.add(dataUrlToFile(view, photo));
  element.files = transfer.files;
  element.dispatchEvent(new view.Event('input', { bubbles: true }));
  element.dispatchEvent(new view.Event('change', { bubbles: true }));
  if (element.files?.length !== chosen.length) return leftForSeller(name, 'failed');
  return chosen.length < photos.length
    ? done({ field: name, reason: 'photos_limited', detail: [String(field.maxFiles), String(photos.length)] })
    : done();
}

function fillSelect(element: Element, name: SellField, value: PlannedValue): FieldOutcome {
  const view = windowOf(element.ownerDocument);
  if (!(element instanceof view.HTMLSelectElement) || value.kind !== 'choice')
    return leftForSeller(name, 'failed');
  const [target] = value.path;
  if (!target) return leftForSeller(name, 'failed');
  const option =
    'selector' in target
      ? element.querySelector<HTMLOptionElement>(target.selector)
      : ([...element.options].find((candidate) => normalise(candidate.text) === normalise(target.text)) ??
        null);
  if (!option) return leftForSeller(name, 'option_missing');
  setValue(element, option.value);
  return done(value.nearest ? nearestNote(name) : undefined);
}

/** Types the listing's text, then picks the option worded exactly like it; without one, the text stays typed. */
async function fillCombobox(
  { doc, name, optionWaitMs }: Filling,
  element: Element,
  field: ComboboxFieldMapping,
  text: string,
): Promise<FieldOutcome> {
  let box: Element | null = element;
  if (field.searchInput) {
    const searchSelectors = field.searchInput;
    press(element);
    box = await waitFor(() => doc.querySelector(searchSelectors.join(', ')), optionWaitMs);
    if (!box) {
      dismiss(doc);
      return leftForSeller(name, 'not_found');
    }
  }
  if (!isTextControl(box)) return leftForSeller(name, 'failed');
  setValue(box, text);
  const option = await waitFor(() => findOption(doc, field.options, { text }), optionWaitMs);
  if (option) {
    press(option);
    return done();
  }
  dismiss(doc);
  // Text typed into a dropdown's own search box is no value once the dropdown closes; typed into the field
  // itself, it stays, and the marketplace takes it as it is.
  if (field.searchInput) return leftForSeller(name, 'no_listed_match', [text]);
  return done({ field: name, reason: 'no_exact_match', detail: [text] });
}

/** Opens the picker and clicks through `path`, one level after another. */
async function fillPickerPath(
  { doc, optionWaitMs }: Filling,
  element: Element,
  field: PickerFieldMapping,
  path: OptionTarget[],
): Promise<boolean> {
  press(element);
  for (const target of path) {
    const option = await waitFor(() => findOption(doc, field.options, target), optionWaitMs);
    if (!option) {
      dismiss(doc);
      return false;
    }
    press(option);
  }
  return true;
}

async function fillPicker(
  filling: Filling,
  element: Element,
  field: PickerFieldMapping,
  value: PlannedValue,
): Promise<FieldOutcome> {
  const { doc, name, optionWaitMs } = filling;
  switch (value.kind) {
    case 'choice': {
      if (!(await fillPickerPath(filling, element, field, value.path)))
        return leftForSeller(name, 'option_missing');
      return done(value.nearest ? nearestNote(name) : undefined);
    }
    case 'free': {
      // A list with no box to type into (Vinted's sizes): only an option worded exactly like the listing's will do.
      if (!(await fillPickerPath(filling, element, field, [{ text: value.text }]))) {
        return leftForSeller(name, 'no_listed_match', [value.text]);
      }
      return done();
    }
    case 'choices': {
      press(element);
      const wanted = value.choices.slice(0, field.multiple?.max ?? 1);
      let picked = 0;
      let nearest = false;
      for (const choice of wanted) {
        const option = await waitFor(() => findOption(doc, field.options, choice.target), optionWaitMs);
        if (!option) continue;
        // A click on an option already ticked (a form filled twice) would take it off again.
        if (!isTicked(option)) press(option);
        picked++;
        nearest ||= choice.nearest === true;
      }
      const close = field.multiple?.close;
      const closeButton = close && 'selector' in close ? doc.querySelector(close.selector) : null;
      // Lists that close on a click elsewhere get one on the page's body, as a person's would.
      press(closeButton ?? doc.body);
      if (picked === 0) return leftForSeller(name, 'option_missing');
      const outcome = done(nearest ? nearestNote(name) : undefined);
      // A colour the page did not offer, or one the marketplace has no option for, is the seller's to add.
      if (picked < wanted.length) outcome.byHand = { field: name, reason: 'option_missing', detail: [] };
      else if (value.unavailable > 0) outcome.byHand = { field: name, reason: 'no_equivalent', detail: [] };
      return outcome;
    }
    default:
      return leftForSeller(name, 'failed');
  }
}

async function fillField(
  filling: Filling,
  element: Element,
  field: FieldMapping,
  value: PlannedValue,
): Promise<FieldOutcome> {
  const { name } = filling;
  switch (field.kind) {
    case 'text':
      if (value.kind !== 'text') return leftForSeller(name, 'failed');
      return fillText(element, name, value.text);
    case 'files':
      if (value.kind !== 'files') return leftForSeller(name, 'failed');
      return fillFiles(element, field, name, value.photos);
    case 'select':
      return fillSelect(element, name, value);
    case 'combobox':
      if (value.kind !== 'free') return leftForSeller(name, 'failed');
      return fillCombobox(filling, element, field, value.text);
    case 'picker':
      return fillPicker(filling, element, field, value);
  }
}

/** Fills the sell form on `doc` from `listing` and says what was filled, what to check and what to do by hand. */
export async function fillForm(
  doc: Document,
  mapping: MarketplaceMapping,
  listing: Listing,
  photos: TransferredPhoto[],
  options: FillOptions = {},
): Promise<FillReport> {
  const optionWaitMs = options.optionWaitMs ?? DEFAULT_OPTION_WAIT_MS;
  const check = selfCheck(doc, mapping);
  const report: FillReport = {
    marketplace: mapping.marketplace,
    formFound: Object.keys(check.found).length > 0,
    filled: [],
    check: [],
    byHand: [],
  };
  const plans = planFields(listing, photos, mapping, doc.location.hostname);

  for (const name of SELL_FIELDS) {
    const field = mapping.fields[name];
    const plan = plans[name];
    if (!field || !plan) continue;

    let element = check.found[name] ?? null;
    if (!element && check.waiting.includes(name)) {
      if (!report.filled.includes('category')) {
        report.byHand.push({ field: name, reason: 'after_category', detail: [] });
        continue;
      }
      element = await waitFor(() => findField(doc, field), optionWaitMs);
    }
    if (!element) {
      report.byHand.push({ field: name, reason: 'not_found', detail: [] });
      continue;
    }
    if ('skip' in plan) {
      report.byHand.push({ field: name, reason: plan.skip, detail: plan.detail });
      continue;
    }

    let outcome: FieldOutcome;
    try {
      outcome = await fillField({ doc, name, optionWaitMs }, element, field, plan.value);
    } catch (error) {
      // One field the page would not take must not stop the others; the seller is told which one.
      console.warn(`Snaplist could not fill the ${name} field`, error);
      outcome = leftForSeller(name, 'failed');
    }
    if (outcome.filled) {
      report.filled.push(name);
      if (plan.value.kind === 'text' && plan.value.check)
        report.check.push({ field: name, ...plan.value.check });
    }
    if (outcome.check) report.check.push(outcome.check);
    if (outcome.byHand) report.byHand.push(outcome.byHand);
  }
  return report;
}
