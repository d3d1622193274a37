// Vinted's sell form and item pages, in one place.
//
// WRITTEN WITHOUT ACCESS TO THE LIVE SITE on 25 November 2026 (this machine has no internet): everything below
// is our best knowledge of www.vinted.co.uk/items/new and must be checked against the live page, signed in,
// before it is trusted. The self-check names any field it cannot find, so a wrong selector shows up as "Vinted's
// size field was not found" rather than as a silently empty field. test-pages/vinted-sell.html reproduces this
// structure; change both together.
//
// The sell form, /items/new on every regional site (vinted.co.uk, .fr, .de, .pl, ...), is a React page with no
// wrapping <form> element; each field carries a data-testid, and most an id and a name:
//   photos       <input type="file" name="photos" data-testid="add-photos-input" multiple>, hidden, inside
//                #photos[data-testid="media-upload"]; an "Upload photos" button opens it. At most 20 photos.
//   title        <input id="title" name="title" data-testid="title--input">
//   description  <textarea id="description" name="description" data-testid="description--input">
//   category     a read-only <input id="category" data-testid="catalog-select-dropdown-input">; a click opens
//                [data-testid="catalog-select-dropdown-content"]: a tree (Women › Clothing › Dresses), one level
//                at a time; each row is a [role="button"] with id="catalog-<catalog id>"; choosing a leaf closes it.
//   brand        a read-only <input id="brand" data-testid="brand-select-dropdown-input">; a click opens
//                [data-testid="brand-select-dropdown-content"] with a search box
//                [data-testid="brand-search--input"]; results arrive as you type, rows id="brand-<brand id>".
//   size         shown only once a category is chosen (its sizes depend on it): a read-only
//                <input id="size" data-testid="category-size-single-grid-input">; a click opens
//                [data-testid="category-size-single-grid-content"], rows id="size-<size id>" labelled as the
//                category sizes them ("M / UK 12-14"), so only an exact label matches.
//   condition    <input id="condition" data-testid="category-condition-single-list-input">; a click opens
//                [data-testid="category-condition-single-list-content"], rows id="status-<status id>", Vinted's
//                five statuses: 6 New with tags, 1 New without tags, 2 Very good, 3 Good, 4 Satisfactory.
//   colour       <input id="color" data-testid="color-select-dropdown-input">; a click opens
//                [data-testid="color-select-dropdown-content"], rows id="color-<color id>"; up to two colours;
//                the list stays open after each pick and closes on a click outside it.
//   price        <input id="price" name="price" data-testid="price-input--input">, a decimal with a point.
//   (material, parcel size and the "Upload" button [data-testid="upload-form-save-button"] are the seller's.)
// Option labels are translated on each regional site, so options are matched by their ids, never by text;
// brand names and size labels are the same in every language and are matched by text.
//
// An item page is /items/<numeric id>-<slug>; a sold item shows [data-testid="item-sold-badge"].
import { formatMoneyInput } from '@snaplist/contract/money';
import { bySelector, currencyBySite, nearestBySelector } from './choices';
import type { MarketplaceMapping } from './types';

const byId = (id: string) => bySelector(`[id="${id}"]`);
const nearestById = (id: string) => nearestBySelector(`[id="${id}"]`);

/** Each regional site's currency, by the host's last part (vinted.co.uk → uk). */
const SITE_CURRENCIES: Record<string, string> = {
  uk: 'GBP',
  pl: 'PLN',
  cz: 'CZK',
  hu: 'HUF',
  ro: 'RON',
  se: 'SEK',
  dk: 'DKK',
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

export const vinted: MarketplaceMapping = {
  marketplace: 'vinted',
  isSellForm: (path) => /^\/items\/new\/?$/.test(path),
  isItemPage: (path) => /^\/items\/\d+-[^/]+\/?$/.test(path),
  soldSelectors: ['[data-testid="item-sold-badge"]'],
  fields: {
    photos: {
      kind: 'files',
      selectors: ['input[type="file"][data-testid="add-photos-input"]', 'input[type="file"][name="photos"]'],
      maxFiles: 20,
    },
    title: {
      kind: 'text',
      selectors: ['[data-testid="title--input"]', 'input#title', 'input[name="title"]'],
    },
    description: {
      kind: 'text',
      selectors: [
        '[data-testid="description--input"]',
        'textarea#description',
        'textarea[name="description"]',
      ],
    },
    category: {
      kind: 'picker',
      selectors: ['[data-testid="catalog-select-dropdown-input"]', 'input#category'],
      options: { list: '[data-testid="catalog-select-dropdown-content"]', option: '[role="button"]' },
    },
    brand: {
      kind: 'combobox',
      selectors: ['[data-testid="brand-select-dropdown-input"]', 'input#brand'],
      searchInput: ['[data-testid="brand-search--input"]'],
      options: { list: '[data-testid="brand-select-dropdown-content"]', option: '[id^="brand-"]' },
    },
    size: {
      kind: 'picker',
      selectors: ['[data-testid="category-size-single-grid-input"]', 'input#size'],
      options: { list: '[data-testid="category-size-single-grid-content"]', option: '[id^="size-"]' },
      appearsAfterCategory: true,
    },
    condition: {
      kind: 'picker',
      selectors: ['[data-testid="category-condition-single-list-input"]', 'input#condition'],
      options: { list: '[data-testid="category-condition-single-list-content"]', option: '[id^="status-"]' },
    },
    colour: {
      kind: 'picker',
      selectors: ['[data-testid="color-select-dropdown-input"]', 'input#color'],
      options: { list: '[data-testid="color-select-dropdown-content"]', option: '[id^="color-"]' },
      multiple: { max: 2, close: { outsideClick: true } },
    },
    price: {
      kind: 'text',
      selectors: ['[data-testid="price-input--input"]', 'input#price', 'input[name="price"]'],
    },
  },
  currencyFor: currencyBySite(SITE_CURRENCIES),
  formatPrice: formatMoneyInput,
  conditions: {
    'New with tags': byId('status-6'),
    'New without tags': byId('status-1'),
    // Vinted has no "Like new": "Very good" is its status for an item worn a little with no visible wear.
    'Like new': nearestById('status-2'),
    'Very good': byId('status-2'),
    Good: byId('status-3'),
    Fair: byId('status-4'),
    // Vinted's lowest status is "Satisfactory"; a poor item is described there, and the seller checks.
    Poor: nearestById('status-4'),
  },
  categories: {
    Dresses: [
      { selector: '[id="catalog-1904"]' },
      { selector: '[id="catalog-4"]' },
      { selector: '[id="catalog-10"]' },
    ],
  },
  // Vinted's palette has every Snaplist colour.
  colours: {
    Black: byId('color-1'),
    Brown: byId('color-2'),
    Grey: byId('color-3'),
    Beige: byId('color-4'),
    Pink: byId('color-5'),
    Purple: byId('color-6'),
    Red: byId('color-7'),
    Yellow: byId('color-8'),
    Blue: byId('color-9'),
    Green: byId('color-10'),
    Orange: byId('color-11'),
    White: byId('color-12'),
    Silver: byId('color-13'),
    Gold: byId('color-14'),
    Multi: byId('color-15'),
    Navy: byId('color-27'),
  },
};
