// A combobox in the Downshift way (Depop's every dropdown): a text input with role=combobox whose aria-controls
// names its own menu, options li[role=option]. Every menu may render its options even while closed, so options are
// looked for in this field's own menu only, and clicked only while it is open (a closed menu ignores clicks).

import type { FillContext } from './outcome';
import { isShown, press, settle, setValue, waitFor, windowOf } from './page';

/** The menu a combobox controls: by aria-controls, else its `<base>-menu` by id, else the listbox beside it. */
export function menuOf(input: Element): Element | null {
  const doc = input.ownerDocument;
  const controls = input.getAttribute('aria-controls') ?? input.getAttribute('aria-owns');
  const byAria = controls ? doc.getElementById(controls) : null;
  if (byAria) return byAria;
  const base = input.id.replace(/-input$/, '');
  const byId = base ? doc.getElementById(`${base}-menu`) : null;
  if (byId) return byId;
  let container = input.parentElement;
  for (let level = 0; container && level < 3; level++, container = container.parentElement) {
    const listbox = container.querySelector('[role=listbox], ul');
    if (listbox) return listbox;
  }
  return null;
}

export function menuOptions(menu: Element | null): Element[] {
  if (!menu) return [];
  return [...menu.querySelectorAll('[role=option], li')].filter(
    (option, _, all) => !all.some((other) => other !== option && other.contains(option)) && isShown(option),
  );
}

function isOpen(input: Element, menu: Element | null): boolean {
  return (
    input.getAttribute('aria-expanded') === 'true' ||
    (menu !== null && isShown(menu) && menuOptions(menu).length > 0)
  );
}

/** Opens the combobox's menu (its input, else its toggle button); false when it will not open. */
export async function openCombobox(context: FillContext, input: Element): Promise<boolean> {
  const menu = () => menuOf(input);
  if (isOpen(input, menu())) return true;
  press(input);
  if (await waitFor(context.doc, () => (isOpen(input, menu()) ? true : null), context.waitMs / 2))
    return true;
  const toggle = context.doc.getElementById(input.id.replace(/-input$/, '-toggle-button'));
  if (toggle) press(toggle);
  return (
    (await waitFor(context.doc, () => (isOpen(input, menu()) ? true : null), context.waitMs / 2)) === true
  );
}

/** Types into the combobox (which opens and filters its menu). */
export function typeInto(input: Element, text: string): void {
  const view = windowOf(input.ownerDocument);
  if (input instanceof view.HTMLInputElement) setValue(input, text);
}

/**
 * Waits for `choose` to find the option among the open menu's options (the list may lag behind, as Depop's size
 * list does after a category change: the menu is opened again now and then), clicks it and lets the page settle.
 */
export async function pickInMenu(
  context: FillContext,
  input: Element,
  choose: (options: Element[]) => Element | null,
  waitMs: number,
): Promise<Element | null> {
  let lastOpen = Date.now();
  const option = await waitFor(
    context.doc,
    () => {
      const menu = menuOf(input);
      if (!isOpen(input, menu) && Date.now() - lastOpen > 800) {
        lastOpen = Date.now();
        press(input);
      }
      return isOpen(input, menu) ? choose(menuOptions(menu)) : null;
    },
    waitMs,
  );
  if (!option) return null;
  press(option);
  await settle();
  return option;
}
