// Depop's sell form and item pages, in one place.
//
// WRITTEN WITHOUT ACCESS TO THE LIVE SITE on 25 November 2026 (this machine has no internet): everything below
// is our best knowledge of www.depop.com/products/create and must be checked against the live page, signed in,
// before it is trusted. The self-check names any field it cannot find ("Depop's brand field was not found"), so
// a wrong selector is reported, never silently skipped. test-pages/depop-sell.html reproduces this structure;
// change both together.
//
// The sell form, /products/create/, one site for every country, in English:
//   photos       <input type="file" id="upload-input" data-testid="upload__input" multiple>, hidden behind the
//                photo tiles. At most 8 photos.
//   (no title)   Depop has no title field: the description's first line is what buyers see as the title.
//   description  <textarea id="description" name="description" data-testid="description__input">
//   category     <button id="category" data-testid="category__select" aria-haspopup="listbox">; a click opens
//                [data-testid="category__menu"]: first the departments (Menswear, Womenswear, ...), then that
//                department's categories, as [role="option"] rows labelled in English.
//   brand        <input id="brand" data-testid="brand__input" role="combobox">: typing lists the matching brands
//                in [data-testid="brand__menu"] as [role="option"] rows; a brand not in the list stays typed.
//   size         <input id="size" data-testid="size__input" role="combobox">, the same kind of box, listing
//                the sizes of the chosen category in [data-testid="size__menu"].
//   condition    a native <select id="condition" name="condition" data-testid="condition__select"> with Depop's
//                five conditions as values: brand_new, used_like_new, used_excellent, used_good, used_fair.
//   colour       <button id="colour" data-testid="colour__select" aria-haspopup="listbox">; a click opens
//                [data-testid="colour__menu"] with [role="option"] rows; up to two colours, closed with its
//                "Done" button [data-testid="colour__done"].
//   price        <input id="price" name="priceAmount" data-testid="price__input" inputmode="decimal">, a decimal
//                with a point, in the currency of the seller's Depop account (the page does not say which).
//   (parcel size, hashtags and the "Post" button are the seller's.)
// Depop shows English only, so category and colour options are matched by their text.
//
// An item page is /products/<slug>/ (the slug starts with the seller's username); a sold item shows
// [data-testid="product__sold"].
import { formatMoneyInput } from '@snaplist/contract/money';
import { bySelector, coloursByName, nearestBySelector, nearestByText } from './choices';
import type { MarketplaceMapping } from './types';

const byValue = (value: string) => bySelector(`option[value="${value}"]`);
const nearestByValue = (value: string) => nearestBySelector(`option[value="${value}"]`);

export const depop: MarketplaceMapping = {
  marketplace: 'depop',
  isSellForm: (path) => /^\/products\/create\/?$/.test(path),
  // Every /products/<slug> but the form itself and the edit pages.
  isItemPage: (path) => /^\/products\/(?!create\/?$|edit\/)[a-z0-9][a-z0-9-]*\/?$/i.test(path),
  soldSelectors: ['[data-testid="product__sold"]'],
  fields: {
    photos: {
      kind: 'files',
      selectors: ['input[type="file"][data-testid="upload__input"]', 'input[type="file"]#upload-input'],
      maxFiles: 8,
    },
    description: {
      kind: 'text',
      selectors: [
        '[data-testid="description__input"]',
        'textarea#description',
        'textarea[name="description"]',
      ],
    },
    category: {
      kind: 'picker',
      selectors: ['[data-testid="category__select"]', '#category'],
      options: { list: '[data-testid="category__menu"]', option: '[role="option"]' },
    },
    brand: {
      kind: 'combobox',
      selectors: ['[data-testid="brand__input"]', 'input#brand'],
      options: { list: '[data-testid="brand__menu"]', option: '[role="option"]' },
    },
    size: {
      kind: 'combobox',
      selectors: ['[data-testid="size__input"]', 'input#size'],
      options: { list: '[data-testid="size__menu"]', option: '[role="option"]' },
    },
    condition: {
      kind: 'select',
      selectors: ['[data-testid="condition__select"]', 'select#condition', 'select[name="condition"]'],
    },
    colour: {
      kind: 'picker',
      selectors: ['[data-testid="colour__select"]', '#colour'],
      options: { list: '[data-testid="colour__menu"]', option: '[role="option"]' },
      multiple: { max: 2, close: { selector: '[data-testid="colour__done"]' } },
    },
    price: {
      kind: 'text',
      selectors: ['[data-testid="price__input"]', 'input#price', 'input[name="priceAmount"]'],
    },
  },
  // The price is in the seller's Depop account currency, which the address does not show.
  currencyFor: () => null,
  formatPrice: formatMoneyInput,
  conditions: {
    // Depop's "Brand new" is any unused item, tags or not.
    'New with tags': byValue('brand_new'),
    'New without tags': byValue('brand_new'),
    'Like new': byValue('used_like_new'),
    'Very good': byValue('used_excellent'),
    Good: byValue('used_good'),
    Fair: byValue('used_fair'),
    // Depop's lowest condition is "Used - Fair".
    Poor: nearestByValue('used_fair'),
  },
  categories: {
    Dresses: [{ text: 'Womenswear' }, { text: 'Dresses' }],
  },
  colours: coloursByName({
    // Depop has no beige; cream is the nearest of its colours.
    Beige: nearestByText('Cream'),
  }),
};
