// The self-check and the filler on the local stand-ins of Vinted's, Depop's and Poshmark's sell forms (jsdom
// windows running the pages' own scripts, at the marketplaces' addresses), filled from listings a real Snaplist
// server made and its photos as the extension's background hands them over.
import {
  type ExtensionMarketplace,
  type Listing,
  type ListingInput,
  variantAsText,
} from '@snaplist/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListingForFill } from '../messages';
import { type FillOptions, fillForm, selfCheck } from './fill';
import { MAPPINGS } from './marketplaces';
import { type MarketplaceMapping, type OptionTarget, SELL_FIELDS } from './marketplaces/types';
import { reportText } from './report';
import { closeTestPages, openTestPage, received, TEST_PAGES } from './test-pages';
import { type SellerFixture, startSellerFixture } from './test-seller';

let fixture: SellerFixture;

beforeAll(async () => {
  fixture = await startSellerFixture();
});

afterAll(async () => {
  await fixture?.close();
});

afterEach(() => {
  closeTestPages();
});

const SELL_PAGES = {
  vinted: 'vinted-sell',
  depop: 'depop-sell',
  poshmark: 'poshmark-sell',
} as const satisfies Record<ExtensionMarketplace, keyof typeof TEST_PAGES>;

/** A listing made by the seller and what the background gives the sell page to fill the form with. */
async function listingToFill(
  marketplace: ExtensionMarketplace,
  overrides: Partial<ListingInput>,
  photoCount = 1,
): Promise<ListingForFill> {
  const listing = await fixture.createListing(overrides, photoCount);
  return fixture.prepareFill(listing.listingId, marketplace, TEST_PAGES[SELL_PAGES[marketplace]]);
}

interface FillCase extends FillOptions {
  /** How many photos the listing has. */
  photoCount?: number;
  /** Another address for the sell form: a regional site, or a query such as ?without=size. */
  url?: string;
}

/**
 * A listing made with `overrides` and filled into the marketplace's sell form: what the background prepared,
 * the page, and the filler's report.
 */
async function fillFromListing(
  marketplace: ExtensionMarketplace,
  overrides: Partial<ListingInput>,
  { photoCount, url, ...options }: FillCase = {},
) {
  const prepared = await listingToFill(marketplace, overrides, photoCount);
  const view = openTestPage(SELL_PAGES[marketplace], { url });
  const report = await fillForm(
    view.document,
    MAPPINGS[marketplace],
    prepared.listing,
    prepared.photos,
    options,
  );
  return { prepared, view, report };
}

function click(element: Element): void {
  const view = element.ownerDocument.defaultView;
  if (!view) throw new Error('no window');
  element.dispatchEvent(new view.MouseEvent('click', { bubbles: true }));
}

function optionIn(doc: Document, list: string, target: OptionTarget): Element | null {
  const lists = [...doc.querySelectorAll(list)];
  if ('selector' in target)
    return lists.map((each) => each.querySelector(target.selector)).find(Boolean) ?? null;
  return (
    lists
      .flatMap((each) => [...each.querySelectorAll('*')])
      .find((option) => option.children.length === 0 && option.textContent?.trim() === target.text) ?? null
  );
}

