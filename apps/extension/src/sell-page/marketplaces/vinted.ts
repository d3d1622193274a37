// Vinted's sell form, landing and item pages, in one place, from what public evidence shows of the real pages
// (../shared/marketplace-forms/README.md, collected 2026-11-27; docs/extension.md lists the sources per field).
// Not seen on the live site from here: a hook that has changed is reported by name ("Vinted's size field was not
// found") and the label fallback in every language Vinted shows usually still finds the field.
//
// The form, /items/new on every regional site, is a React page with no <form> element:
//   photos       one hidden <input type=file data-testid="add-photos-input" name="photos" multiple>; thumbnails in
//                [data-testid="media-upload-grid"].
//   title, description   data-testid title--input / description--input, React-controlled.
//   category     a read-only input (catalog-select-dropdown-input) opening a panel: a tree of div#catalog-<id> rows,
//                a branch [role=button], a leaf [role=radio] (Dresses is not a leaf); a pick is saved only by Done
//                [data-testid="input-dropdown-save-button"] (Escape, an outside click and the X save nothing); the
//                photos' recognition may redraw the panel while it is walked.
//   brand, size, condition, colour   appear only once a leaf category is saved; the same panel with Done:
//                brand has a search box (brand-search--input) whose results come from Vinted's server; size is a
//                grid of [role=checkbox][aria-label] chips under size-system tabs; condition rows #condition-<id>
//                ([role=radio], its hidden radio condition-radio-<id>--input); colours [role=checkbox] rows, at most 2.
//   price        price-input--input, read by the page only when the field loses focus.
//   Upload       [data-testid="upload-form-save-button"] (not upload-form-save-draft-button).
// After Upload the seller lands on /member/<id>?promo_shown=true with an "Item listed" dialog; the member page's
// items are links a[href="/items/<id>"] whose title starts with the item's title. A sold item page says so in
// [data-testid="item-status--content"].

import type { Department, ItemKind } from '@snaplist/contract/item';
import { formatMoneyInput } from '@snaplist/contract/money';
import type { ControlHooks } from '../form/controls';
import { findOption, isChosen, type OptionTarget } from '../form/options';
import { checkNote, type FieldOutcome, type FillContext, filled, leftForSeller } from '../form/outcome';
import {
  isShown,
  labelOf,
  normalise,
  press,
  queryAll,
  settle,
  setValue,
  textOf,
  waitFor,
  windowOf,
} from '../form/page';
import { brandOption, openMenu, pickOption, pressDone, shows, sizeOption, sizeSystem } from '../form/widgets';
import type { PlannedValue } from '../values';
import {
  currencyBySite,
  fillPrice,
  itemLinks,
  multilingual,
  optionByItemWords,
  photosField,
  type SiteText,
  textField,
  texts,
} from './common';
import type { CategoryPath, MarketplaceMapping, OptionChoice, PostedItem } from './types';

/** Each regional site's currency, by the host's last part (vinted.co.uk → uk). */
const SITE_CURRENCIES: Record<string, string> = {
  uk: 'GBP',
  pl: 'PLN',
  cz: 'CZK',
  hu: 'HUF',
  ro: 'RON',
  se: 'SEK',
  dk: 'DKK',
  com: 'USD',
  fr: 'EUR',
  de: 'EUR',
  it: 'EUR',
  es: 'EUR',
  nl: 'EUR',
  be: 'EUR',
  at: 'EUR',
  lu: 'EUR',
  lt: 'EUR',
  sk: 'EUR',
  fi: 'EUR',
  ie: 'EUR',
  gr: 'EUR',
  hr: 'EUR',
  pt: 'EUR',
};

const DONE = ['[data-testid="input-dropdown-save-button"]'];
const CLOSE_WITHOUT_SAVING = '[data-testid$="-dropdown-close-button"]';

const labelled = (selectors: string[], labels: SiteText): ControlHooks => ({
  selectors,
  labels: multilingual(labels),
  fallback: 'opener',
});

