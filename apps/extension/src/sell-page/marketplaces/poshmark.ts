// Poshmark's sell form, landing and item pages, in one place, from what public evidence shows of the real pages
// (../shared/marketplace-forms/README.md, collected 2026-11-27; docs/extension.md lists the sources per field).
// Not seen on the live site from here: a hook that has changed is reported by name ("Poshmark's size field was not
// found"), and the label fallback usually still finds the field.
//
// The form, /create-listing, is a Vue page with few ARIA roles; its hooks are data-vv-name (fields), data-et-name
// (tracked links and buttons), data-test and the BEM classes of its menus:
//   photos       input#img-file-input[name=img-file-input]; then a "Select a Covershot." dialog whose Apply
//                ([data-test=modal-footer] button[data-et-name=apply]) keeps Poshmark's default crop.
//   title, description   input/textarea[data-vv-name=title|description].
//   category     "Select Category" opens [data-test=dropdown]: departments a.dropdown__link[data-et-name=women|men|kids…],
//                then categories li.dropdown__menu__item whose inner <a> takes the click, then the subcategory menu
//                a.dropdown__link[data-et-name=sub_category] (with "None") opens by itself.
//   size         [data-test=size]: tabs a.navigation--horizontal__link, buttons button.multi-size-selector__button
//                (id size-<label>), Done button[data-et-name=apply], or a menu that closes by itself.
//   condition    "Select Condition": items [data-et-name=listing_condition][data-et-prop-content=nwt|uln|ug|uf], a label
//                over a description line.
//   brand        the box with placeholder "Enter the Brand/Designer"; suggestions
//                ul.listing-editor__suggestions-list > li > .dropdown__link; free text is accepted.
//   colour       "Select up to 2 colors": tiles li.listing-editor__tile--color, Done [data-et-name=apply].
//   price        input[data-vv-name=listingPrice] opens the Listing Price dialog (.listing-price-suggestion-modal,
//                #listing-price-modal-listing-price-input, Done): the price is kept only by its Done.
// Next, the Share Listing panel, then List This Item (button[data-et-name=list]); Poshmark lands on
// /closet/<user>?created_listing_id=<24 hex> (the query dropped a moment later), where the new listing's tile
// shows after a while: /listing/<slug>-<id>. Sold items: the closet's availability=sold_out list.

import type { Department, ItemKind } from '@snaplist/contract/item';
import type { ControlHooks } from '../form/controls';
import { findDoneButton, type OptionTarget } from '../form/options';
import { checkNote, type FieldOutcome, type FillContext, filled, leftForSeller } from '../form/outcome';
import {
  isShown,
  labelOf,
  normalise,
  press,
  queryAll,
  settle,
  setValue,
  waitFor,
  windowOf,
} from '../form/page';
import { brandOption, openMenu, pickOption, shows, sizeOption } from '../form/widgets';
import type { PlannedValue } from '../values';
import {
  amountShown,
  byText,
  coloursByName,
  currencyBySite,
  itemLinks,
  nearestText,
  optionByItemWords,
  photosField,
  textField,
} from './common';
import type { MarketplaceMapping, OptionChoice, PostedItem } from './types';

const SITE_CURRENCIES: Record<string, string> = { com: 'USD', ca: 'CAD' };
const APPLY = ['button[data-et-name="apply"]', '[data-et-name="apply"]'];

/** A dropdown opened by a click on its placeholder text ("Select Category"). */
const dropdown = (selectors: string[], placeholder: string): ControlHooks => ({
  selectors,
  labels: [placeholder],
  fallback: 'self',
});

/**
 * The part of the form a field's choice shows in: its section, which outlives the dropdown (Vue draws the dropdown
 * again after every pick), else the dropdown component.
 */
function sectionOf(opener: Element): Element {
  return (
    opener.closest('section, fieldset, [class*="section"]') ??
    opener.closest('[data-test="dropdown"]') ??
    opener.parentElement ??
    opener
  );
}

// ----- Category: department, category, subcategory -----

const DEPARTMENT_NAMES: Record<Department, string> = { women: 'Women', men: 'Men', kids: 'Kids' };