describe.each(Object.values(MAPPINGS))(
  '$marketplace: the mapping and its test page stay in step',
  (mapping) => {
    const page = () => openTestPage(SELL_PAGES[mapping.marketplace]);

    it('finds every mapped selector of every field, each on the same one element', () => {
      const { document } = page();
      const category = mapping.fields.category;
      const path = Object.values(mapping.categories)[0] ?? [];
      // The fields a marketplace shows once a category is chosen are looked for after choosing one.
      if (category?.kind === 'picker') {
        click(document.querySelector(category.selectors[0] ?? '') ?? document.body);
        for (const target of path) click(optionIn(document, category.options.list, target) ?? document.body);
      }
      for (const [name, field] of Object.entries(mapping.fields)) {
        const elements = field.selectors.map((selector) => document.querySelectorAll(selector));
        for (const [index, matches] of elements.entries()) {
          expect(matches.length, `${name}: ${field.selectors[index]}`).toBe(1);
          expect(matches[0], `${name}: ${field.selectors[index]}`).toBe(elements[0]?.[0]);
        }
      }
    });

    it('offers every condition, colour and category option the mapping names', () => {
      const { document } = page();
      const condition = mapping.fields.condition;
      const colour = mapping.fields.colour;
      const category = mapping.fields.category;
      const conditionTargets = Object.values(mapping.conditions).map((choice) => choice.target);
      if (condition?.kind === 'select') {
        for (const target of conditionTargets)
          expect(optionIn(document, 'select#condition', target)).not.toBeNull();
      }
      const checkPicker = (opener: string, list: string, targets: OptionTarget[]) => {
        for (const target of targets) {
          click(document.querySelector(opener) ?? document.body);
          expect(optionIn(document, list, target), JSON.stringify(target)).not.toBeNull();
          click(document.body);
        }
      };
      if (condition?.kind === 'picker')
        checkPicker(condition.selectors[0] ?? '', condition.options.list, conditionTargets);
      if (colour?.kind === 'picker') {
        const targets = Object.values(mapping.colours).flatMap((choice) => (choice ? [choice.target] : []));
        checkPicker(colour.selectors[0] ?? '', colour.options.list, targets);
      }
      if (category?.kind === 'picker') {
        for (const path of Object.values(mapping.categories)) {
          click(document.querySelector(category.selectors[0] ?? '') ?? document.body);
          for (const target of path) {
            const option = optionIn(document, category.options.list, target);
            expect(option, JSON.stringify(target)).not.toBeNull();
            if (option) click(option);
          }
        }
      }
    });

    it('finds every field before filling, but the ones the page shows after a category', () => {
      const check = selfCheck(page().document, mapping);
      expect(check.missing).toEqual([]);
      expect(check.waiting).toEqual(mapping.marketplace === 'vinted' ? ['size'] : []);
    });

    it('keeps its own state, like a React or Vue page: a value set behind its back is lost', () => {
      const view = page();
      const field = (selector = '') => {
        const found = view.document.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector);
        if (!found) throw new Error(`no field ${selector}`);
        return found;
      };
      const description = field(mapping.fields.description?.selectors[0]);
      const price = field(mapping.fields.price?.selectors[0]);
      const typeIntoPrice = (text: string) => {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(price), 'value')?.set?.call(price, text);
        price.dispatchEvent(new view.Event('input', { bubbles: true }));
      };

      // No events: the page never hears of it, and draws the field again from its state at its next change.
      description.value = 'Set behind the page’s back';
      typeIntoPrice('5');
      expect(description.value).toBe('');
      expect(received(view)).toMatchObject({ description: '' });

      if (mapping.marketplace === 'poshmark') return;
      // React remembers the value it last saw on the element: an input event after a plain assignment is no change.
      description.value = 'Set behind React’s back';
      description.dispatchEvent(new view.Event('input', { bubbles: true }));
      typeIntoPrice('6');
      expect(received(view)).toMatchObject({ description: '' });
    });
  },
);

describe('the self-check on a page without its size field', () => {
  it.each([
    ['depop', 'https://www.depop.com/products/create/?without=size'],
    ['poshmark', 'https://poshmark.com/create-listing?without=size'],
  ] as const)('%s: names the size field before anything is filled', (marketplace, url) => {
    const check = selfCheck(openTestPage(SELL_PAGES[marketplace], { url }).document, MAPPINGS[marketplace]);
    expect(check.missing).toEqual(['size']);
  });

  it.each([
    ['vinted', 'https://www.vinted.co.uk/items/new?without=size', 'Vinted'],
    ['depop', 'https://www.depop.com/products/create/?without=size', 'Depop'],
    ['poshmark', 'https://poshmark.com/create-listing?without=size', 'Poshmark'],
  ] as const)(
    '%s: the report tells the seller to fill the size by hand, and everything else is filled',
    async (marketplace, url, name) => {
      const { view, report } = await fillFromListing(
        marketplace,
        { category: 'Dresses', currency: marketplace === 'poshmark' ? 'USD' : 'GBP', price: 2400 },
        { url, optionWaitMs: 600 },
      );

      expect(report.byHand).toEqual([{ field: 'size', reason: 'not_found', detail: [] }]);
      expect(reportText(report).byHand).toEqual([`${name}'s size field was not found; fill it by hand.`]);
      expect(report.filled).toContain('price');
      expect(received(view).photos).toHaveLength(1);
    },
  );
});

/** The photos as the page received them: the names and sizes of the files the background carried over. */
function photoFiles(prepared: ListingForFill) {
  return prepared.photos.map((photo) => ({
    name: photo.name,
    size: Buffer.from(photo.dataUrl.slice(photo.dataUrl.indexOf(',') + 1), 'base64').length,
    type: photo.type,
  }));
}

function variant(listing: Listing, marketplace: ExtensionMarketplace) {
  const found = listing.variants[marketplace];
  if (!found) throw new Error(`no ${marketplace} variant`);
  return found;
}

