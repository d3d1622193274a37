// @vitest-environment node
// The filler on local stand-ins of Vinted's, Depop's and Poshmark's real sell forms (test-pages/*-sell.html, built
// from the evidence in ../shared/marketplace-forms, not from the extension's mappings): jsdom windows running the
// pages' own scripts at the marketplaces' addresses, filled from listings a real Snaplist server made, with its
// photos as the extension's background hands them over. What counts is what the page itself would submit
// (its <pre id="received">), not what the filler believes.
import type { ExtensionMarketplace, ListingInput } from '@snaplist/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FillOptions, fillForm } from './fill';
import { MAPPINGS } from './marketplaces';
import { SELL_FIELDS } from './marketplaces/types';
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

/** Quick "network" answers and short waits: the pages answer in 100 ms here, in seconds on the real sites. */
const FAST: FillOptions = { waitMs: 1500, networkWaitMs: 1500 };

interface FillCase extends FillOptions {
  photoCount?: number;
  /** The sell form's address (a regional site, a query such as ?without=size); `?delay=100` is added. */
  url?: string;
}

async function fillFromListing(
  marketplace: ExtensionMarketplace,
  overrides: Partial<ListingInput>,
  { photoCount = 1, url, ...options }: FillCase = {},
) {
  const listing = await fixture.createListing(overrides, photoCount);
  const address = new URL(url ?? TEST_PAGES[SELL_PAGES[marketplace]]);
  const prepared = await fixture.prepareFill(listing.listingId, marketplace, address.href);
  address.searchParams.set('delay', '100');
  const view = openTestPage(SELL_PAGES[marketplace], { url: address.href });
  const report = await fillForm(view.document, MAPPINGS[marketplace], prepared.listing, prepared.photos, {
    ...FAST,
    ...options,
  });
  return { prepared, view, report, text: reportText(report) };
}

const ALL_FIELDS: readonly string[] = SELL_FIELDS;

const MIDI_DRESS: Partial<ListingInput> = {
  title: 'Zara floral midi dress',
  description: 'Floral midi dress, worn twice.',
  category: 'Dresses',
  brand: "Levi's",
  size: 'UK 10',
  colours: ['Black', 'Blue'],
  condition: 'Very good',
  price: 2450,
  currency: 'GBP',
  tags: ['dress'],
};

describe('Vinted’s form', () => {
  it('fills every field, the category down to a leaf, each pick saved with Done and the price on blur', async () => {
    const { view, report } = await fillFromListing('vinted', MIDI_DRESS, { photoCount: 2 });
    expect(report.byHand).toEqual([]);
    expect(report.filled).toEqual(ALL_FIELDS);
    expect(received(view)).toMatchObject({
      photos: [{ type: 'image/jpeg' }, { type: 'image/jpeg' }],
      title: 'Zara floral midi dress',
      description: 'Floral midi dress, worn twice.',
      category: { path: ['Women', 'Clothing', 'Dresses', 'Midi dresses'] },
      brand: "Levi's",
      size: 'UK 10',
      condition: { id: 2 },
      colours: ['Black', 'Blue'],
      price: '£24.50',
    });
  });

  it('fills the French site, whose options and labels are in French', async () => {
    const { view, report } = await fillFromListing(
      'vinted',
      { ...MIDI_DRESS, currency: 'EUR' },
      { url: 'https://www.vinted.fr/items/new' },
    );
    expect(report.filled).toEqual(ALL_FIELDS);
    expect(received(view)).toMatchObject({
      category: { path: ['Femmes', 'Vêtements', 'Robes', 'Robes midi'] },
      condition: { id: 2, title: 'Très bon état' },
      colours: ['Noir', 'Bleu'],
      price: '24,50 €',
    });
  });

  it('finds a field a redesign renamed by its label, and names one the page no longer has', async () => {
    const renamed = await fillFromListing('vinted', MIDI_DRESS, {
      url: 'https://www.vinted.co.uk/items/new?renamed=brand',
    });
    expect(renamed.report.filled).toContain('brand');
    expect(received(renamed.view)).toMatchObject({ brand: "Levi's" });

    const without = await fillFromListing('vinted', MIDI_DRESS, {
      url: 'https://www.vinted.co.uk/items/new?without=size',
    });
    expect(without.text.byHand).toEqual(["Vinted's size field was not found; fill it by hand."]);
    expect(without.report.filled).toEqual(ALL_FIELDS.filter((field) => field !== 'size'));
  });

  it('leaves a brand Vinted does not list to the seller rather than choosing a near one', async () => {
    const { view, text } = await fillFromListing('vinted', { ...MIDI_DRESS, brand: 'Levi' });
    expect(text.byHand).toEqual(['Brand: Vinted offers no option named exactly “Levi”; choose it by hand.']);
    expect(received(view)).toMatchObject({ brand: null });
  });

  it('asks nothing of a jeans listing that says whose it is, and waits for the men’s waist sizes', async () => {
    const { view, report } = await fillFromListing('vinted', {
      ...MIDI_DRESS,
      title: "Levi's 501 men's straight jeans",
      description: 'Straight leg, button fly.',
      category: 'Bottoms',
      size: 'W32 L34',
      colours: ['Blue'],
    });
    expect(report.byHand).toEqual([]);
    expect(received(view)).toMatchObject({
      category: { path: ['Men', 'Clothing', 'Jeans', 'Straight jeans'] },
      size: 'W32',
    });
  });

  it('leaves the category, and the fields it reveals, to the seller when the listing does not say whose it is', async () => {
    const { view, report, text } = await fillFromListing('vinted', {
      ...MIDI_DRESS,
      title: "Levi's 501 jeans",
      description: 'Straight leg.',
      category: 'Bottoms',
      tags: [],
    });
    expect(text.byHand[0]).toBe(
      'Category: the listing does not say whether the item is women’s, men’s or kids’; choose it by hand.',
    );
    expect(report.byHand.map((note) => note.field)).toEqual([
      'category',
      'brand',
      'size',
      'condition',
      'colour',
    ]);
    expect(received(view)).toMatchObject({ category: null, price: '£24.50' });
  });

  it('files a girls’ dress under Kids › Girls', async () => {
    const { view, report } = await fillFromListing('vinted', {
      ...MIDI_DRESS,
      title: "Girls' party dress",
      description: 'Age 4.',
      size: '104 cm / 4 years',
    });
    expect(report.byHand).toEqual([]);
    expect(received(view)).toMatchObject({
      category: { path: ['Kids', 'Girls', 'Dresses'] },
      size: '104 cm / 4 years',
    });
  });

  it('takes the seller’s answer for whose the item is', async () => {
    const { view, report } = await fillFromListing(
      'vinted',
      {
        ...MIDI_DRESS,
        title: "Levi's 501 jeans",
        description: 'Straight leg.',
        category: 'Bottoms',
        tags: [],
      },
      { department: 'women' },
    );
    expect(report.filled).toContain('category');
    expect(received(view)).toMatchObject({
      category: { path: ['Women', 'Clothing', 'Jeans', 'Straight jeans'] },
    });
  });
});