const CATEGORIES: Record<ItemKind, Partial<Record<Department, string[]>> & { all: string[] }> = {
  dress: { all: ['Dresses'] },
  skirt: { all: ['Skirts'], kids: ['Bottoms'] },
  jeans: { all: ['Jeans'], kids: ['Bottoms'] },
  trousers: { all: ['Pants & Jumpsuits', 'Pants'], kids: ['Bottoms'] },
  leggings: { all: ['Pants & Jumpsuits', 'Pants'], kids: ['Bottoms'] },
  shorts: { all: ['Shorts'], kids: ['Bottoms'] },
  jumpsuit: { all: ['Pants & Jumpsuits'], kids: ['One Pieces'] },
  't-shirt': { all: ['Tops'], men: ['Shirts'], kids: ['Shirts & Tops'] },
  shirt: { all: ['Tops'], men: ['Shirts'], kids: ['Shirts & Tops'] },
  blouse: { all: ['Tops'], kids: ['Shirts & Tops'] },
  top: { all: ['Tops'], men: ['Shirts'], kids: ['Shirts & Tops'] },
  jumper: { all: ['Sweaters'], kids: ['Shirts & Tops'] },
  cardigan: { all: ['Sweaters'], kids: ['Shirts & Tops'] },
  hoodie: { all: ['Tops', 'Sweaters'], men: ['Sweaters', 'Shirts'], kids: ['Shirts & Tops'] },
  jacket: { all: ['Jackets & Coats'] },
  coat: { all: ['Jackets & Coats'] },
  blazer: { all: ['Jackets & Coats'], men: ['Suits & Blazers'] },
  trainers: { all: ['Shoes'] },
  boots: { all: ['Shoes'] },
  shoes: { all: ['Shoes'] },
  bag: { all: ['Bags'] },
  jewellery: { all: ['Jewelry'], men: ['Accessories'] },
  swimwear: { all: ['Swim'] },
  activewear: { all: ['Tops', 'Pants & Jumpsuits'] },
  accessory: { all: ['Accessories'] },
};

/** Subcategories the seller's words do not name: "None" is one of Poshmark's options. */
const NO_SUBCATEGORY = ['None'];

async function fillCategory(
  context: FillContext,
  opener: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  const { doc, field } = context;
  if (value.kind !== 'category') return leftForSeller(field, 'failed');
  const section = sectionOf(opener);
  const [department, category] = value.path.levels;
  if (!department || !category) return leftForSeller(field, 'failed');
  const reached: string[] = [];
  const opened = await openMenu(context, opener, () => departmentLink(doc, department) ?? backLink(doc));
  if (!opened) return leftForSeller(field, 'category_stopped', ['—']);
  // The menu can reopen inside the department chosen last time: back to the list of departments first.
  if (!departmentLink(doc, department)) press(opened);
  const departmentOption = await pickOption(context, () => doc, department);
  if (!departmentOption) return leftForSeller(field, 'category_stopped', ['—']);
  reached.push(labelOf(departmentOption));
  const categoryOption = await pickOption(context, () => doc, category);
  if (!categoryOption) return leftForSeller(field, 'category_stopped', [reached.join(' › ')]);
  const categoryLabel = labelOf(categoryOption);
  reached.push(categoryLabel);
  // The subcategory menu opens by itself; the seller's words choose, else "None".
  const subcategories = await waitFor(
    doc,
    () => {
      const links = queryAll(doc, [
        'a[data-et-name="sub_category"]',
        '.dropdown__link[data-et-name="sub_category"]',
      ]).filter(isShown);
      return links.length > 0 ? links : null;
    },
    context.waitMs,
  );
  if (subcategories) {
    const named = optionByItemWords(subcategories, value.path.itemWords);
    const none = subcategories.find((link) => NO_SUBCATEGORY.includes(labelOf(link)));
    const sub = named ?? none;
    if (sub) {
      press(sub);
      await settle();
    }
  }
  const holds = () => shows(section, categoryLabel);
  return holds() ? filled(holds) : leftForSeller(field, 'category_stopped', [reached.join(' › ')]);
}

function departmentLink(doc: Document, department: OptionTarget): Element | null {
  return queryAll(doc, department.selectors ?? []).find(isShown) ?? null;
}

function backLink(doc: Document): Element | null {
  return queryAll(doc, ['a[data-et-name="all"]']).find(isShown) ?? null;
}

// ----- Size, condition, colour, brand, price -----