describe('filling Vinted’s form', () => {
  it('fills every field from a listing with all of them, choosing options by their ids', async () => {
    const { prepared, view, report } = await fillFromListing(
      'vinted',
      {
        title: "Levi's 501 blue denim dress",
        category: 'Dresses',
        brand: "Levi's",
        size: 'M / 38 / 10',
        condition: 'Very good',
        colours: ['Blue', 'Navy'],
        price: 2450,
      },
      { photoCount: 3 },
    );

    expect(report).toEqual({
      marketplace: 'vinted',
      formFound: true,
      filled: SELL_FIELDS,
      check: [],
      byHand: [],
    });
    expect(received(view)).toMatchObject({
      photos: photoFiles(prepared),
      title: variant(prepared.listing, 'vinted').title,
      description: variant(prepared.listing, 'vinted').description,
      category: { id: 10, path: [1904, 4, 10] },
      brand: { id: 53, title: "Levi's" },
      size: { id: 4, title: 'M / 38 / 10' },
      condition: 2,
      colours: [9, 27],
      price: '24.50',
    });
  });

  it('leaves an ambiguous category, and the size it would reveal, to the seller, and says why', async () => {
    const { view, report } = await fillFromListing(
      'vinted',
      { category: 'Bottoms', condition: 'Like new', brand: 'Acme Denim' },
      { optionWaitMs: 600 },
    );

    expect(report.filled).toEqual(['photos', 'title', 'description', 'condition', 'colour', 'price']);
    expect(report.check).toEqual([{ field: 'condition', reason: 'nearest', detail: [] }]);
    expect(report.byHand).toEqual([
      { field: 'category', reason: 'category_ambiguous', detail: [] },
      { field: 'brand', reason: 'no_listed_match', detail: ['Acme Denim'] },
      { field: 'size', reason: 'after_category', detail: [] },
    ]);
    expect(reportText(report).byHand).toEqual([
      "Category: the listing's category fits several of Vinted's; choose it by hand.",
      'Brand: Vinted offers no option named exactly “Acme Denim”; choose it by hand.',
      'Size: Vinted shows this field once a category is chosen; choose the category, then fill it by hand.',
    ]);
    expect(received(view)).toMatchObject({ category: null, brand: null, size: null, condition: 2 });
  });

  it('never guesses a value the listing does not have', async () => {
    const prepared = await listingToFill('vinted', { category: 'Dresses', brand: null });
    const listing: Listing = { ...prepared.listing, condition: null, colours: [], size: null };
    const view = openTestPage('vinted-sell');

    const report = await fillForm(view.document, MAPPINGS.vinted, listing, prepared.photos, {
      optionWaitMs: 600,
    });

    expect(report.byHand).toEqual([
      { field: 'brand', reason: 'not_in_listing', detail: [] },
      { field: 'size', reason: 'not_in_listing', detail: [] },
      { field: 'condition', reason: 'not_in_listing', detail: [] },
      { field: 'colour', reason: 'not_in_listing', detail: [] },
    ]);
    expect(reportText(report).byHand[0]).toBe('Brand: not in the listing.');
    expect(received(view)).toMatchObject({ brand: null, size: null, condition: null, colours: [] });
  });

  it('leaves the price to the seller on a site that takes another currency', async () => {
    const { view, report } = await fillFromListing(
      'vinted',
      { currency: 'GBP', price: 2450 },
      { url: 'https://www.vinted.fr/items/new', optionWaitMs: 600 },
    );

    expect(report.byHand).toContainEqual({
      field: 'price',
      reason: 'currency_mismatch',
      detail: ['GBP', 'EUR'],
    });
    expect(received(view).price).toBe('');
  });

  it('reports a page that shows no sell form instead of failing silently', async () => {
    const prepared = await listingToFill('vinted', {});
    const view = openTestPage('vinted-item');

    const report = await fillForm(view.document, MAPPINGS.vinted, prepared.listing, prepared.photos);

    expect(report.formFound).toBe(false);
    expect(reportText(report).formMissing).toBe(
      "Vinted's sell form was not found on this page: open it, then try again.",
    );
  });
});

