// Snaplist's values as each marketplace's form takes them: conditions, prices in minor units, categories and
// colours, and which pages are a sell form or an item page. A value the listing does not have, or one the
// marketplace cannot take as it is, is reported, never guessed.
import { LISTING_CONDITIONS, type Listing, type ListingCondition } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPPINGS, mappingForUrl } from './marketplaces';
import { type SellerFixture, startSellerFixture } from './test-seller';
import { type FieldPlan, needsDepartment, planFields } from './values';

let fixture: SellerFixture;
/** A listing as the server writes it (its marketplace variants included); each test changes what it is about. */
let base: Listing;

beforeAll(async () => {
  fixture = await startSellerFixture();
  base = await fixture.createListing({
    currency: 'GBP',
    price: 2450,
    category: 'Dresses',
    colours: ['Blue'],
  });
});

afterAll(async () => {
  await fixture?.close();
});

function plan(marketplace: keyof typeof MAPPINGS, changes: Partial<Listing>, host?: string) {
  const hosts = { vinted: 'www.vinted.co.uk', depop: 'www.depop.com', poshmark: 'poshmark.com' };
  return planFields({ ...base, ...changes }, [], MAPPINGS[marketplace], host ?? hosts[marketplace]);
}

/** The option a condition plan names: its first hook, else its first text, and whether it is the nearest. */
function chosenCondition(field: FieldPlan | undefined): [string, boolean] | null {
  if (!field || !('value' in field) || field.value.kind !== 'choice') return null;
  const { target, nearest } = field.value.choice;
  return [target.selectors?.[0] ?? target.texts?.[0] ?? '', nearest === true];
}

describe('conditions', () => {
  const expected: Record<'vinted' | 'depop' | 'poshmark', Record<ListingCondition, [string, boolean]>> = {
    // Vinted's five statuses, by id: 6 new with tags, 1 new without tags, 2 very good, 3 good, 4 satisfactory.
    vinted: {
      'New with tags': ['[id="condition-6"]', false],
      'New without tags': ['[id="condition-1"]', false],
      'Like new': ['[id="condition-2"]', true],
      'Very good': ['[id="condition-2"]', false],
      Good: ['[id="condition-3"]', false],
      Fair: ['[id="condition-4"]', false],
      Poor: ['[id="condition-4"]', true],
    },
    depop: {
      'New with tags': ['Brand new', false],
      'New without tags': ['Brand new', false],
      'Like new': ['Like new', false],
      'Very good': ['Used - Excellent', false],
      Good: ['Used - Good', false],
      Fair: ['Used - Fair', false],
      Poor: ['Used - Fair', true],
    },
    // Poshmark's codes: nwt, uln (like new), ug (good), uf (fair).
    poshmark: {
      'New with tags': ['[data-et-name="listing_condition"][data-et-prop-content="nwt"]', false],
      'New without tags': ['[data-et-name="listing_condition"][data-et-prop-content="uln"]', true],
      'Like new': ['[data-et-name="listing_condition"][data-et-prop-content="uln"]', false],
      'Very good': ['[data-et-name="listing_condition"][data-et-prop-content="ug"]', true],
      Good: ['[data-et-name="listing_condition"][data-et-prop-content="ug"]', false],
      Fair: ['[data-et-name="listing_condition"][data-et-prop-content="uf"]', false],
      Poor: ['[data-et-name="listing_condition"][data-et-prop-content="uf"]', true],
    },
  };

  it.each(['vinted', 'depop', 'poshmark'] as const)(
    '%s: every Snaplist condition, the nearest flagged',
    (marketplace) => {
      for (const condition of LISTING_CONDITIONS) {
        expect(chosenCondition(plan(marketplace, { condition }).condition), condition).toEqual(
          expected[marketplace][condition],
        );
      }
    },
  );

  it('a listing without a condition is reported, not given one', () => {
    for (const marketplace of ['vinted', 'depop', 'poshmark'] as const) {
      expect(plan(marketplace, { condition: null }).condition).toEqual({
        skip: 'not_in_listing',
        detail: [],
      });
    }
  });
});

