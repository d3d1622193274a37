// The shape of one marketplace's mapping: where its sell form, landing and item pages are, how each field of the
// form is found and driven, and how Snaplist's values become the marketplace's. Each marketplace fills this in
// once, in its own file, from what public evidence shows of its real pages (docs/extension.md lists it, field by
// field), so a change on the marketplace's site is a change in one place.
import type { Colour, ExtensionMarketplace, ListingCondition } from '@snaplist/contract';
import type { Department, ItemKind } from '@snaplist/contract/item';
import type { ControlHooks } from '../form/controls';
import type { OptionTarget } from '../form/options';
import type { FieldOutcome, FillContext } from '../form/outcome';
import type { PlannedValue } from '../values';

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

/** A Snaplist value's counterpart; `nearest` when the marketplace has no exact equivalent and the seller checks. */
export interface OptionChoice {
  target: OptionTarget;
  nearest?: boolean;
}

/** One field of the sell form: how it is found, and how a value goes in and is read back. */
export interface SellFieldSpec {
  hooks: ControlHooks;
  /** The marketplace shows the field only once a category is chosen: it is looked for after that. */
  afterCategory?: boolean;
  fill(context: FillContext, control: Element, value: PlannedValue): Promise<FieldOutcome>;
}

/** Where an item goes in the marketplace's category tree: each level's option, then the item's own words. */
export interface CategoryPath {
  department: Department;
  kind: ItemKind;
  /** The options to pick, level by level. */
  levels: OptionTarget[];
  /** The seller's words (title first), to choose among the levels below the last one (a dress's "midi"). */
  itemWords: string[];
}

/** How the page after posting gives away the new item's own address. */
export interface Posting {
  /** The form's post button: a click on it (in a filled tab) means the seller posted. */
  postButton: ControlHooks;
  /** The page the marketplace shows after posting (not always the item's own page). */
  isLanding(url: URL): boolean;
  /** The new item's address on that page, waiting for it as long as `timeoutMs`; null when it never shows. */
  newItemUrl(doc: Document, posted: PostedItem, timeoutMs: number): Promise<string | null>;
}

/** What the sell form held when the seller pressed post: enough to recognise the new item afterwards. */
export interface PostedItem {
  title: string;
  at: number;
}

export interface MarketplaceMapping {
  marketplace: ExtensionMarketplace;
  /** The sell form's path (the part after the host). */
  isSellForm(path: string): boolean;
  /** An item page's path. */
  isItemPage(path: string): boolean;
  /** One address per item, whatever form the page's link took (Vinted's with or without its slug); null if none. */
  itemAddress(url: URL): string | null;
  /** The addresses of the items this page shows sold (an item page, a list of the seller's sold items). */
  soldItems(doc: Document, url: URL): string[];
  posting: Posting;
  /** The form's fields; a field the marketplace does not have (Depop's title) is left out. */
  fields: Partial<Record<SellField, SellFieldSpec>>;
  /** How many photos the form takes. */
  maxPhotos: number;
  /** How long the page may still change fields by itself after a fill (Depop's guesses from the photos). */
  settleBeforeCheckMs?: number;
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
   * The path through the category tree for an item of this kind in this department (the seller's words decide
   * where a tree asks more, such as Vinted's girls' or boys'); null when it has none.
   */
  category(department: Department, kind: ItemKind, itemWords: readonly string[]): OptionTarget[] | null;
  /** Snaplist's colours on this marketplace; null where it has no option for the colour. */
  colours: Record<Colour, OptionChoice | null>;
}