/** The open panel of an InputDropdown: its own content element, else the page (an unknown redesign). */
function panelOf(doc: Document, contentSelectors: string[]): ParentNode {
  return queryAll(doc, contentSelectors).find(isShown) ?? doc;
}

function isPanelOpen(doc: Document, contentSelectors: string[], optionSelector: string): Element | null {
  const panel = queryAll(doc, contentSelectors).find(isShown);
  if (panel) return panel;
  return [...doc.querySelectorAll(optionSelector)].find(isShown) ?? null;
}

/** Closes a panel whose pick cannot be made, without saving anything: its X. */
function closeUnsaved(doc: Document): void {
  const close = queryAll(doc, [CLOSE_WITHOUT_SAVING]).find(isShown);
  if (close) press(close);
}

// ----- Category -----

const CATALOG_CONTENT = ['[data-testid="catalog-select-dropdown-content"]'];
const CATALOG_ROW = '[id^="catalog-"]:not([id^="catalog-search"]), [role=radio], [role=button]';

function catalogRows(doc: Document): Element[] {
  const panel = panelOf(doc, CATALOG_CONTENT);
  return [...panel.querySelectorAll(CATALOG_ROW)].filter(isShown).filter((row) => !row.matches('button'));
}

function isLeaf(row: Element): boolean {
  return (
    row.getAttribute('role') === 'radio' || row.querySelector('input[type=radio]') !== null || isChosen(row)
  );
}

/** The row below the mapped levels that the item's own words name ("Midi dresses"), else the "Other" row. */
function subLevelRow(rows: Element[], path: CategoryPath): { row: Element; nearest: boolean } | null {
  const titled = optionByItemWords(rows, path.itemWords);
  if (titled) return { row: titled, nearest: false };
  const other = rows.find((row) => OTHER_START.test(normalise(labelOf(row))));
  return other ? { row: other, nearest: true } : null;
}

/** A tree's catch-all row ("Other dresses", "Autres robes"), in Vinted's languages. */
const OTHER_START = /^(other|autres?|andere|sonstige|inne|pozostale)\b/;

/** Clicks a row and waits for what it does: a leaf is chosen, a branch draws the next level. */
async function enter(context: FillContext, row: Element): Promise<'leaf' | 'branch' | 'stuck'> {
  const before = catalogRows(context.doc);
  const leafRow = isLeaf(row);
  press(row);
  const result = await waitFor(
    context.doc,
    () => {
      if (row.isConnected && isChosen(row)) return 'leaf' as const;
      const now = catalogRows(context.doc);
      const changed =
        now.length !== before.length || now.some((candidate, index) => candidate !== before[index]);
      if (changed && !leafRow) return 'branch' as const;
      return null;
    },
    context.waitMs,
  );
  return result ?? (leafRow ? 'leaf' : 'stuck');
}

/** One walk from the tree's root to a leaf; the labels picked on the way, and whether the last one was a guess. */
async function walkCatalog(
  context: FillContext,
  opener: Element,
  path: CategoryPath,
): Promise<{ labels: string[]; leaf: boolean; nearest: boolean }> {
  const { doc } = context;
  const labels: string[] = [];
  const opened = await openMenu(context, opener, () => isPanelOpen(doc, CATALOG_CONTENT, CATALOG_ROW));
  if (!opened) return { labels, leaf: false, nearest: false };
  for (const level of path.levels) {
    const row = await waitFor(doc, () => levelRow(doc, level), context.waitMs);
    if (!row) return { labels, leaf: false, nearest: false };
    labels.push(labelOf(row));
    const entered = await enter(context, row);
    if (entered === 'leaf') return { labels, leaf: true, nearest: false };
    if (entered === 'stuck') return { labels, leaf: false, nearest: false };
  }
  for (let depth = 0; depth < 3; depth++) {
    const next = subLevelRow(catalogRows(doc), path);
    if (!next) return { labels, leaf: false, nearest: false };
    labels.push(labelOf(next.row));
    const entered = await enter(context, next.row);
    if (entered === 'leaf') return { labels, leaf: true, nearest: next.nearest };
    if (entered === 'stuck') break;
  }
  return { labels, leaf: false, nearest: false };
}