const SIZE_BUTTONS = ['button.multi-size-selector__button', 'button[id^="size-"]'];

async function fillSize(context: FillContext, opener: Element, value: PlannedValue): Promise<FieldOutcome> {
  const { doc, field } = context;
  if (value.kind !== 'free') return leftForSeller(field, 'failed');
  const buttons = () => queryAll(doc, SIZE_BUTTONS).filter(isShown);
  const section = sectionOf(opener);
  const opened = await openMenu(context, opener, () => (buttons().length > 0 ? true : null));
  if (!opened) return leftForSeller(field, 'failed');
  let button = sizeOption(buttons(), value.text);
  if (!button) {
    for (const tab of queryAll(doc, ['a.navigation--horizontal__link', '[role=tab]']).filter(isShown)) {
      press(tab);
      button = await waitFor(doc, () => sizeOption(buttons(), value.text), context.waitMs / 3);
      if (button) break;
    }
  }
  if (!button) {
    const done = findDoneButton(doc, APPLY);
    if (done) press(done);
    return leftForSeller(field, 'no_listed_match', [value.text]);
  }
  const label = labelOf(button);
  press(button);
  await settle();
  // Some size menus close by themselves once a size is picked; the others wait for Done.
  const done = findDoneButton(doc, APPLY);
  if (done && isShown(done)) press(done);
  await settle();
  const holds = () => shows(section, label);
  return holds() ? filled(holds) : leftForSeller(field, 'failed');
}

async function fillCondition(
  context: FillContext,
  opener: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  const { field } = context;
  if (value.kind !== 'choice') return leftForSeller(field, 'failed');
  const section = sectionOf(opener);
  await openMenu(
    context,
    opener,
    () => queryAll(context.doc, value.choice.target.selectors ?? []).find(isShown) ?? null,
  );
  const option = await pickOption(context, () => context.doc, value.choice.target);
  if (!option) return leftForSeller(field, 'option_missing');
  const label = labelOf(option);
  const holds = () => shows(section, label);
  if (!holds()) return leftForSeller(field, 'failed');
  return filled(holds, value.choice.nearest ? checkNote(field, 'nearest') : undefined);
}

async function fillColours(
  context: FillContext,
  opener: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  const { doc, field } = context;
  if (value.kind !== 'choices') return leftForSeller(field, 'failed');
  const section = sectionOf(opener);
  const tiles = () =>
    queryAll(doc, ['li.listing-editor__tile--color', '[data-et-name="color"] li']).filter(isShown);
  await openMenu(context, opener, () => (tiles().length > 0 ? true : null));
  const labels: string[] = [];
  let nearest = false;
  for (const choice of value.choices.slice(0, 2)) {
    const option = await pickOption(context, () => doc, choice.target);
    if (!option) continue;
    labels.push(labelOf(option));
    nearest ||= choice.nearest === true;
  }
  const done = findDoneButton(doc, APPLY);
  if (done) press(done);
  await settle();
  if (labels.length === 0) return leftForSeller(field, 'option_missing');
  const holds = () => labels.every((label) => shows(section, label));
  if (!holds()) return leftForSeller(field, 'failed');
  const outcome = filled(holds, nearest ? checkNote(field, 'nearest') : undefined);
  if (labels.length < Math.min(value.choices.length, 2))
    outcome.byHand = { field, reason: 'option_missing', detail: [] };
  else if (value.unavailable > 0) outcome.byHand = { field, reason: 'no_equivalent', detail: [] };
  return outcome;
}

async function fillBrand(context: FillContext, input: Element, value: PlannedValue): Promise<FieldOutcome> {
  const { doc, field } = context;
  if (value.kind !== 'free' || !(input instanceof windowOf(doc).HTMLInputElement)) {
    return leftForSeller(field, 'failed');
  }
  setValue(input, value.text);
  const suggestions = () =>
    queryAll(doc, [
      'ul.listing-editor__suggestions-list .dropdown__link',
      'ul.listing-editor__suggestions-list li',
    ]).filter(isShown);
  const option = await waitFor(doc, () => brandOption(suggestions(), value.text), context.networkWaitMs);
  if (option) {
    press(option);
    await settle();
  }
  // Poshmark takes a brand it does not list as typed: the seller checks the spelling.
  const holds = () =>
    input.isConnected && normalise(input.value) === normalise(option ? labelOf(option) : value.text);
  if (!holds()) return leftForSeller(field, 'failed');
  return option ? filled(holds) : filled(holds, checkNote(field, 'no_exact_match', [value.text]));
}

