// The "Fill from Snaplist" button and panel on a marketplace's sell form. The panel lists the seller's listings
// (Inventory first, then Generations, with a search box and "Load more"); choosing one fills the form and shows
// the report. Everything it knows comes from the background: the panel never holds a token.
import type { ListingSummary, ListingType } from '@snaplist/contract';
import { DEPARTMENTS, type Department } from '@snaplist/contract/item';
import { MARKETPLACE_NAMES } from '@snaplist/contract/marketplaces';
import { t } from '../i18n';
import { askBackground } from '../messages';
import { element, shadowHost } from './dom';
import { type FillReport, fillForm } from './fill';
import type { MarketplaceMapping } from './marketplaces/types';
import { reportText } from './report';
import { needsDepartment, variantFor } from './values';

const SEARCH_DELAY_MS = 300;
const TABS: ListingType[] = ['inventory', 'generations'];

const CSS = `
  * { box-sizing: border-box; }
  .launcher, .panel {
    position: fixed; z-index: 2147483647; font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    color: #1b1b1f;
  }
  .launcher {
    right: 0; bottom: 96px; padding: 10px 14px; border: 0; border-radius: 8px 0 0 8px; cursor: pointer;
    background: #1f4fd8; color: #fff; font-weight: 600; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);
  }
  .launcher:hover { background: #173fb0; }
  .launcher[hidden] { display: none; }
  .panel {
    right: 8px; bottom: 8px; width: min(380px, calc(100vw - 16px)); max-height: min(640px, calc(100vh - 16px));
    display: flex; flex-direction: column; background: #fff; border: 1px solid #c9ccd4; border-radius: 10px;
    box-shadow: 0 8px 28px rgba(0, 0, 0, 0.25);
  }
  .panel[hidden] { display: none; }
  header { display: flex; align-items: center; justify-content: space-between; padding: 10px 12px;
    border-bottom: 1px solid #e3e5ea; }
  h2 { margin: 0; font-size: 16px; }
  h3 { margin: 8px 0 4px; font-size: 14px; }
  .body { padding: 10px 12px; overflow: auto; display: flex; flex-direction: column; gap: 8px; }
  button { font: inherit; color: inherit; }
  .close { border: 0; background: none; font-size: 22px; line-height: 1; padding: 2px 8px; cursor: pointer;
    border-radius: 6px; }
  [role="tablist"] { display: flex; gap: 4px; border-bottom: 1px solid #e3e5ea; }
  [role="tab"] { flex: 1; padding: 8px; border: 0; border-bottom: 3px solid transparent; background: none;
    cursor: pointer; font-weight: 600; color: #4a4d57; }
  [role="tab"][aria-selected="true"] { border-bottom-color: #1f4fd8; color: #1b1b1f; }
  label { font-weight: 600; font-size: 13px; }
  input[type="search"] { width: 100%; padding: 8px; border: 1px solid #9a9eaa; border-radius: 6px; font: inherit; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
  .listing { display: flex; align-items: center; gap: 10px; width: 100%; padding: 6px; text-align: left;
    background: #fff; border: 1px solid #e3e5ea; border-radius: 8px; cursor: pointer; }
  .listing:hover { border-color: #1f4fd8; background: #f3f6ff; }
  .thumb { flex: none; width: 48px; height: 48px; border-radius: 6px; object-fit: cover; background: #eceef2; }
  .text { display: flex; flex-direction: column; min-width: 0; }
  .title { font-weight: 600; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2;
    -webkit-box-orient: vertical; overflow-wrap: anywhere; }
  .price { color: #4a4d57; }
  .more, .secondary { align-self: flex-start; padding: 6px 12px; border: 1px solid #1f4fd8; border-radius: 6px;
    background: #fff; color: #1f4fd8; cursor: pointer; font-weight: 600; }
  .note { margin: 0; color: #4a4d57; }
  .error { margin: 0; padding: 8px; border-radius: 6px; background: #fdecec; color: #8a1414; }
  .report ul { list-style: disc; padding-left: 20px; gap: 2px; }
  .report p { margin: 0; }
  .department { display: flex; flex-direction: column; gap: 8px; }
  .department .listing { justify-content: center; font-weight: 600; }
  .review { margin: 0; padding: 8px; border-radius: 6px; background: #eef8f0; color: #1d5a2a; }
  :focus-visible { outline: 3px solid #f5a524; outline-offset: 2px; }
  @media (max-width: 480px) { .launcher { bottom: 72px; padding: 8px 10px; } }
`;

export interface Panel {
  unmount(): void;
}

export interface PanelOptions {
  /** Called once the form was filled, with the title it was filled with: the seller may now post it. */
  onFilled?: (title: string) => void;
}

function formatMinor(minor: number, currency: string): string {
  const language = chrome.i18n.getUILanguage();
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
}

function priceText(summary: ListingSummary): string {
  if (summary.price !== null) return formatMinor(summary.price, summary.currency);
  const range = summary.suggestedPriceRange;
  if (range) return `${formatMinor(range.min, range.currency)} – ${formatMinor(range.max, range.currency)}`;
  return t('sell_panel_no_price');
}