describe('prices', () => {
  it.each([
    [2450, '24.50'],
    [2405, '24.05'],
    [99, '0.99'],
    [100_000_000, '1000000.00'],
  ])('Vinted and Depop: %i minor units are %s', (price, text) => {
    for (const marketplace of ['vinted', 'depop'] as const) {
      const planned = plan(marketplace, { price }).price;
      expect(planned && 'value' in planned && planned.value).toMatchObject({ kind: 'text', text });
    }
  });

  it('Poshmark: whole amounts only; a price with cents is left to the seller, not rounded', () => {
    expect(plan('poshmark', { currency: 'USD', price: 2400 }).price).toEqual({
      value: { kind: 'text', text: '24' },
    });
    expect(plan('poshmark', { currency: 'USD', price: 2450 }).price).toEqual({
      skip: 'whole_amounts_only',
      detail: ['24.50 USD'],
    });
  });

  it('a site that prices in another currency gets no number in the wrong one', () => {
    expect(plan('vinted', { currency: 'GBP' }, 'www.vinted.fr').price).toEqual({
      skip: 'currency_mismatch',
      detail: ['GBP', 'EUR'],
    });
    expect(plan('vinted', { currency: 'EUR' }, 'www.vinted.pl').price).toEqual({
      skip: 'currency_mismatch',
      detail: ['EUR', 'PLN'],
    });
    expect(plan('poshmark', { currency: 'USD', price: 2400 }, 'poshmark.ca').price).toEqual({
      skip: 'currency_mismatch',
      detail: ['USD', 'CAD'],
    });
    expect(plan('vinted', { currency: 'EUR' }, 'www.vinted.de').price).toEqual({
      value: { kind: 'text', text: '24.50' },
    });
  });

  it('Depop: the account’s currency is not in the address, so the seller checks it', () => {
    expect(plan('depop', { currency: 'GBP' }).price).toEqual({
      value: { kind: 'text', text: '24.50', check: { reason: 'currency_unknown', detail: ['GBP'] } },
    });
  });

  it('a listing with only a suggested price range gets no price picked from it', () => {
    const suggestedPriceRange = { currency: 'GBP' as const, min: 1200, max: 1800 };
    expect(plan('vinted', { price: null, suggestedPriceRange }).price).toEqual({
      skip: 'price_suggested_only',
      detail: ['12.00–18.00 GBP'],
    });
    expect(plan('vinted', { price: null, suggestedPriceRange: null }).price).toEqual({
      skip: 'not_in_listing',
      detail: [],
    });
  });
});

function categoryLevels(field: FieldPlan | undefined) {
  if (!field || !('value' in field) || field.value.kind !== 'category') return null;
  return field.value.path.levels.map((level) => level.selectors?.[0] ?? level.texts?.[0]);
}

