// Depop's sell form, landing and item pages, in one place, from what public evidence shows of the real pages
// (../shared/marketplace-forms/README.md, collected 2026-11-27; docs/extension.md lists the sources per field).
// Not seen on the live site from here: a hook that has changed is reported by name ("Depop's size field was not
// found"), and the label fallback usually still finds the field.
//
// The form, /products/create/, one site for every country, in English. Every control has a stable id; every
// dropdown is a Downshift combobox: input#<base>-input[role=combobox] (aria-controls <base>-menu), a
// #<base>-toggle-button, options li[role=option] holding a <p>.
//   photos       #upload-input__input (hidden, multiple); each photo becomes a tile; at most 8.
//   (no title)   the description's first line is what buyers see as the title.
//   description  textarea#description.
//   category     #group-input: one menu of sections, each a heading "Women > Bottoms" over its items (Jeans…).
//   brand        #brand-input: the exact name only, else "Other".
//   size         #variants-input, only after a category, its list lagging behind a category change.
//   condition    #condition-input: Brand new, Like new, Used - Excellent, Used - Good, Used - Fair.
//   colour       #colour-input, up to 2, chips button[aria-label="Remove <colour>"]; Depop adds colours of its own
//                once the photos are up, which are taken off when they are not the listing's.
//   price        #priceAmount__input, in the seller's account currency.
// After Post the seller lands on /products/<slug>/manage/, the seller's view of the new item /products/<slug>/.
// No public evidence shows how a sold item looks: sales on Depop are marked by hand in Snaplist.

import type { Department, ItemKind } from '@snaplist/contract/item';
import { formatMoneyInput } from '@snaplist/contract/money';
import { openCombobox, pickInMenu, typeInto } from '../form/combobox';
import type { ControlHooks } from '../form/controls';
import { type OptionTarget, textMatches } from '../form/options';
import { checkNote, type FieldOutcome, type FillContext, filled, leftForSeller } from '../form/outcome';
import { isShown, labelOf, normalise, press, settle } from '../form/page';
import { brandOption, shows, sizeOption } from '../form/widgets';
import type { PlannedValue } from '../values';
import {
  byText,
  coloursByName,
  fillPrice,
  nearestText,
  optionByItemWords,
  photosField,
  textField,
} from './common';
import type { CategoryPath, MarketplaceMapping } from './types';

const combobox = (base: string, labels: string[]): ControlHooks => ({
  selectors: [`#${base}-input`, `[aria-controls="${base}-menu"]`],
  labels,
  fallback: 'opener',
});

async function pickChoice(
  context: FillContext,
  input: Element,
  choose: (options: Element[]) => Element | null,
  waitMs = context.waitMs,
): Promise<Element | null> {
  if (!(await openCombobox(context, input))) return null;
  return pickInMenu(context, input, choose, waitMs);
}

const byTarget = (target: OptionTarget) => (options: Element[]) =>
  options.find((option) =>
    (target.texts ?? []).some((text) => textMatches(labelOf(option), text, 'exact')),
  ) ?? null;

// ----- Category: a heading "Women > Bottoms" over its items -----

const DEPARTMENT_NAMES: Record<Department, string[]> = {
  women: ['Women', 'Womenswear'],
  men: ['Men', 'Menswear'],
  kids: ['Kids', 'Kidswear'],
};

