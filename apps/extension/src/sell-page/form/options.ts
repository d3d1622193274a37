// The options of a sell form's menus, pickers and tiles: found by the page's own hooks where the evidence gives
// them (a catalogue id, a condition code), else by the words they show, in any of the sites' languages.
import { isShown, labelOf, normalise, press, queryAll, textOf } from './page';

/** One option: by the page's hooks, else by its visible words (any language); both when known. */
export interface OptionTarget {
  selectors?: readonly string[];
  texts?: readonly string[];
}

/** What a person clicks in a menu; a text found on anything else (a heading, a hint) is not an option. */
const CLICKABLE =
  '[role=option], [role=radio], [role=checkbox], [role=menuitem], [role=menuitemradio], [role=button], [role=tab], li, a, button, label';

export type TextMatch = 'exact' | 'loose';

function words(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}'"]+/u)
    .filter(Boolean);
}

/** Whether an option's words are `wanted`: exactly, or (loose) containing all of its words. */
export function textMatches(shown: string, wanted: string, match: TextMatch): boolean {
  const option = normalise(shown);
  const target = normalise(wanted);
  if (!option || !target) return false;
  if (option === target) return true;
  if (match === 'exact') return false;
  const optionWords = words(option);
  return words(target).every((word) => optionWords.includes(word));
}

function optionTexts(element: Element): string[] {
  return [labelOf(element), textOf(element), element.getAttribute('aria-label') ?? ''].filter(Boolean);
}

/** The innermost of nested matches: Poshmark listens on the `<a>` inside its `<li>`, not on the `<li>`. */
function innermost(elements: Element[]): Element[] {
  return elements.filter(
    (element) => !elements.some((other) => other !== element && element.contains(other)),
  );
}

/** Every shown option in `scope` whose words are one of `texts`. */
export function optionsByText(scope: ParentNode, texts: readonly string[], match: TextMatch): Element[] {
  const matching = [...scope.querySelectorAll(CLICKABLE)].filter((element) =>
    optionTexts(element).some((shown) => texts.some((text) => textMatches(shown, text, match))),
  );
  return innermost(matching.filter(isShown));
}

/** The option `target` names in `scope`: by hook, else by its exact words, else (if allowed) loosely. */
export function findOption(
  scope: ParentNode,
  target: OptionTarget,
  { loose = false }: { loose?: boolean } = {},
): Element | null {
  const hooked = queryAll(scope, target.selectors ?? []).filter(isShown);
  if (hooked[0]) return clickTarget(hooked[0]);
  if (!target.texts?.length) return null;
  const exact = optionsByText(scope, target.texts, 'exact')[0];
  if (exact) return clickTarget(exact);
  return loose ? (optionsByText(scope, target.texts, 'loose')[0] ?? null) : null;
}

/**
 * The element a person's click lands on for an option: a hidden radio or checkbox input is only its picture (a
 * click on it may not register), so its row takes the click.
 */
export function clickTarget(option: Element): Element {
  const isInput = option.tagName === 'INPUT';
  if (!isInput && isShown(option)) return option;
  const row = option.closest('[role=radio], [role=checkbox], [role=option], label, li');
  if (row && row !== option) return row;
  const labelled = option.id ? option.ownerDocument.querySelector(`label[for="${option.id}"]`) : null;
  return labelled?.closest('[role=radio], [role=checkbox], li, div') ?? labelled ?? option;
}

/** Whether an option shows itself chosen. */
export function isChosen(option: Element): boolean {
  const own = ['aria-selected', 'aria-checked', 'aria-pressed'].some(
    (name) => option.getAttribute(name) === 'true',
  );
  if (own) return true;
  const input = option.querySelector('input[type=checkbox], input[type=radio]');
  return (input as HTMLInputElement | null)?.checked === true;
}

const DONE_WORDS = [
  'Done',
  'Apply',
  'Save',
  'OK',
  'Fait',
  'Terminé',
  'Appliquer',
  'Valider',
  'Fertig',
  'Übernehmen',
  'Anwenden',
  'Speichern',
  'Gotowe',
  'Zastosuj',
  'Zapisz',
];

/** The button that saves an open picker (Done, Apply), by the page's hooks first, then by its words. */
export function findDoneButton(doc: Document, selectors: readonly string[]): Element | null {
  const hooked = queryAll(doc, selectors).filter(isShown);
  if (hooked.length > 0) return hooked[hooked.length - 1] ?? null;
  const buttons = [...doc.querySelectorAll('button, [role=button]')].filter(isShown);
  return (
    buttons.find((button) => DONE_WORDS.some((word) => textMatches(textOf(button), word, 'exact'))) ?? null
  );
}

/** Presses an option the way the page listens for it. */
export function choose(option: Element): void {
  press(option);
}