describe('categories', () => {
  it('a dress is women’s on every marketplace, down to its group, by id on Vinted', () => {
    const dress = { title: 'Floral midi dress', category: 'Dresses' as const };
    expect(categoryLevels(plan('vinted', dress).category)).toEqual([
      '[id="catalog-1904"]',
      '[id="catalog-4"]',
      '[id="catalog-10"]',
    ]);
    expect(categoryLevels(plan('depop', dress).category)).toEqual(['Women > Dresses', 'Dresses']);
    expect(categoryLevels(plan('poshmark', dress).category)).toEqual([
      'a.dropdown__link[data-et-name="women"]',
      'Dresses',
    ]);
  });

  it('the seller’s words say whose the item is and what it is', () => {
    const jeans = { title: "Levi's 501 men's jeans", category: 'Bottoms' as const };
    expect(categoryLevels(plan('vinted', jeans).category)).toEqual([
      '[id="catalog-5"]',
      '[id="catalog-2050"]',
      '[id="catalog-257"]',
    ]);
    expect(categoryLevels(plan('depop', jeans).category)).toEqual(['Men > Bottoms', 'Jeans']);
    expect(categoryLevels(plan('poshmark', jeans).category)).toEqual([
      'a.dropdown__link[data-et-name="men"]',
      'Jeans',
    ]);
  });

  it('a listing whose words do not say whose it is waits for the seller’s answer', () => {
    const jeans: Partial<Listing> = {
      title: "Levi's 501 jeans",
      description: 'Straight leg.',
      tags: [],
      category: 'Bottoms',
    };
    for (const marketplace of ['vinted', 'depop', 'poshmark'] as const) {
      expect(plan(marketplace, jeans).category).toEqual({ skip: 'department_unknown', detail: [] });
      expect(needsDepartment({ ...base, ...jeans }, MAPPINGS[marketplace])).toBe(true);
    }
    const answered = planFields({ ...base, ...jeans }, [], MAPPINGS.depop, 'www.depop.com', 'kids');
    expect(categoryLevels(answered.category)).toEqual(['Kids > Bottoms', 'Jeans']);
  });

  it('a kids’ item goes under girls’ or boys’ on Vinted only when the words say which', () => {
    const girls = { title: "Girls' party dress", category: 'Dresses' as const };
    expect(categoryLevels(plan('vinted', girls).category)).toEqual([
      '[id="catalog-1193"]',
      '[id="catalog-1195"]',
      'Dresses',
    ]);
    const kids = { title: "Kids' hoodie", category: 'Tops' as const };
    expect(categoryLevels(plan('vinted', kids).category)).toEqual(['[id="catalog-1193"]']);
  });

  it('a listing with neither a category nor words naming the item has none chosen', () => {
    const plain: Partial<Listing> = { title: 'Lovely thing', description: '', tags: [], category: null };
    expect(plan('vinted', plain).category).toEqual({ skip: 'not_in_listing', detail: [] });
  });
});

describe('colours', () => {
  const firstHook = (field: FieldPlan | undefined) =>
    field && 'value' in field && field.value.kind === 'choices'
      ? field.value.choices.map((choice) => [
          choice.target.selectors?.[0] ?? choice.target.texts?.[0],
          choice.nearest === true,
        ])
      : null;

  it('Vinted: by colour id, every Snaplist colour', () => {
    expect(firstHook(plan('vinted', { colours: ['Navy', 'Beige'] }).colour)).toEqual([
      ['[id="color-27"]', false],
      ['[id="color-4"]', false],
    ]);
  });

  it('Poshmark: the nearest colour flagged, and none for multicolour', () => {
    const planned = plan('poshmark', { colours: ['Navy', 'Multi'] }).colour;
    expect(firstHook(planned)).toEqual([['Blue', true]]);
    expect(planned).toMatchObject({ value: { unavailable: 1 } });
    expect(plan('poshmark', { colours: ['Multi'] }).colour).toEqual({ skip: 'no_equivalent', detail: [] });
    expect(firstHook(plan('poshmark', { colours: ['Grey'] }).colour)).toEqual([['Gray', false]]);
  });

  it('two colours with the same option pick it once, since a second click would take it off', () => {
    expect(firstHook(plan('poshmark', { colours: ['Blue', 'Navy'] }).colour)).toEqual([['Blue', false]]);
  });

  it('no colour in the listing: none chosen', () => {
    expect(plan('depop', { colours: [] }).colour).toEqual({ skip: 'not_in_listing', detail: [] });
  });
});