describe('Depop’s form', () => {
  it('fills every field it has, takes off the colours Depop guessed, and flags the currency to check', async () => {
    const { view, report, text } = await fillFromListing('depop', {
      ...MIDI_DRESS,
      title: "Levi's 501 women's jeans",
      description: 'High waisted, light wash.',
      category: 'Bottoms',
      colours: ['Blue'],
    });
    expect(report.byHand).toEqual([]);
    expect(report.filled).toEqual(ALL_FIELDS.filter((field) => field !== 'title'));
    expect(received(view)).toMatchObject({
      photos: [{ type: 'image/jpeg' }],
      description: expect.stringMatching(/^Levi's 501 women's jeans\n\nHigh waisted, light wash\./),
      category: { path: ['Women', 'Bottoms', 'Jeans'] },
      brand: "Levi's",
      size: 'UK 10',
      condition: { id: 'used_excellent' },
      colours: ['Blue'],
      price: '24.50',
    });
    expect(text.check).toEqual(['Price: entered in GBP; check that your Depop account sells in GBP.']);
  });

  it('chooses “Other” for a brand Depop does not know, and says so', async () => {
    const { view, text } = await fillFromListing('depop', { ...MIDI_DRESS, brand: 'Łódź Vintage' });
    expect(received(view)).toMatchObject({ brand: 'Other' });
    expect(text.check).toContain(
      'Brand: Depop lists no brand named exactly “Łódź Vintage”, so “Other” is chosen; check it.',
    );
  });
});

describe('Poshmark’s form', () => {
  it('fills every field: the cover dialog applied, the subcategory chosen, the price dialog closed by Done', async () => {
    const { view, report } = await fillFromListing('poshmark', {
      ...MIDI_DRESS,
      title: 'Free People midi dress',
      brand: 'Free People',
      size: 'M',
      colours: ['Black', 'White'],
      condition: 'Like new',
      price: 4500,
      currency: 'USD',
    });
    expect(report.byHand).toEqual([]);
    expect(report.filled).toEqual(ALL_FIELDS);
    expect(received(view)).toMatchObject({
      photos: [{ type: 'image/jpeg' }],
      title: 'Free People midi dress',
      category: { path: ['Women', 'Dresses', 'Midi'] },
      brand: 'Free People',
      size: 'M',
      condition: { id: 'uln' },
      colours: ['Black', 'White'],
      price: '45',
    });
  });

  it('keeps a brand Poshmark does not suggest as typed, for the seller to check', async () => {
    const { view, text } = await fillFromListing('poshmark', {
      ...MIDI_DRESS,
      brand: 'Łódź Vintage',
      price: 4500,
      currency: 'USD',
    });
    expect(received(view)).toMatchObject({ brand: 'Łódź Vintage' });
    expect(text.check).toContain(
      'Brand: Poshmark offers no option named exactly “Łódź Vintage”; it is typed in, check it.',
    );
  });

  it('leaves a price with cents to the seller rather than rounding it', async () => {
    const { view, text } = await fillFromListing('poshmark', { ...MIDI_DRESS, price: 4550, currency: 'USD' });
    expect(text.byHand).toContain(
      'Price: Poshmark takes whole amounts only; enter 45.50 USD by hand, rounded as you choose.',
    );
    expect(received(view)).toMatchObject({ price: null });
  });
});

describe('every marketplace', () => {
  it.each(['vinted', 'depop', 'poshmark'] as const)(
    '%s: a page with no sell form is reported, not filled',
    async (marketplace) => {
      const listing = await fixture.createListing(MIDI_DRESS);
      const prepared = await fixture.prepareFill(
        listing.listingId,
        marketplace,
        TEST_PAGES[SELL_PAGES[marketplace]],
      );
      const item = openTestPage(
        marketplace === 'vinted'
          ? 'vinted-item'
          : marketplace === 'depop'
            ? 'depop-product'
            : 'poshmark-item',
      );
      const report = await fillForm(
        item.document,
        MAPPINGS[marketplace],
        prepared.listing,
        prepared.photos,
        FAST,
      );
      expect(report.formFound).toBe(false);
      expect(report.filled).toEqual([]);
    },
  );
});