function levelRow(doc: Document, level: OptionTarget): Element | null {
  const panel = panelOf(doc, CATALOG_CONTENT);
  const row = findOption(panel, level) ?? findOption(panel, level, { loose: true });
  if (!row) return null;
  return row.closest('[role=radio], [role=button], [id^="catalog-"]') ?? row;
}

async function fillCategory(
  context: FillContext,
  opener: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  if (value.kind !== 'category') return leftForSeller(context.field, 'failed');
  // The photos' recognition can redraw the panel during a walk: a walk that did not end on a saved leaf is tried
  // again from the root.
  let last: { labels: string[]; leaf: boolean; nearest: boolean } = {
    labels: [],
    leaf: false,
    nearest: false,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    last = await walkCatalog(context, opener, value.path);
    const leafLabel = last.labels.at(-1) ?? '';
    if (last.leaf && (await pressDone(context, DONE)) && shows(opener, leafLabel)) {
      const holds = () => shows(opener, leafLabel);
      return filled(holds, last.nearest ? checkNote(context.field, 'nearest') : undefined);
    }
    closeUnsaved(context.doc);
    await settle();
  }
  return leftForSeller(context.field, 'category_stopped', [last.labels.join(' › ') || '—']);
}

// ----- Brand, size, condition, colour: the same panel, saved by Done -----

const BRAND_CONTENT = ['[data-testid="brand-select-dropdown-content"]'];
const BRAND_SEARCH = [
  '[data-testid="brand-search--input"]',
  '#brand-search-input',
  'input[name="brand-search"]',
];

async function fillBrand(context: FillContext, opener: Element, value: PlannedValue): Promise<FieldOutcome> {
  const { doc, field } = context;
  if (value.kind !== 'free') return leftForSeller(field, 'failed');
  // The search box: by its hooks, else the text box the panel brought (a redesign that renamed them).
  const inputsBefore = new Set(doc.querySelectorAll('input'));
  const search = await openMenu(context, opener, () => {
    const panel = queryAll(doc, BRAND_CONTENT).find(isShown);
    const hooked = queryAll(panel ?? doc, BRAND_SEARCH).find(isShown);
    if (hooked) return hooked;
    return (
      [...doc.querySelectorAll('input[type=text], input[type=search], input:not([type])')].find(
        (input) => !inputsBefore.has(input as HTMLInputElement) && input !== opener && isShown(input),
      ) ?? null
    );
  });
  if (!search || !(search instanceof windowOf(doc).HTMLInputElement))
    return leftForSeller(field, 'not_found');
  setValue(search, value.text);
  const option = await waitFor(
    doc,
    () =>
      brandOption(
        rowsIn(panelOf(doc, BRAND_CONTENT), '[id^="brand-"], [role=radio], [role=option], li'),
        value.text,
      ),
    context.networkWaitMs,
  );
  if (!option) {
    closeUnsaved(doc);
    return leftForSeller(field, 'no_listed_match', [value.text]);
  }
  const label = labelOf(option);
  if (!isChosen(option)) press(option);
  await settle();
  await pressDone(context, DONE);
  return shows(opener, label) ? filled(() => shows(opener, label)) : leftForSeller(field, 'failed');
}

function rowsIn(scope: ParentNode, selector: string): Element[] {
  return [...scope.querySelectorAll(selector)].filter(isShown).filter((row) => row.tagName !== 'INPUT');
}

const SIZE_CONTENT = ['[data-testid^="category-size-"][data-testid$="-content"]'];
const SIZE_CHIPS = '[role=checkbox], [role=radio], [role=option], [id^="size-"]';