/** Each kind's section under a department, and the items in it that are the kind, best first. */
const SECTIONS: Record<ItemKind, { section: string[]; items: string[] }> = {
  dress: { section: ['Dresses'], items: ['Dresses'] },
  skirt: { section: ['Bottoms'], items: ['Skirts'] },
  jeans: { section: ['Bottoms'], items: ['Jeans'] },
  trousers: { section: ['Bottoms'], items: ['Trousers', 'Pants'] },
  leggings: { section: ['Bottoms'], items: ['Leggings'] },
  shorts: { section: ['Bottoms'], items: ['Shorts'] },
  jumpsuit: { section: ['Jumpsuits and playsuits', 'Jumpsuits'], items: ['Jumpsuits', 'Playsuits'] },
  't-shirt': { section: ['Tops'], items: ['T-shirts'] },
  shirt: { section: ['Tops'], items: ['Shirts'] },
  blouse: { section: ['Tops'], items: ['Blouses'] },
  top: { section: ['Tops'], items: ['Tops', 'Tank tops', 'Crop tops', 'Vests'] },
  jumper: { section: ['Tops'], items: ['Jumpers', 'Sweaters'] },
  cardigan: { section: ['Tops'], items: ['Cardigans'] },
  hoodie: { section: ['Tops'], items: ['Hoodies', 'Sweatshirts'] },
  jacket: { section: ['Coats and jackets', 'Outerwear'], items: ['Jackets'] },
  coat: { section: ['Coats and jackets', 'Outerwear'], items: ['Coats'] },
  blazer: { section: ['Coats and jackets', 'Outerwear'], items: ['Blazers'] },
  trainers: { section: ['Footwear', 'Shoes'], items: ['Trainers', 'Sneakers'] },
  boots: { section: ['Footwear', 'Shoes'], items: ['Boots'] },
  shoes: { section: ['Footwear', 'Shoes'], items: ['Shoes', 'Heels', 'Flats', 'Sandals'] },
  bag: { section: ['Bags', 'Bags and purses', 'Accessories'], items: ['Bags', 'Handbags', 'Backpacks'] },
  jewellery: { section: ['Jewellery', 'Jewelry', 'Accessories'], items: ['Jewellery', 'Necklaces', 'Rings'] },
  swimwear: { section: ['Swimwear'], items: ['Swimwear', 'Bikinis', 'Swimsuits'] },
  activewear: { section: ['Sportswear', 'Activewear'], items: ['Sportswear', 'Activewear'] },
  accessory: { section: ['Accessories'], items: ['Accessories'] },
};

/**
 * The options under a section heading ("Women > Bottoms"): the options after the heading in a flat list, or the
 * options of the container the heading opens.
 */
function sectionOptions(options: Element[], headings: string[]): Element[] {
  const isHeading = (element: Element | null) =>
    element !== null && headings.some((wanted) => textMatches(element.textContent ?? '', wanted, 'exact'));
  return options.filter((option) => {
    let before = option.previousElementSibling;
    while (before?.matches('[role=option], li:not([role=presentation]):not([role=heading])')) {
      before = before.previousElementSibling;
    }
    if (before) return isHeading(before);
    let container = option.parentElement;
    for (let level = 0; container && level < 3; level++, container = container.parentElement) {
      const heading = [...container.children].find((child) => !child.matches('[role=option], li'));
      if (heading) return isHeading(heading);
    }
    return false;
  });
}

function chooseCategory(path: CategoryPath): (options: Element[]) => Element | null {
  const [section] = path.levels;
  const items = path.levels[1]?.texts ?? [];
  return (options) => {
    const inSection = sectionOptions(options, [...(section?.texts ?? [])]);
    if (inSection.length === 0) return null;
    const named = (texts: readonly string[]) =>
      inSection.find((option) => texts.some((text) => textMatches(labelOf(option), text, 'exact')));
    const byTitle = optionByItemWords(inSection, path.itemWords);
    return named(items) ?? byTitle ?? named(['Other']) ?? null;
  };
}

async function fillCategory(
  context: FillContext,
  input: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  if (value.kind !== 'category') return leftForSeller(context.field, 'failed');
  const option = await pickChoice(context, input, chooseCategory(value.path));
  const section = value.path.levels[0]?.texts?.[0] ?? '';
  if (!option) return leftForSeller(context.field, 'category_stopped', [section || '—']);
  const label = labelOf(option);
  const holds = () => shows(input, label);
  const nearest = normalise(label) === 'other';
  return holds()
    ? filled(holds, nearest ? checkNote(context.field, 'nearest') : undefined)
    : leftForSeller(context.field, 'failed');
}

// ----- Brand, size, condition, colour -----