const PRICE_DIALOG = ['.listing-price-suggestion-modal', '[data-test="modal-container"]'];
const DIALOG_PRICE = ['#listing-price-modal-listing-price-input', 'input[data-vv-name="listingPrice"]'];

async function fillPrice(context: FillContext, input: Element, value: PlannedValue): Promise<FieldOutcome> {
  const { doc, field } = context;
  const view = windowOf(doc);
  if (value.kind !== 'text' || !(input instanceof view.HTMLInputElement))
    return leftForSeller(field, 'failed');
  press(input);
  const dialog = await waitFor(
    doc,
    () =>
      queryAll(doc, PRICE_DIALOG).find(
        (candidate) => isShown(candidate) && queryAll(candidate, DIALOG_PRICE).length > 0,
      ) ?? null,
    context.waitMs,
  );
  const box = dialog ? queryAll(dialog, DIALOG_PRICE).find(isShown) : input;
  if (!(box instanceof view.HTMLInputElement)) return leftForSeller(field, 'failed');
  setValue(box, value.text);
  await settle();
  if (dialog) {
    // The dialog's Done keeps the price; left open, it would also stop the form's Next.
    const done = findDoneButton(doc, [
      '[data-et-name="done"]',
      '.listing-price-suggestion-modal button[type="submit"]',
    ]);
    if (done) press(done);
    await waitFor(doc, () => (isShown(dialog) ? null : true), context.waitMs);
  }
  const wanted = amountShown(value.text);
  const holds = () => input.isConnected && amountShown(input.value) === wanted;
  if (!holds()) return leftForSeller(field, 'failed');
  return filled(holds, value.check ? checkNote(field, value.check.reason, value.check.detail) : undefined);
}

// ----- Pages -----

const condition = (code: string, label: string, nearest = false): OptionChoice => ({
  target: {
    selectors: [`[data-et-name="listing_condition"][data-et-prop-content="${code}"]`],
    texts: [label],
  },
  ...(nearest ? { nearest } : {}),
});

