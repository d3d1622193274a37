// The shape of one marketplace's mapping: where its sell form and item pages are, how each field of the form is
// found and driven, and how Snaplist's values become the marketplace's. Each marketplace fills this in once, in
// its own file, so a change on the marketplace's site is a change in one place.
import type { Category, Colour, ExtensionMarketplace, ListingCondition } from '@snaplist/contract';

/** The form fields Snaplist fills, in the order it fills them (a category first: it can reveal other fields). */
export const SELL_FIELDS = [
  'photos',
  'title',
  'description',
  'category',
  'brand',
  'size',
  'condition',
  'colour',
  'price',
] as const;
export type SellField = (typeof SELL_FIELDS)[number];

/**
 * One option in a list the marketplace renders: by a CSS selector on a stable attribute (an id or value that is
 * the same on every regional site), or by its visible text where the site shows one language only.
 */
export type OptionTarget = { selector: string } | { text: string };

/** A Snaplist value's counterpart; `nearest` when the marketplace has no exact equivalent and the seller checks. */
export interface OptionChoice {
  target: OptionTarget;
  nearest?: boolean;
}

/** Where a list of options appears once it is opened, and what one option in it is. */
export interface OptionList {
  /** The open list's container. */
  list: string;
  /** One option inside it (the element a person clicks). */
  option: string;
}

interface FieldBase {
  /** CSS selectors for the field's element, most stable first; the first that matches is used. */
  selectors: string[];
  /**
   * The marketplace renders this field only once a category is chosen, so it is looked for again after the
   * category is filled instead of being reported missing up front.
   */
  appearsAfterCategory?: boolean;
}

/** An `<input>` or `<textarea>` typed into. */
export interface TextFieldMapping extends FieldBase {
  kind: 'text';
}

/** An `<input type="file">` given the photos as files. */
export interface FilesFieldMapping extends FieldBase {
  kind: 'files';
  /** How many photos the marketplace takes; the rest are reported to the seller. */
  maxFiles: number;
}

/** A native `<select>`; options are chosen by their `value`. */
export interface SelectFieldMapping extends FieldBase {
  kind: 'select';
}

/**
 * A box typed into that lists matching options (brand, size): the first option whose text is exactly the
 * listing's value (ignoring case) is chosen; without one the text stays typed and the seller checks it.
 */
export interface ComboboxFieldMapping extends FieldBase {
  kind: 'combobox';
  /** The box typed into, when it is not the field itself but appears once the field is clicked. */
  searchInput?: string[];
  options: OptionList;
}

/** A field opened by a click that shows options, possibly in nested levels (a category tree) or several at once. */
export interface PickerFieldMapping extends FieldBase {
  kind: 'picker';
  options: OptionList;
  /** Several options can be picked (colours); the list stays open until closed this way. */
  multiple?: { max: number; close: { outsideClick: true } | { selector: string } };
}

export type FieldMapping =
  | TextFieldMapping
  | FilesFieldMapping
  | SelectFieldMapping
  | ComboboxFieldMapping
  | PickerFieldMapping;

export interface MarketplaceMapping {
  marketplace: ExtensionMarketplace;
  /** The sell form's path (the part after the host). */
  isSellForm(path: string): boolean;
  /** An item page's path. */
  isItemPage(path: string): boolean;
  /** Any of these on an item page means it shows the item sold. */
  soldSelectors: string[];
  /** The form's fields; a field the marketplace does not have (Depop's title) is left out. */
  fields: Partial<Record<SellField, FieldMapping>>;
  /**
   * The currency code this site's price field takes, by host (possibly one Snaplist does not price in, such as
   * PLN); null when the host does not tell, because it is an account setting.
   */
  currencyFor(host: string): string | null;
  /** The listing's price in minor units as the form expects it; null when the form cannot take this amount. */
  formatPrice(minor: number): string | null;
  /** Snaplist's conditions on this marketplace, always one of its options (the nearest one flagged). */
  conditions: Record<ListingCondition, OptionChoice>;
  /**
   * The path through the category picker per Snaplist category, only where it is unambiguous: most of
   * Snaplist's categories do not say whether the item is women's, men's or kids', so the seller chooses those.
   */
  categories: Partial<Record<Category, OptionTarget[]>>;
  /** Snaplist's colours on this marketplace; null where it has no option for the colour. */
  colours: Record<Colour, OptionChoice | null>;
}