async function fillBrand(context: FillContext, input: Element, value: PlannedValue): Promise<FieldOutcome> {
  if (value.kind !== 'free') return leftForSeller(context.field, 'failed');
  typeInto(input, value.text);
  // Results come from Depop's server: the brand itself when it knows the name exactly, "Other" in any case.
  const option = await pickInMenu(
    context,
    input,
    (options) =>
      brandOption(options, value.text) ??
      options.find((option) => normalise(labelOf(option)) === 'other') ??
      null,
    context.networkWaitMs,
  );
  if (!option) return leftForSeller(context.field, 'no_listed_match', [value.text]);
  const label = labelOf(option);
  const holds = () => shows(input, label);
  if (!holds()) return leftForSeller(context.field, 'failed');
  return normalise(label) === 'other'
    ? filled(holds, checkNote(context.field, 'brand_other', [value.text]))
    : filled(holds);
}

async function fillSize(context: FillContext, input: Element, value: PlannedValue): Promise<FieldOutcome> {
  if (value.kind !== 'free') return leftForSeller(context.field, 'failed');
  const option = await pickChoice(
    context,
    input,
    (options) => sizeOption(options, value.text),
    context.networkWaitMs,
  );
  if (!option) {
    press(input.ownerDocument.body);
    return leftForSeller(context.field, 'no_listed_match', [value.text]);
  }
  const label = labelOf(option);
  const holds = () => shows(input, label);
  return holds() ? filled(holds) : leftForSeller(context.field, 'failed');
}

async function fillCondition(
  context: FillContext,
  input: Element,
  value: PlannedValue,
): Promise<FieldOutcome> {
  if (value.kind !== 'choice') return leftForSeller(context.field, 'failed');
  const option = await pickChoice(context, input, byTarget(value.choice.target));
  if (!option) return leftForSeller(context.field, 'option_missing');
  const label = labelOf(option);
  const holds = () => shows(input, label);
  if (!holds()) return leftForSeller(context.field, 'failed');
  return filled(holds, value.choice.nearest ? checkNote(context.field, 'nearest') : undefined);
}

/** The colour chips a multi-select shows near its input: each a "Remove <colour>" button. */
function colourChips(input: Element): Map<string, Element> {
  const chips = new Map<string, Element>();
  let container = input.parentElement;
  for (let level = 0; container && level < 4; level++, container = container.parentElement) {
    const buttons = [...container.querySelectorAll('button[aria-label^="Remove" i]')].filter(isShown);
    if (buttons.length === 0) continue;
    for (const button of buttons) {
      chips.set(normalise((button.getAttribute('aria-label') ?? '').replace(/^remove\s+/i, '')), button);
    }
    break;
  }
  return chips;
}

async function fillColours(context: FillContext, input: Element, value: PlannedValue): Promise<FieldOutcome> {
  const { field } = context;
  if (value.kind !== 'choices') return leftForSeller(field, 'failed');
  const wanted = value.choices.slice(0, 2);
  const wantedNames = wanted.flatMap((choice) => (choice.target.texts ?? []).slice(0, 1)).map(normalise);
  const holds = () => {
    const chips = colourChips(input);
    return wantedNames.every((name) => chips.has(name)) && chips.size === wantedNames.length;
  };
  let nearest = false;
  // Depop adds colours of its own from the photos, at a moment of its choosing, and then refuses a colour past
  // two: its guesses are taken off and the listing's put back, a few rounds at most.
  for (let round = 0; round < 3 && !holds(); round++) {
    for (const [name, remove] of colourChips(input)) {
      if (wantedNames.includes(name)) continue;
      press(remove);
      await settle();
    }
    for (const choice of wanted) {
      if (colourChips(input).has(normalise(choice.target.texts?.[0]))) continue;
      const option = await pickChoice(context, input, byTarget(choice.target));
      if (option) nearest ||= choice.nearest === true;
    }
    press(input.ownerDocument.body);
    await settle();
  }
  const shown = colourChips(input);
  const picked = wantedNames.filter((name) => shown.has(name)).length;
  if (picked === 0) return leftForSeller(field, 'option_missing');
  const outcome = filled(holds, nearest ? checkNote(field, 'nearest') : undefined);
  if (picked < wantedNames.length) outcome.byHand = { field, reason: 'option_missing', detail: [] };
  else if (value.unavailable > 0) outcome.byHand = { field, reason: 'no_equivalent', detail: [] };
  return outcome;
}