describe('filling Depop’s form', () => {
  it('leads the description with the title line, and flags what the seller should check', async () => {
    const { prepared, view, report } = await fillFromListing(
      'depop',
      {
        category: 'Dresses',
        brand: "levi's",
        size: 'M',
        condition: 'Like new',
        colours: ['Beige'],
        price: 2450,
        tags: ['denim', 'y2k'],
      },
      { photoCount: 2 },
    );

    // Every field: Depop has no title field.
    expect(report.filled).toEqual(SELL_FIELDS.filter((field) => field !== 'title'));
    expect(report.check).toEqual([
      { field: 'colour', reason: 'nearest', detail: [] },
      { field: 'price', reason: 'currency_unknown', detail: ['GBP'] },
    ]);
    expect(report.byHand).toEqual([]);
    const description = variantAsText(variant(prepared.listing, 'depop'), 'depop');
    expect(description.startsWith(`${variant(prepared.listing, 'depop').title}\n\n`)).toBe(true);
    expect(received(view)).toMatchObject({
      photos: photoFiles(prepared),
      description,
      category: { department: 'Womenswear', name: 'Dresses' },
      brand: "Levi's",
      size: 'M',
      condition: 'used_like_new',
      colours: ['Cream'],
      priceAmount: '24.50',
    });
  });

  it('leaves a brand Depop does not list typed in, for the seller to check', async () => {
    const { view, report } = await fillFromListing(
      'depop',
      { brand: 'Acme Denim', category: 'Bottoms' },
      { optionWaitMs: 600 },
    );

    expect(report.check).toContainEqual({ field: 'brand', reason: 'no_exact_match', detail: ['Acme Denim'] });
    expect(reportText(report).check).toContain(
      'Brand: Depop offers no option named exactly “Acme Denim”; it is typed in, check it.',
    );
    expect(received(view)).toMatchObject({ brand: null, brandText: 'Acme Denim' });
  });
});

describe('filling Poshmark’s form', () => {
  it('fills whole dollars and the colours it has, and leaves the rest to the seller', async () => {
    const { prepared, view, report } = await fillFromListing(
      'poshmark',
      {
        category: 'Dresses',
        currency: 'USD',
        price: 2400,
        size: 'm',
        condition: 'New with tags',
        colours: ['Grey', 'Multi'],
        brand: 'Acme Denim',
      },
      { photoCount: 2, optionWaitMs: 600 },
    );

    expect(report.filled).toEqual(SELL_FIELDS);
    expect(report.check).toEqual([{ field: 'brand', reason: 'no_exact_match', detail: ['Acme Denim'] }]);
    expect(report.byHand).toEqual([{ field: 'colour', reason: 'no_equivalent', detail: [] }]);
    expect(received(view)).toMatchObject({
      photos: photoFiles(prepared),
      title: variant(prepared.listing, 'poshmark').title,
      description: variant(prepared.listing, 'poshmark').description,
      category: { department: 'Women', name: 'Dresses' },
      size: 'M',
      condition: 'New With Tags',
      brand: 'Acme Denim',
      colours: ['Gray'],
      listingPrice: '24',
    });
  });

  it('fills a form twice without taking off the colours the first fill ticked', async () => {
    const prepared = await listingToFill('poshmark', { colours: ['Black', 'Red'] });
    const view = openTestPage('poshmark-sell');

    await fillForm(view.document, MAPPINGS.poshmark, prepared.listing, prepared.photos, {
      optionWaitMs: 300,
    });
    const report = await fillForm(view.document, MAPPINGS.poshmark, prepared.listing, [], {
      optionWaitMs: 300,
    });

    expect(report.filled).toContain('colour');
    expect(received(view).colours).toEqual(['Black', 'Red']);
  });

  it('leaves a price with cents to the seller rather than rounding it', async () => {
    const { view, report } = await fillFromListing(
      'poshmark',
      { currency: 'USD', price: 2450 },
      { optionWaitMs: 600 },
    );

    expect(report.byHand).toContainEqual({
      field: 'price',
      reason: 'whole_amounts_only',
      detail: ['24.50 USD'],
    });
    expect(reportText(report).byHand).toContain(
      'Price: Poshmark takes whole amounts only; enter 24.50 USD by hand, rounded as you choose.',
    );
    expect(received(view).listingPrice).toBe('');
  });
});

describe('every marketplace', () => {
  it.each(Object.values(MAPPINGS))(
    '$marketplace: adds no more photos than it takes, and says so',
    async (mapping: MarketplaceMapping) => {
      const prepared = await listingToFill(mapping.marketplace, {}, 1);
      const photo = prepared.photos[0];
      if (!photo) throw new Error('no photo');
      const photos = Array.from({ length: 24 }, (_, index) => ({
        ...photo,
        name: `snaplist-${index + 1}.jpg`,
      }));
      const view = openTestPage(SELL_PAGES[mapping.marketplace]);

      const report = await fillForm(view.document, mapping, prepared.listing, photos, { optionWaitMs: 300 });

      const files = mapping.fields.photos?.kind === 'files' ? mapping.fields.photos.maxFiles : 0;
      expect(received(view).photos).toHaveLength(files);
      expect(report.check).toContainEqual({
        field: 'photos',
        reason: 'photos_limited',
        detail: [String(files), '24'],
      });
    },
  );
});