/** Puts the button and its (closed) panel on the sell form's page. */
export function mountPanel(doc: Document, mapping: MarketplaceMapping, options: PanelOptions = {}): Panel {
  const marketplace = MARKETPLACE_NAMES[mapping.marketplace];
  const { host, root } = shadowHost(doc, 'snaplist-sell-panel', CSS);
  const make = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attributes?: Record<string, string | boolean | undefined>,
    ...children: (Node | string | null | undefined | false)[]
  ) => element(doc, tag, attributes, ...children);

  const launcher = make(
    'button',
    { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-controls': 'snaplist-panel' },
    t('sell_panel_button'),
  );
  const closeButton = make(
    'button',
    { type: 'button', class: 'close', 'aria-label': t('sell_panel_close') },
    '×',
  );
  const body = make('div', { class: 'body' });
  const panel = make(
    'section',
    {
      id: 'snaplist-panel',
      class: 'panel',
      role: 'dialog',
      'aria-labelledby': 'snaplist-panel-title',
      hidden: true,
    },
    make('header', {}, make('h2', { id: 'snaplist-panel-title' }, t('sell_panel_button')), closeButton),
    body,
  );
  root.append(launcher, panel);

  // What the list shows; a newer request makes an older one's answer stale.
  let listingType: ListingType = 'inventory';
  let search = '';
  let cursor: string | null = null;
  let request = 0;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;

  const show = (...children: Node[]) => body.replaceChildren(...children);

  // The button gives way to the open panel (whose close button takes the focus) and comes back with it.
  function open(): void {
    panel.hidden = false;
    launcher.hidden = true;
    launcher.setAttribute('aria-expanded', 'true');
    closeButton.focus();
    void showStart();
  }

  function close(): void {
    panel.hidden = true;
    launcher.hidden = false;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.focus();
  }

  async function showStart(): Promise<void> {
    if (busy) return;
    show(make('p', { class: 'note', role: 'status' }, t('sell_panel_loading')));
    const status = await askBackground({ type: 'status' });
    if (!status.ok) {
      show(make('p', { class: 'error', role: 'alert' }, status.error.message));
      return;
    }
    if (!status.value.signedIn) {
      show(make('p', { class: 'note' }, t('sell_panel_signed_out')));
      return;
    }
    showList();
  }

  // ----- The list of listings -----

  const tabList = make('div', { role: 'tablist', 'aria-label': t('sell_panel_tabs_label') });
  const tabs = TABS.map((type) =>
    make(
      'button',
      { type: 'button', role: 'tab', id: `snaplist-tab-${type}`, 'aria-controls': 'snaplist-listings' },
      t(`sell_panel_tab_${type}`),
    ),
  );
  tabList.append(...tabs);
  const searchInput = make('input', { type: 'search', id: 'snaplist-search', autocomplete: 'off' });
  const searchLabel = make('label', { for: 'snaplist-search' }, t('sell_panel_search_label'));
  const list = make('ul', { id: 'snaplist-listings', role: 'tabpanel' });
  const listStatus = make('p', { class: 'note', role: 'status' });
  const loadMore = make('button', { type: 'button', class: 'more', hidden: true }, t('sell_panel_load_more'));

  function selectTab(type: ListingType, focus: boolean): void {
    listingType = type;
    tabs.forEach((tab, index) => {
      const selected = TABS[index] === type;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected) {
        list.setAttribute('aria-labelledby', tab.id);
        if (focus) tab.focus();
      }
    });
  }

  function showList(): void {
    selectTab(listingType, false);
    show(tabList, searchLabel, searchInput, list, listStatus, loadMore);
    void loadPage(true);
  }

  function thumbnail(source: string | undefined): HTMLElement {
    if (!source) return make('span', { class: 'thumb', 'aria-hidden': 'true' });
    const image = make('img', { class: 'thumb', src: source, alt: '', loading: 'lazy' });
    // The page's own image policy may refuse Snaplist's address: an empty square then, not a broken icon.
    image.addEventListener('error', () =>
      image.replaceWith(make('span', { class: 'thumb', 'aria-hidden': 'true' })),
    );
    return image;
  }

  function listingItem(summary: ListingSummary, thumbnailSource: string | undefined): HTMLLIElement {
    const button = make(
      'button',
      { type: 'button', class: 'listing' },
      thumbnail(thumbnailSource),
      make(
        'span',
        { class: 'text' },
        make('span', { class: 'title' }, summary.title),
        make('span', { class: 'price' }, priceText(summary)),
      ),
    );
    button.addEventListener('click', () => void fill(summary.listingId));
    return make('li', {}, button);
  }

  async function loadPage(fresh: boolean): Promise<void> {
    const current = ++request;
    if (fresh) {
      cursor = null;
      list.replaceChildren();
    }
    loadMore.hidden = true;
    listStatus.textContent = t('sell_panel_loading');
    const page = await askBackground({ type: 'listings', listingType, search, cursor });
    if (current !== request) return;
    if (!page.ok) {
      listStatus.textContent = '';
      list.replaceChildren(make('li', { class: 'error', role: 'alert' }, page.error.message));
      return;
    }
    const { thumbnails } = page.value;
    list.append(...page.value.listings.map((summary) => listingItem(summary, thumbnails[summary.listingId])));
    cursor = page.value.cursor;
    loadMore.hidden = page.value.done || cursor === null;
    const empty = list.childElementCount === 0;
    listStatus.textContent = !empty
      ? ''
      : search
        ? t('sell_panel_no_results', search)
        : t('sell_panel_empty');
  }

  // ----- Filling -----

  async function fill(listingId: string): Promise<void> {
    busy = true;
    show(make('p', { class: 'note', role: 'status' }, t('sell_panel_filling', marketplace)));
    try {
      const prepared = await askBackground({
        type: 'prepareFill',
        listingId,
        marketplace: mapping.marketplace,
      });
      if (!prepared.ok) {
        show(make('p', { class: 'error', role: 'alert' }, prepared.error.message), anotherButton());
        return;
      }
      const { listing, photos } = prepared.value;
      const department = needsDepartment(listing, mapping) ? await departmentOf(listing.listingId) : null;
      show(make('p', { class: 'note', role: 'status' }, t('sell_panel_filling', marketplace)));
      const report = await fillForm(doc, mapping, listing, photos, { department });
      showReport(report);
      options.onFilled?.(variantFor(listing, mapping.marketplace).title);
    } finally {
      busy = false;
    }
  }

  /** The seller's answer for this listing, asked once and remembered for its other marketplaces' forms. */
  async function departmentOf(listingId: string): Promise<Department | null> {
    const key = `department:${listingId}`;
    const remembered = (await chrome.storage.local.get(key))[key];
    if (DEPARTMENTS.includes(remembered as Department)) return remembered as Department;
    const answer = await askDepartment();
    if (answer) await chrome.storage.local.set({ [key]: answer });
    return answer;
  }

  /**
   * Whose the item is, asked when the listing's words do not say and the marketplace files items by it; null
   * when the seller would rather choose the category on the form.
   */
  function askDepartment(): Promise<Department | null> {
    return new Promise((resolve) => {
      const choice = (department: Department | null, label: string, primary: boolean) => {
        const button = make('button', { type: 'button', class: primary ? 'listing' : 'secondary' }, label);
        button.addEventListener('click', () => resolve(department));
        return button;
      };
      const heading = make(
        'h3',
        { id: 'snaplist-department', tabindex: '-1' },
        t('sell_panel_department_question'),
      );
      show(
        make(
          'div',
          { role: 'group', 'aria-labelledby': 'snaplist-department', class: 'department' },
          heading,
          make('p', { class: 'note' }, t('sell_panel_department_why', marketplace)),
          ...DEPARTMENTS.map((department) =>
            choice(department, t(`sell_panel_department_${department}`), true),
          ),
          choice(null, t('sell_panel_department_skip'), false),
        ),
      );
      heading.focus();
    });
  }

  function anotherButton(): HTMLButtonElement {
    const another = make('button', { type: 'button', class: 'secondary' }, t('sell_panel_choose_another'));
    another.addEventListener('click', () => showList());
    return another;
  }

  function showReport(report: FillReport): void {
    const text = reportText(report);
    const section = (heading: string, lines: string[]): Node[] =>
      lines.length === 0
        ? []
        : [make('h3', {}, heading), make('ul', {}, ...lines.map((line) => make('li', {}, line)))];
    // Focusable so that keyboard users land on what happened; role=status so screen readers announce it.
    const status = make('div', { class: 'report', role: 'status', tabindex: '-1' });
    show(status, anotherButton());
    if (text.formMissing) status.append(make('p', { class: 'error' }, text.formMissing));
    else {
      const filled = text.filled ? [text.filled] : [t('sell_report_nothing_filled')];
      status.append(
        ...section(t('sell_report_filled_heading'), filled),
        ...section(t('sell_report_check_heading'), text.check),
        ...section(t('sell_report_by_hand_heading'), text.byHand),
        make('p', { class: 'review' }, t('sell_report_review', marketplace)),
      );
    }
    status.focus();
  }

  // ----- Events -----

  launcher.addEventListener('click', open);
  closeButton.addEventListener('click', close);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  });
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => {
      selectTab(TABS[index] ?? 'inventory', false);
      void loadPage(true);
    });
    tab.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const next =
        TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length] ?? 'inventory';
      selectTab(next, true);
      void loadPage(true);
    });
  });
  searchInput.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      search = searchInput.value.trim();
      void loadPage(true);
    }, SEARCH_DELAY_MS);
  });
  loadMore.addEventListener('click', () => void loadPage(false));

  return {
    unmount() {
      clearTimeout(searchTimer);
      request++;
      host.remove();
    },
  };
}