/** The address of a Depop item, from its page or its seller's view of it (/manage/). */
function depopItemAddress(url: URL): string | null {
  const slug = /^\/products\/([^/]+)(?:\/manage)?\/?$/.exec(url.pathname)?.[1];
  if (!slug || slug === 'create' || slug === 'edit') return null;
  return `${url.protocol}//${url.host.toLowerCase()}/products/${slug}`;
}

export const depop: MarketplaceMapping = {
  marketplace: 'depop',
  isSellForm: (path) => /^\/products\/create\/?$/.test(path),
  isItemPage: (path) => /^\/products\/(?!create\/?$|edit\/)[^/]+\/?$/i.test(path),
  itemAddress: depopItemAddress,
  soldItems: () => [],
  posting: {
    postButton: {
      selectors: ['[data-testid="sell-form__post-button"]', 'form button[type="submit"]'],
      labels: ['Post', 'Post item', 'Post listing'],
      fallback: 'self',
    },
    isLanding: (url) => /^\/products\/[^/]+\/manage\/?$/.test(url.pathname),
    newItemUrl: async (doc) => depopItemAddress(new URL(doc.location.href)),
  },
  maxPhotos: 8,
  // Depop suggests colours, a brand and a package size of its own a moment after the photos are up.
  settleBeforeCheckMs: 1500,
  fields: {
    photos: photosField(
      ['input[type="file"]#upload-input__input', 'input[type="file"][data-testid="upload-input__input"]'],
      {
        shown: [
          '[data-testid="photo-tile"]',
          'img[src*="media-photos.depop.com"]',
          'img[src^="blob:"]',
          'img[src^="data:image"]',
        ],
      },
    ),
    description: textField({
      selectors: [
        'textarea#description',
        'textarea[name="description"]',
        '[data-testid="description__input"]',
      ],
      labels: ['Description', 'Describe your item'],
    }),
    category: { hooks: combobox('group', ['Category']), fill: fillCategory },
    brand: { hooks: combobox('brand', ['Brand']), fill: fillBrand },
    size: {
      hooks: {
        ...combobox('variants', ['Size']),
        selectors: ['#variants-input', '[aria-controls="variants-menu"]'],
      },
      afterCategory: true,
      fill: fillSize,
    },
    condition: { hooks: combobox('condition', ['Condition']), fill: fillCondition },
    colour: { hooks: combobox('colour', ['Colour', 'Color']), fill: fillColours },
    price: {
      hooks: {
        selectors: ['#priceAmount__input', 'input[name="priceAmount"]', '[data-testid="priceAmount__input"]'],
        labels: ['Price', 'Item price'],
      },
      fill: fillPrice,
    },
  },
  // The price is in the seller's Depop account currency, which the address does not show.
  currencyFor: () => null,
  formatPrice: formatMoneyInput,
  conditions: {
    'New with tags': byText('Brand new'),
    // Depop's "Brand new" is any unused item, tags or not.
    'New without tags': byText('Brand new'),
    'Like new': byText('Like new'),
    'Very good': byText('Used - Excellent'),
    Good: byText('Used - Good'),
    Fair: byText('Used - Fair'),
    // Depop's lowest condition is "Used - Fair".
    Poor: nearestText('Used - Fair'),
  },
  category(department: Department, kind: ItemKind) {
    const { section, items } = SECTIONS[kind];
    const headings = DEPARTMENT_NAMES[department].flatMap((name) =>
      section.map((group) => `${name} > ${group}`),
    );
    return [{ texts: headings }, { texts: items }];
  },
  colours: coloursByName({
    // Depop has no beige; tan is the nearest of its colours.
    Beige: nearestText('Tan'),
  }),
};