async function fillSize(context: FillContext, opener: Element, value: PlannedValue): Promise<FieldOutcome> {
  const { doc, field } = context;
  if (value.kind !== 'free') return leftForSeller(field, 'failed');
  const opened = await openMenu(context, opener, () => isPanelOpen(doc, SIZE_CONTENT, SIZE_CHIPS));
  if (!opened) return leftForSeller(field, 'failed');
  const chips = () =>
    rowsIn(panelOf(doc, SIZE_CONTENT), SIZE_CHIPS).filter((chip) => chip.getAttribute('role') !== 'tab');
  let chip = await waitFor(doc, () => sizeOption(chips(), value.text), context.waitMs / 2);
  if (!chip) {
    // Sizes are grouped under tabs by system (S/M/L, UK, EU…): the listing's own system first, then the others.
    const system = sizeSystem(value.text);
    const tabs = rowsIn(panelOf(doc, SIZE_CONTENT), '[role=tab]').sort(
      (one, other) => Number(tabIs(other, system)) - Number(tabIs(one, system)),
    );
    for (const tab of tabs) {
      press(tab);
      chip = await waitFor(doc, () => sizeOption(chips(), value.text), context.waitMs / 2);
      if (chip) break;
    }
  }
  if (!chip) {
    closeUnsaved(doc);
    return leftForSeller(field, 'no_listed_match', [value.text]);
  }
  const label = chip.getAttribute('aria-label') ?? labelOf(chip);
  if (!isChosen(chip)) press(chip);
  await settle();
  await pressDone(context, DONE);
  const holds = () => shows(opener, label) || shows(opener, labelOf(chip));
  return holds() ? filled(holds) : leftForSeller(field, 'failed');
}

function tabIs(tab: Element, system: string | null): boolean {
  return system !== null && normalise(textOf(tab)).startsWith(normalise(system));
}

const CONDITION_CONTENT = ['[data-testid="category-condition-single-list-content"]'];
const COLOUR_CONTENT = ['[data-testid="color-select-dropdown-content"]'];

/** Picks the choices in a panel (one condition, up to two colours), saves them with Done and reads them back. */
async function fillChoices(
  context: FillContext,
  opener: Element,
  content: string[],
  choices: OptionChoice[],
): Promise<FieldOutcome> {
  const { doc, field } = context;
  const opened = await openMenu(context, opener, () => queryAll(doc, content).find(isShown) ?? null);
  const scope = () => (opened ? panelOf(doc, content) : doc);
  const labels: string[] = [];
  let nearest = false;
  for (const choice of choices) {
    const option = await pickOption(context, scope, choice.target);
    if (!option) continue;
    labels.push(labelOf(option));
    nearest ||= choice.nearest === true;
  }
  if (labels.length === 0) {
    closeUnsaved(doc);
    return leftForSeller(field, 'option_missing');
  }
  await pressDone(context, DONE);
  const holds = () => labels.every((label) => shows(opener, label));
  if (!holds()) return leftForSeller(field, 'failed');
  const outcome = filled(holds, nearest ? checkNote(field, 'nearest') : undefined);
  if (labels.length < choices.length) outcome.byHand = { field, reason: 'option_missing', detail: [] };
  return outcome;
}

async function fillCondition(
  context: FillContext,
  opener: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  if (value.kind !== 'choice') return leftForSeller(context.field, 'failed');
  return fillChoices(context, opener, CONDITION_CONTENT, [value.choice]);
}

async function fillColours(
  context: FillContext,
  opener: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  if (value.kind !== 'choices') return leftForSeller(context.field, 'failed');
  const outcome = await fillChoices(context, opener, COLOUR_CONTENT, value.choices.slice(0, 2));
  if (outcome.filled && !outcome.byHand && value.unavailable > 0) {
    outcome.byHand = { field: context.field, reason: 'no_equivalent', detail: [] };
  }
  return outcome;
}

// ----- The tables -----

const condition = (id: number, words: SiteText, nearest = false): OptionChoice => ({
  target: {
    selectors: [
      `[id="condition-${id}"]`,
      `[data-testid="condition-radio-${id}--input"]`,
      `[id="condition-radio-${id}"]`,
      `[id="status-${id}"]`,
    ],
    texts: multilingual(words),
  },
  ...(nearest ? { nearest } : {}),
});