/** A listing's slug as Poshmark makes it: the title's letters, digits and spaces, its words joined by "-". */
export function poshmarkSlug(title: string): string {
  return title
    .replace(/[^A-Za-z0-9\s]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .join('-');
}

function poshmarkItemAddress(url: URL): string | null {
  const match = /^\/listing\/([^/]*-)?([0-9a-f]{24})\/?$/i.exec(url.pathname);
  return match ? `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/$/, '')}` : null;
}

/** The id Poshmark names after a post: in the address, or in the address the page was first loaded at. */
function createdListingId(doc: Document): string | null {
  const view = windowOf(doc);
  const addresses = [doc.location.href];
  const navigation = view.performance?.getEntriesByType?.('navigation')?.[0];
  if (navigation) addresses.push(navigation.name);
  for (const address of addresses) {
    const id = /[?&]created_listing_id=([0-9a-f]{24})(?![0-9a-f])/i.exec(address)?.[1];
    if (id) return id.toLowerCase();
  }
  return null;
}

async function newItemUrl(doc: Document, posted: PostedItem, timeoutMs: number): Promise<string | null> {
  const id = createdListingId(doc);
  const origin = `${doc.location.protocol}//${doc.location.host}`;
  const tile = await waitFor(
    doc,
    () => {
      const links = id
        ? itemLinks(doc, `-${id}`, poshmarkItemAddress)
        : itemLinks(doc, '/listing/', poshmarkItemAddress, posted.title);
      return new Set(links).size === 1 ? (links[0] ?? null) : null;
    },
    timeoutMs,
  );
  if (tile) return tile;
  // The closet shows a new listing only after a while: its address is made the way Poshmark makes it.
  const slug = poshmarkSlug(posted.title);
  return id && slug ? `${origin}/listing/${slug}-${id}` : null;
}

export const poshmark: MarketplaceMapping = {
  marketplace: 'poshmark',
  isSellForm: (path) => /^\/create-listing\/?$/.test(path),
  isItemPage: (path) => /^\/listing\/[^/]*-[0-9a-f]{24}\/?$/i.test(path),
  itemAddress: poshmarkItemAddress,
  soldItems(doc, url) {
    if (!/^\/closet\/[^/]+/.test(url.pathname) || url.searchParams.get('availability') !== 'sold_out')
      return [];
    return [...new Set(itemLinks(doc, '/listing/', poshmarkItemAddress))];
  },
  posting: {
    postButton: {
      selectors: ['button[data-et-name="list"]'],
      labels: ['List This Item', 'List'],
      fallback: 'self',
    },
    isLanding: (url) => /^\/closet\/[^/]+/.test(url.pathname),
    newItemUrl,
  },
  maxPhotos: 16,
  fields: {
    photos: photosField(
      [
        'input[type="file"]#img-file-input',
        'input[type="file"][name="img-file-input"]',
        '[data-et-name="upload_photos"] input[type="file"]',
      ],
      {
        shown: ['#imagePlaceholder img', 'img[src^="blob:"]', 'img[src^="data:image"]'],
        confirmDialog: {
          dialog: ['.image-edit-modal', '[data-test="modal-container"]'],
          confirm: [
            '[data-test="modal-footer"] button[data-et-name="apply"]',
            'button[data-et-name="apply"]',
          ],
        },
      },
    ),
    title: textField({
      selectors: ['input[data-vv-name="title"]', 'input[name="title"]'],
      labels: ['Title', 'What are you selling?'],
    }),
    description: textField({
      selectors: ['textarea[data-vv-name="description"]', 'textarea[name="description"]'],
      labels: ['Description', 'Describe it!'],
    }),
    category: {
      hooks: dropdown(['[data-et-name="category"] [data-test="dropdown"]'], 'Select Category'),
      fill: fillCategory,
    },
    size: {
      hooks: dropdown(['[data-test="size"]'], 'Select Size'),
      afterCategory: true,
      fill: fillSize,
    },
    condition: {
      hooks: dropdown(['[data-et-name="condition"] [data-test="dropdown"]'], 'Select Condition'),
      fill: fillCondition,
    },
    brand: {
      hooks: {
        selectors: [
          '[data-et-name="listingEditorBrandSection"] input',
          'input[data-vv-name="brand"]',
          'input[placeholder="Enter the Brand/Designer"]',
        ],
        labels: ['Enter the Brand/Designer', 'Brand'],
      },
      fill: fillBrand,
    },
    colour: {
      hooks: dropdown(['[data-et-name="color"]'], 'Select up to 2 colors'),
      fill: fillColours,
    },
    price: {
      hooks: {
        selectors: ['input[data-vv-name="listingPrice"]', 'input[name="listingPrice"]'],
        labels: ['Listing Price', 'Required'],
      },
      fill: fillPrice,
    },
  },
  currencyFor: currencyBySite(SITE_CURRENCIES),
  // Whole amounts only: a price with pence or cents is left for the seller rather than rounded.
  formatPrice: (minor) => (minor % 100 === 0 ? String(minor / 100) : null),
  conditions: {
    'New with tags': condition('nwt', 'New With Tags (NWT)'),
    // Poshmark has no "new without tags": "Like New" is its condition for an unworn item without tags.
    'New without tags': condition('uln', 'Like New', true),
    'Like new': condition('uln', 'Like New'),
    // Poshmark has no "very good": the nearer of its two used grades is Good.
    'Very good': condition('ug', 'Good', true),
    Good: condition('ug', 'Good'),
    Fair: condition('uf', 'Fair'),
    Poor: condition('uf', 'Fair', true),
  },
  category(department, kind) {
    const names = CATEGORIES[kind][department] ?? CATEGORIES[kind].all;
    return [
      {
        selectors: [`a.dropdown__link[data-et-name="${department}"]`, `a[data-et-name="${department}"]`],
        texts: [DEPARTMENT_NAMES[department]],
      },
      { texts: names },
    ];
  },
  colours: coloursByName({
    Grey: byText('Gray'),
    // Poshmark has no navy or beige; blue and tan are its nearest.
    Navy: nearestText('Blue'),
    Beige: nearestText('Tan'),
    // Poshmark has no multicolour option: the seller picks the item's two main colours.
    Multi: null,
  }),
};
