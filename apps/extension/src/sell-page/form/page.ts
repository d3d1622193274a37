// Acting on a marketplace's page the way a person does, and reading back what it shows. These pages are React or
// Vue apps that keep their own state, so every change goes through the events those frameworks listen to, every
// wait watches the page itself (a MutationObserver, with a deadline), and nothing counts as done until the page
// shows it.

export type PageWindow = Window & typeof globalThis;

export function windowOf(doc: Document): PageWindow {
  const view = doc.defaultView;
  if (!view) throw new Error('The page has no window.');
  return view as PageWindow;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves with the first non-null answer of `find`, checked now and after every change to the page, or null once
 * `timeoutMs` has passed. A light poll runs beside the observer: a page can change what `find` reads (a value, a
 * class) without a mutation the observer was asked to watch.
 */
export function waitFor<T>(doc: Document, find: () => T | null, timeoutMs: number): Promise<T | null> {
  const first = find();
  if (first !== null || timeoutMs <= 0) return Promise.resolve(first);
  const view = windowOf(doc);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: T | null) => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      clearInterval(poll);
      clearTimeout(deadline);
      resolve(value);
    };
    const check = () => {
      const found = find();
      if (found !== null) finish(found);
    };
    const observer = new view.MutationObserver(check);
    observer.observe(doc, { childList: true, subtree: true, attributes: true, characterData: true });
    const poll = setInterval(check, 100);
    const deadline = setTimeout(() => finish(find()), timeoutMs);
  });
}

/** Lets the page's own handlers (timers, re-renders) run before the next step. */
export const settle = () => sleep(60);

/** The pointer and mouse events a real click sends, in order: menus open on any one of them. */
export function press(element: Element): void {
  const view = windowOf(element.ownerDocument);
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view };
  if (element instanceof view.HTMLElement) element.scrollIntoView?.({ block: 'center' });
  element.dispatchEvent(new view.PointerEvent('pointerdown', init));
  element.dispatchEvent(new view.MouseEvent('mousedown', init));
  if (element instanceof view.HTMLElement) element.focus({ preventScroll: true });
  element.dispatchEvent(new view.PointerEvent('pointerup', init));
  element.dispatchEvent(new view.MouseEvent('mouseup', init));
  element.dispatchEvent(new view.MouseEvent('click', init));
}

export function isTextControl(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  const view = windowOf(element.ownerDocument);
  return element instanceof view.HTMLInputElement || element instanceof view.HTMLTextAreaElement;
}

/**
 * Sets a control's value so that a React or Vue page takes it in. React remembers the last value it wrote on the
 * element and ignores an `input` event that leaves the value equal to it, so a plain `.value =` is lost; the
 * prototype's own setter goes around that memory, and the events then carry the change.
 */
export function setValue(
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
): void {
  const view = windowOf(element.ownerDocument);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  element.focus({ preventScroll: true });
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(
    new view.InputEvent('input', { bubbles: true, inputType: 'insertText', data: value }),
  );
  element.dispatchEvent(new view.Event('change', { bubbles: true }));
}

/** Leaves the control, as a person tabbing on: some fields (Vinted's price) read their value only then. */
export function leave(element: Element): void {
  const view = windowOf(element.ownerDocument);
  if (element instanceof view.HTMLElement) element.blur();
  element.dispatchEvent(new view.FocusEvent('blur', { bubbles: false }));
  element.dispatchEvent(new view.FocusEvent('focusout', { bubbles: true }));
}

/** Text compared the way a person reads it: case, accents, curly quotes, "&" and spacing aside. */
export function normalise(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** An element's visible words: its own text, else what it says to assistive technology. */
export function textOf(element: Element): string {
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text || element.getAttribute('aria-label') || element.getAttribute('title') || '';
}

/** The label of an option that shows a description line under it: the first block of text. */
export function labelOf(element: Element): string {
  const aria = element.getAttribute('aria-label');
  if (aria) return aria.trim();
  for (const node of element.querySelectorAll('*')) {
    if (node.children.length > 0) continue;
    const text = (node.textContent ?? '').trim();
    if (text) return text;
  }
  return textOf(element);
}

/** What a field shows now: a control's value, else its text. */
export function shownValue(element: Element): string {
  if (isTextControl(element)) return element.value;
  const view = windowOf(element.ownerDocument);
  if (element instanceof view.HTMLSelectElement) return element.selectedOptions[0]?.textContent ?? '';
  return textOf(element);
}

/** Whether an element is on the page and shown: not `hidden`, not aria-hidden, not styled out of sight. */
export function isShown(element: Element): boolean {
  if (!element.isConnected) return false;
  const view = windowOf(element.ownerDocument);
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return false;
    const style = view.getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

export function queryAll(root: ParentNode, selectors: readonly string[]): Element[] {
  const found: Element[] = [];
  for (const selector of selectors) {
    for (const element of root.querySelectorAll(selector)) if (!found.includes(element)) found.push(element);
  }
  return found;
}