const colour = (id: number, words: SiteText): OptionChoice => ({
  target: {
    selectors: [
      `[id="color-${id}"]`,
      `[id="color-checkbox-${id}"]`,
      `[data-testid="color-checkbox-${id}"]`,
      `[data-testid="color-checkbox-${id}--input"]`,
    ],
    texts: multilingual(words),
  },
});

const catalog = (id: number | null, words: SiteText): OptionTarget => ({
  selectors: id === null ? [] : [`[id="catalog-${id}"]`],
  texts: multilingual(words),
});

const ROOTS: Record<Department, OptionTarget> = {
  women: catalog(1904, { en: ['Women'], fr: ['Femmes'], de: ['Damen'], pl: ['Kobiety'] }),
  men: catalog(5, { en: ['Men'], fr: ['Hommes'], de: ['Herren'], pl: ['Mężczyźni'] }),
  kids: catalog(1193, { en: ['Kids'], fr: ['Enfants'], de: ['Kinder'], pl: ['Dzieci'] }),
};

const CLOTHING: Record<Exclude<Department, 'kids'>, OptionTarget> = {
  women: catalog(4, { en: ['Clothing'], fr: ['Vêtements'], de: ['Kleidung'], pl: ['Ubrania'] }),
  men: catalog(2050, { en: ['Clothing'], fr: ['Vêtements'], de: ['Kleidung'], pl: ['Ubrania'] }),
};

/** Kids' items are filed under girls' or boys': the seller's words say which, or the tree stops there. */
const KIDS: Record<'girls' | 'boys', { words: string[]; target: OptionTarget }> = {
  girls: {
    words: ['girl', 'girls', 'fille', 'filles', 'madchen', 'dziewczynka', 'dziewczece'],
    target: catalog(1195, { en: ['Girls'], fr: ['Filles'], de: ['Mädchen'], pl: ['Dziewczynki'] }),
  },
  boys: {
    words: ['boy', 'boys', 'garcon', 'garcons', 'junge', 'jungen', 'chlopiec', 'chlopiece'],
    target: catalog(1194, { en: ['Boys'], fr: ['Garçons'], de: ['Jungen'], pl: ['Chłopcy'] }),
  },
};

/** The level under Clothing (or the department) for each kind: Vinted's own names in its four languages. */
const GROUPS: Record<
  ItemKind,
  { under: 'clothing' | 'department'; target: (department: Department) => OptionTarget }
> = {
  dress: clothing({ en: ['Dresses'], fr: ['Robes'], de: ['Kleider'], pl: ['Sukienki'] }, { women: 10 }),
  skirt: clothing({ en: ['Skirts'], fr: ['Jupes'], de: ['Röcke'], pl: ['Spódnice'] }),
  jeans: clothing({ en: ['Jeans'], fr: ['Jeans'], de: ['Jeans'], pl: ['Jeansy'] }, { women: 183, men: 257 }),
  trousers: clothing({
    en: ['Trousers & leggings', 'Trousers'],
    fr: ['Pantalons et leggings', 'Pantalons'],
    de: ['Hosen & Leggings', 'Hosen'],
    pl: ['Spodnie i legginsy', 'Spodnie'],
  }),
  leggings: clothing({
    en: ['Trousers & leggings', 'Leggings'],
    fr: ['Pantalons et leggings'],
    de: ['Hosen & Leggings'],
    pl: ['Spodnie i legginsy'],
  }),
  shorts: clothing({
    en: ['Shorts & cropped trousers', 'Shorts'],
    fr: ['Shorts et pantacourts', 'Shorts'],
    de: ['Shorts & 3/4-Hosen', 'Shorts'],
    pl: ['Szorty i rybaczki', 'Szorty'],
  }),
  jumpsuit: clothing({
    en: ['Jumpsuits & playsuits'],
    fr: ['Combinaisons et combishorts'],
    de: ['Jumpsuits & Overalls'],
    pl: ['Kombinezony'],
  }),
  't-shirt': tops(),
  shirt: tops(),
  blouse: tops(),
  top: tops(),
  jumper: jumpers(),
  cardigan: jumpers(),
  hoodie: jumpers(),
  jacket: outerwear(),
  coat: outerwear(),
  blazer: clothing({
    en: ['Suits & blazers', 'Blazers'],
    fr: ['Costumes et blazers', 'Blazers'],
    de: ['Anzüge & Blazer', 'Blazer'],
    pl: ['Garnitury i marynarki', 'Marynarki'],
  }),
  swimwear: clothing({
    en: ['Swimwear'],
    fr: ['Maillots de bain'],
    de: ['Bademode'],
    pl: ['Stroje kąpielowe'],
  }),
  activewear: clothing({
    en: ['Activewear'],
    fr: ['Vêtements de sport'],
    de: ['Sportbekleidung'],
    pl: ['Odzież sportowa'],
  }),
  trainers: shoes(),
  boots: shoes(),
  shoes: shoes(),
  bag: department({ en: ['Bags'], fr: ['Sacs'], de: ['Taschen'], pl: ['Torby', 'Torebki'] }, { women: 19 }),
  jewellery: department({
    en: ['Jewellery', 'Accessories'],
    fr: ['Bijoux', 'Accessoires'],
    de: ['Schmuck', 'Accessoires'],
    pl: ['Biżuteria', 'Akcesoria'],
  }),
  accessory: department({ en: ['Accessories'], fr: ['Accessoires'], de: ['Accessoires'], pl: ['Akcesoria'] }),
};

