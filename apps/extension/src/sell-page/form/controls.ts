// Finding a field of a sell form: by the page's own hooks first (ids, test ids, names, which stay the same in every
// language), then, when a redesign renamed them, by what a person reads next to it (its label, its accessible name
// or its placeholder), in any of the languages the marketplace's sites show.
import { isShown, normalise, queryAll } from './page';

export interface ControlHooks {
  /** CSS selectors on the page's own hooks, most stable first. */
  selectors: readonly string[];
  /** The field's label as the sites write it, in every language they show; the fallback when no hook matches. */
  labels?: readonly string[];
  /**
   * The kind of element the label fallback looks for next to the label; `self` when the label's own text is what
   * a person clicks (Poshmark's "Select Category").
   */
  fallback?: 'text' | 'file' | 'opener' | 'self';
}

const FALLBACK_CONTROLS = {
  text: 'input:not([type=hidden]):not([type=file]):not([type=checkbox]):not([type=radio]), textarea',
  file: 'input[type=file]',
  opener:
    'input:not([type=hidden]):not([type=file]), [role=combobox], [role=button], button, select, [data-test=dropdown], [aria-haspopup], [tabindex]',
} as const;

function labelMatches(text: string | null, labels: readonly string[]): boolean {
  const wanted = normalise(text)
    .replace(/[*:]+$/, '')
    .trim();
  return wanted !== '' && labels.some((label) => normalise(label) === wanted);
}

/** The control a `<label>`, or a short heading-like text, names: its `for` target, else the nearest one after it. */
function controlNamedBy(
  doc: Document,
  labels: readonly string[],
  kind: keyof typeof FALLBACK_CONTROLS | 'self',
) {
  if (kind === 'self') return selfLabelled(doc, labels);
  const selector = FALLBACK_CONTROLS[kind];
  for (const element of doc.querySelectorAll(`[aria-label], [placeholder]`)) {
    if (!element.matches(selector)) continue;
    if (
      labelMatches(element.getAttribute('aria-label'), labels) ||
      labelMatches(element.getAttribute('placeholder'), labels)
    )
      return element;
  }
  for (const label of doc.querySelectorAll('label, legend, h2, h3, h4, p, span, div')) {
    if (label.children.length > 1 || !labelMatches(label.textContent, labels)) continue;
    const target = label.getAttribute('for');
    if (target) {
      const named = doc.getElementById(target);
      if (named) return named;
    }
    // The nearest control in the label's own container, walking out a few levels at most: far enough to reach a
    // field's wrapper, not so far that the next field's control is taken.
    let container: Element | null = label.parentElement;
    for (let level = 0; container && level < 3; level++, container = container.parentElement) {
      const control = [...container.querySelectorAll(selector)].find(
        (candidate) => candidate !== label && !candidate.contains(label),
      );
      if (control) return control;
    }
  }
  return null;
}

/** The innermost element whose own words are a label (the first label first): the text a person clicks. */
function selfLabelled(doc: Document, labels: readonly string[]): Element | null {
  const elements = [...doc.querySelectorAll('body *')];
  for (const label of labels) {
    const matching = elements.filter(
      (element) => labelMatches(element.textContent, [label]) && isShown(element),
    );
    const innermost = matching.find(
      (element) => !matching.some((other) => other !== element && element.contains(other)),
    );
    if (innermost) return innermost;
  }
  return null;
}

/** The field's element, or null when the page does not have it (yet). */
export function findControl(doc: Document, hooks: ControlHooks): Element | null {
  const byHook = queryAll(doc, hooks.selectors);
  // A hidden file input is the normal case; any other field has to be one the seller could see.
  const hooked = byHook.find((element) => hooks.fallback === 'file' || isShown(element)) ?? byHook[0];
  if (hooked) return hooked;
  if (!hooks.labels) return null;
  return controlNamedBy(doc, hooks.labels, hooks.fallback ?? 'text');
}