describe('text fields', () => {
  it('each marketplace gets its own variant; Depop, with no title field, leads its description with it', () => {
    const variants = {
      vinted: { title: 'Vinted title', description: 'Vinted description', tags: [] },
      poshmark: { title: 'Poshmark title', description: 'Poshmark description', tags: [] },
      depop: { title: 'Depop lead line', description: 'Depop description\n#denim', tags: ['denim'] },
    };
    const planned = (marketplace: keyof typeof variants) => plan(marketplace, { variants });

    expect(planned('vinted').title).toEqual({ value: { kind: 'text', text: 'Vinted title' } });
    expect(planned('vinted').description).toEqual({ value: { kind: 'text', text: 'Vinted description' } });
    expect(planned('poshmark').title).toEqual({ value: { kind: 'text', text: 'Poshmark title' } });
    expect(planned('depop').title).toBeUndefined();
    expect(planned('depop').description).toEqual({
      value: { kind: 'text', text: 'Depop lead line\n\nDepop description\n#denim' },
    });
  });

  it('without a stored variant, the same rules make one from the listing’s own text', () => {
    const listing = { title: 'Blue dress', description: 'Midi length, #summer', tags: ['summer', 'midi'] };
    expect(plan('vinted', { ...listing, variants: {} }).description).toEqual({
      value: { kind: 'text', text: 'Midi length, summer' },
    });
  });

  it('brand and size the listing does not have are reported, not filled', () => {
    const planned = plan('depop', { brand: null, size: null });
    expect(planned.brand).toEqual({ skip: 'not_in_listing', detail: [] });
    expect(planned.size).toEqual({ skip: 'not_in_listing', detail: [] });
    expect(plan('depop', { brand: 'Ganni', size: 'EU 38' })).toMatchObject({
      brand: { value: { kind: 'free', text: 'Ganni' } },
      size: { value: { kind: 'free', text: 'EU 38' } },
    });
  });
});

describe('pages', () => {
  it.each([
    ['https://www.vinted.co.uk/items/new', 'vinted', 'sell'],
    ['https://www.vinted.fr/items/new?source=header', 'vinted', 'sell'],
    ['https://www.vinted.pl/items/4242424242-levis-501', 'vinted', 'item'],
    ['https://www.vinted.co.uk/items/4242424242', 'vinted', 'item'],
    ['https://www.vinted.co.uk/member/91827364?promo_shown=true', 'vinted', 'neither'],
    ['https://www.vinted.co.uk/items/4242424242-levis-501/edit', 'vinted', 'neither'],
    ['https://www.vinted.co.uk/catalog?search_text=levis', 'vinted', 'neither'],
    ['https://www.depop.com/products/create/', 'depop', 'sell'],
    ['https://www.depop.com/products/snaplistseller-levis-501-jeans/', 'depop', 'item'],
    ['https://www.depop.com/products/edit/snaplistseller-levis-501-jeans/', 'depop', 'neither'],
    ['https://www.depop.com/products/snaplistseller-levis-501-jeans/manage/', 'depop', 'neither'],
    ['https://poshmark.com/create-listing', 'poshmark', 'sell'],
    ['https://poshmark.com/listing/Levis-501-Jeans-64a1f0c2b3d4e5f6a7b8c9d0', 'poshmark', 'item'],
    ['https://poshmark.ca/listing/Levis-501-Jeans-64a1f0c2b3d4e5f6a7b8c9d0', 'poshmark', 'item'],
    ['https://poshmark.com/listing/Levis-501-Jeans-1234', 'poshmark', 'neither'],
  ] as const)('%s is %s’s %s page', (url, marketplace, kind) => {
    const mapping = mappingForUrl(url);
    const { pathname } = new URL(url);
    expect(mapping?.marketplace).toBe(marketplace);
    expect(mapping?.isSellForm(pathname)).toBe(kind === 'sell');
    expect(mapping?.isItemPage(pathname)).toBe(kind === 'item');
  });

  it('no mapping anywhere else', () => {
    expect(mappingForUrl('https://www.ebay.co.uk/sl/sell')).toBeNull();
    expect(mappingForUrl('https://vinted.example.com/items/new')).toBeNull();
  });
});