function clothing(words: SiteText, ids: Partial<Record<Department, number>> = {}) {
  return {
    under: 'clothing' as const,
    target: (department: Department) => catalog(ids[department] ?? null, words),
  };
}

function department(words: SiteText, ids: Partial<Record<Department, number>> = {}) {
  return { under: 'department' as const, target: (dep: Department) => catalog(ids[dep] ?? null, words) };
}

function tops() {
  return clothing(
    {
      en: ['Tops & t-shirts', 'Tops'],
      fr: ['Hauts et t-shirts', 'Hauts'],
      de: ['Tops & T-Shirts', 'Oberteile'],
      pl: ['Topy i t-shirty', 'Topy'],
    },
    { women: 12 },
  );
}

function jumpers() {
  return clothing({
    en: ['Jumpers & sweaters', 'Jumpers', 'Sweaters'],
    fr: ['Sweats et pulls', 'Pulls'],
    de: ['Pullover & Sweater', 'Pullover'],
    pl: ['Swetry i bluzy', 'Swetry'],
  });
}

function outerwear() {
  return clothing({
    en: ['Coats & jackets', 'Outerwear'],
    fr: ['Manteaux et vestes', 'Vestes et manteaux'],
    de: ['Jacken & Mäntel', 'Jacken'],
    pl: ['Kurtki i płaszcze', 'Okrycia wierzchnie'],
  });
}

function shoes() {
  return department({ en: ['Shoes'], fr: ['Chaussures'], de: ['Schuhe'], pl: ['Buty'] }, { women: 16 });
}

/** A Vinted item address without its slug: the member page links to /items/<id>, the item page adds a slug. */
function vintedItemAddress(url: URL): string | null {
  const id = /^\/items\/(\d+)(?:[-/]|$)/.exec(url.pathname)?.[1];
  return id ? `${url.protocol}//${url.host.toLowerCase()}/items/${id}` : null;
}

const SOLD_WORDS = ['sold', 'vendu', 'verkauft', 'sprzedane', 'venduto', 'vendido', 'verkocht'];

async function newItemUrl(doc: Document, posted: PostedItem, timeoutMs: number): Promise<string | null> {
  return waitFor(
    doc,
    () => {
      // The "Item listed" dialog's own card first, then the member page's items titled like the one posted.
      const dialogs = [
        ...doc.querySelectorAll('[role=dialog], [aria-modal=true], [data-testid*="promotion"]'),
      ];
      const fromDialog = dialogs.flatMap((dialog) => itemLinks(dialog, '/items/', vintedItemAddress));
      if (new Set(fromDialog).size === 1) return fromDialog[0] ?? null;
      const titled = itemLinks(doc, '/items/', vintedItemAddress, posted.title);
      return new Set(titled).size === 1 ? (titled[0] ?? null) : null;
    },
    timeoutMs,
  );
}

