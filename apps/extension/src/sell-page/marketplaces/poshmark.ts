// Poshmark's sell form and item pages, in one place.
//
// WRITTEN WITHOUT ACCESS TO THE LIVE SITE on 25 November 2026 (this machine has no internet): everything below
// is our best knowledge of poshmark.com/create-listing and must be checked against the live page, signed in,
// before it is trusted. The self-check names any field it cannot find ("Poshmark's size field was not found"),
// so a wrong selector is reported, never silently skipped. test-pages/poshmark-sell.html reproduces this
// structure; change both together.
//
// The sell form, /create-listing (a Vue page whose inputs carry vee-validate's data-vv-name):
//   photos       <input type="file" name="img-file-input" accept="image/*" multiple>, hidden inside
//                [data-et-name="upload_photos"]; at most 16 photos. Poshmark may then show its cover-photo
//                editor, which the seller confirms.
//   title        <input data-vv-name="title" name="title">
//   description  <textarea data-vv-name="description" name="description">
//   category     [data-et-name="category"], a dropdown: a click opens [data-test="category-menu"] with the
//                departments (Women, Men, Kids, Home, ...), a click on one lists its categories; both levels are
//                .dropdown__menu__item rows labelled in English. Choosing a category closes it. The optional
//                subcategory is a separate dropdown the seller fills.
//   size         [data-et-name="size"], a dropdown listing the chosen category's sizes as
//                .dropdown__menu__item rows in [data-test="size-menu"].
//   condition    [data-et-name="condition"], a dropdown with .dropdown__menu__item rows in
//                [data-test="condition-menu"]: New With Tags, Like New, Good, Fair.
//   brand        <input data-vv-name="brand" placeholder="Enter the Brand/Designer">: typing lists brands as
//                .dropdown__menu__item rows in [data-test="brand-menu"]; a brand not in the list stays typed.
//   colour       [data-et-name="color"], a dropdown with up to two colours as .dropdown__menu__item rows in
//                [data-test="color-menu"], closed with its "Done" button [data-et-name="color_done"].
//   price        <input data-vv-name="listingPrice" name="listingPrice">: whole amounts in the site's currency
//                (US dollars on poshmark.com, Canadian dollars on poshmark.ca). The original price is the seller's.
//   (style tags, the "Next" and "List" buttons are the seller's.)
// Poshmark shows English only, so options are matched by their text.
//
// An item page is /listing/<slug>-<24 hexadecimal id>; a sold item shows [data-test="listing-sold-badge"].
import { byText, coloursByName, currencyBySite, nearestByText } from './choices';
import type { MarketplaceMapping } from './types';

const SITE_CURRENCIES: Record<string, string> = { com: 'USD', ca: 'CAD' };

export const poshmark: MarketplaceMapping = {
  marketplace: 'poshmark',
  isSellForm: (path) => /^\/create-listing\/?$/.test(path),
  isItemPage: (path) => /^\/listing\/[^/]*-[0-9a-f]{24}\/?$/i.test(path),
  soldSelectors: ['[data-test="listing-sold-badge"]'],
  fields: {
    photos: {
      kind: 'files',
      selectors: [
        '[data-et-name="upload_photos"] input[type="file"]',
        'input[type="file"][name="img-file-input"]',
      ],
      maxFiles: 16,
    },
    title: { kind: 'text', selectors: ['input[data-vv-name="title"]', 'input[name="title"]'] },
    description: {
      kind: 'text',
      selectors: ['textarea[data-vv-name="description"]', 'textarea[name="description"]'],
    },
    category: {
      kind: 'picker',
      selectors: ['[data-et-name="category"]'],
      options: { list: '[data-test="category-menu"]', option: '.dropdown__menu__item' },
    },
    size: {
      kind: 'picker',
      selectors: ['[data-et-name="size"]'],
      options: { list: '[data-test="size-menu"]', option: '.dropdown__menu__item' },
    },
    condition: {
      kind: 'picker',
      selectors: ['[data-et-name="condition"]'],
      options: { list: '[data-test="condition-menu"]', option: '.dropdown__menu__item' },
    },
    brand: {
      kind: 'combobox',
      selectors: ['input[data-vv-name="brand"]', 'input[name="brand"]'],
      options: { list: '[data-test="brand-menu"]', option: '.dropdown__menu__item' },
    },
    colour: {
      kind: 'picker',
      selectors: ['[data-et-name="color"]'],
      options: { list: '[data-test="color-menu"]', option: '.dropdown__menu__item' },
      multiple: { max: 2, close: { selector: '[data-et-name="color_done"]' } },
    },
    price: { kind: 'text', selectors: ['input[data-vv-name="listingPrice"]', 'input[name="listingPrice"]'] },
  },
  currencyFor: currencyBySite(SITE_CURRENCIES),
  // Whole amounts only: a price with pence or cents is left for the seller rather than rounded.
  formatPrice: (minor) => (minor % 100 === 0 ? String(minor / 100) : null),
  conditions: {
    'New with tags': byText('New With Tags'),
    // Poshmark has no "new without tags": "Like New" is its condition for an unworn item without tags.
    'New without tags': nearestByText('Like New'),
    'Like new': byText('Like New'),
    'Very good': nearestByText('Good'),
    Good: byText('Good'),
    Fair: byText('Fair'),
    Poor: nearestByText('Fair'),
  },
  categories: {
    Dresses: [{ text: 'Women' }, { text: 'Dresses' }],
  },
  colours: coloursByName({
    Grey: byText('Gray'),
    // Poshmark has no navy or beige; blue and tan are its nearest.
    Navy: nearestByText('Blue'),
    Beige: nearestByText('Tan'),
    // Poshmark has no multicolour option: the seller picks the item's two main colours.
    Multi: null,
  }),
};