export const vinted: MarketplaceMapping = {
  marketplace: 'vinted',
  isSellForm: (path) => /^\/items\/new\/?$/.test(path),
  isItemPage: (path) => /^\/items\/\d+(?:-[^/]*)?\/?$/.test(path),
  itemAddress: vintedItemAddress,
  soldItems(doc, url) {
    const address = vintedItemAddress(url);
    if (!address) return [];
    const status = queryAll(doc, ['[data-testid="item-status--content"]', '[data-testid="item-sold-badge"]']);
    const sold = status.some((element) =>
      SOLD_WORDS.some((word) => normalise(textOf(element)).split(/\s+/).includes(word)),
    );
    return sold ? [address] : [];
  },
  posting: {
    postButton: {
      selectors: ['[data-testid="upload-form-save-button"]'],
      labels: multilingual({ en: ['Upload'], fr: ['Ajouter'], de: ['Hochladen'], pl: ['Dodaj'] }),
      fallback: 'self',
    },
    isLanding: (url) => /^\/member\/\d+/.test(url.pathname),
    newItemUrl,
  },
  maxPhotos: 20,
  fields: {
    photos: photosField(
      ['input[type="file"][data-testid="add-photos-input"]', 'input[type="file"][name="photos"]'],
      {
        shown: ['[data-testid="media-upload-grid"] > *', 'img[src^="blob:"]', 'img[src^="data:image"]'],
      },
    ),
    title: textField({
      selectors: ['[data-testid="title--input"]', 'input#title', 'input[name="title"]'],
      labels: multilingual({ en: ['Title'], fr: ['Titre'], de: ['Titel'], pl: ['Tytuł'] }),
    }),
    description: textField({
      selectors: [
        '[data-testid="description--input"]',
        'textarea#description',
        'textarea[name="description"]',
      ],
      labels: multilingual({
        en: ['Describe your item', 'Description'],
        fr: ['Décris ton article', 'Description'],
        de: ['Beschreibe deinen Artikel', 'Beschreibung'],
        pl: ['Opisz swój przedmiot', 'Opis'],
      }),
    }),
    category: {
      hooks: labelled(
        ['[data-testid="catalog-select-dropdown-input"]', 'input#category', 'input[name="category"]'],
        {
          en: ['Category'],
          fr: ['Catégorie'],
          de: ['Kategorie'],
          pl: ['Kategoria'],
        },
      ),
      fill: fillCategory,
    },
    brand: {
      hooks: labelled(['[data-testid="brand-select-dropdown-input"]', 'input#brand', 'input[name="brand"]'], {
        en: ['Brand'],
        fr: ['Marque'],
        de: ['Marke'],
        pl: ['Marka'],
      }),
      afterCategory: true,
      fill: fillBrand,
    },
    size: {
      hooks: labelled(
        ['[data-testid^="category-size-"][data-testid$="-input"]', 'input#size', 'input[name="size"]'],
        { en: ['Size'], fr: ['Taille'], de: ['Größe'], pl: ['Rozmiar'] },
      ),
      afterCategory: true,
      fill: fillSize,
    },
    condition: {
      hooks: labelled(
        [
          '[data-testid="category-condition-single-list-input"]',
          'input#condition',
          'input[name="condition"]',
        ],
        { en: ['Condition'], fr: ['État'], de: ['Zustand'], pl: ['Stan'] },
      ),
      afterCategory: true,
      fill: fillCondition,
    },
    colour: {
      hooks: labelled(['[data-testid="color-select-dropdown-input"]', 'input#color', 'input[name="color"]'], {
        en: ['Colour', 'Color'],
        fr: ['Couleur'],
        de: ['Farbe'],
        pl: ['Kolor'],
      }),
      afterCategory: true,
      fill: fillColours,
    },
    price: {
      hooks: {
        selectors: ['[data-testid="price-input--input"]', 'input#price', 'input[name="price"]'],
        labels: multilingual({ en: ['Price'], fr: ['Prix'], de: ['Preis'], pl: ['Cena'] }),
      },
      fill: fillPrice,
    },
  },
  currencyFor: currencyBySite(SITE_CURRENCIES),
  formatPrice: formatMoneyInput,
  conditions: {
    'New with tags': condition(6, {
      en: ['New with tags'],
      fr: ['Neuf avec étiquette'],
      de: ['Neu mit Etikett'],
      pl: ['Nowy z metką'],
    }),
    'New without tags': condition(1, {
      en: ['New without tags'],
      fr: ['Neuf sans étiquette'],
      de: ['Neu ohne Etikett'],
      pl: ['Nowy bez metki'],
    }),
    // Vinted has no "Like new": "Very good" is its status for an item worn a little with no visible wear.
    'Like new': condition(2, texts.veryGood, true),
    'Very good': condition(2, texts.veryGood),
    Good: condition(3, { en: ['Good'], fr: ['Bon état'], de: ['Gut'], pl: ['Dobry'] }),
    Fair: condition(4, texts.satisfactory),
    // Vinted's lowest status is "Satisfactory"; a poor item is described there, and the seller checks.
    Poor: condition(4, texts.satisfactory, true),
  },
  category(department, kind, itemWords) {
    const group = GROUPS[kind];
    if (department === 'kids') {
      const kids = Object.values(KIDS).find(({ words }) => words.some((word) => itemWords.includes(word)));
      return kids ? [ROOTS.kids, kids.target, group.target(department)] : [ROOTS.kids];
    }
    const parent = group.under === 'clothing' ? [CLOTHING[department]] : [];
    return [ROOTS[department], ...parent, group.target(department)];
  },
  colours: {
    Black: colour(1, { en: ['Black'], fr: ['Noir'], de: ['Schwarz'], pl: ['Czarny'] }),
    Brown: colour(2, { en: ['Brown'], fr: ['Marron'], de: ['Braun'], pl: ['Brązowy'] }),
    Grey: colour(3, { en: ['Grey', 'Gray'], fr: ['Gris'], de: ['Grau'], pl: ['Szary'] }),
    Beige: colour(4, { en: ['Beige'], fr: ['Beige'], de: ['Beige'], pl: ['Beżowy'] }),
    Pink: colour(5, {
      en: ['Pink', 'Fuchsia'],
      fr: ['Fuchsia', 'Rose'],
      de: ['Pink', 'Rosa'],
      pl: ['Różowy'],
    }),
    Purple: colour(6, { en: ['Purple'], fr: ['Violet'], de: ['Lila'], pl: ['Fioletowy'] }),
    Red: colour(7, { en: ['Red'], fr: ['Rouge'], de: ['Rot'], pl: ['Czerwony'] }),
    Yellow: colour(8, { en: ['Yellow'], fr: ['Jaune'], de: ['Gelb'], pl: ['Żółty'] }),
    Blue: colour(9, { en: ['Blue'], fr: ['Bleu'], de: ['Blau'], pl: ['Niebieski'] }),
    Green: colour(10, { en: ['Green'], fr: ['Vert'], de: ['Grün'], pl: ['Zielony'] }),
    Orange: colour(11, { en: ['Orange'], fr: ['Orange'], de: ['Orange'], pl: ['Pomarańczowy'] }),
    White: colour(12, { en: ['White'], fr: ['Blanc'], de: ['Weiß'], pl: ['Biały'] }),
    Silver: colour(13, { en: ['Silver'], fr: ['Argenté'], de: ['Silber'], pl: ['Srebrny'] }),
    Gold: colour(14, { en: ['Gold'], fr: ['Doré'], de: ['Gold'], pl: ['Złoty'] }),
    Multi: colour(15, {
      en: ['Multi', 'Multicolour'],
      fr: ['Multicolore'],
      de: ['Mehrfarbig', 'Bunt'],
      pl: ['Wielokolorowy'],
    }),
    Navy: colour(27, { en: ['Navy'], fr: ['Marine'], de: ['Marineblau', 'Navy'], pl: ['Granatowy'] }),
  },
};
