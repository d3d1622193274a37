// The listing editor's form model (decision 025): the values as the seller types them, one table
// saying how each listing field is prefilled and how it becomes the contract's ListingInput, and the
// react-hook-form resolver that checks the values with the contract's own ListingInputSchema. Every issue, the
// browser's or the server's (a 400's details), is placed on the field it is about by one rule, `fieldOfPath`.
import { toNestErrors } from '@hookform/resolvers';
import {
  type Category,
  type Colour,
  type Currency,
  DEFAULT_CURRENCY,
  type FieldIssue,
  formatMoneyInput,
  type Listing,
  type ListingCondition,
  type ListingInput,
  ListingInputSchema,
  MARKETPLACES,
  MAX_TAGS,
  type Marketplace,
  MIN_QUANTITY,
  type PriceRange,
  type PublishingMarketplace,
  parseMoney,
  type StockStatus,
  type ValidListingInput,
} from '@snaplist/contract';
import { type FieldError, type FieldErrors, get, type Resolver } from 'react-hook-form';

export type EditorStep = 'inventory' | 'marketplaces';

/** A photo tile: one of the listing's own (or the source's), or a file on its way up. */
export interface EditorPhoto {
  /** Stable React key and drag id; the photo id once there is one. */
  key: string;
  /** The stored photo's id, sent on save; null until the upload has finished. */
  id: string | null;
  /** What the tile shows: a thumbnail, the uploaded URL, or a local preview while uploading. */
  previewUrl: string | null;
  status: 'ready' | 'uploading' | 'failed';
  /** Why the upload failed (an ApiError or a network error), shown in the seller's language. */
  error: unknown;
  /** The chosen file, kept so a failed upload can be retried. */
  file: File | null;
}

/** The spec's "Marketplace selection state": one per marketplace. */
export interface MarketplaceSelection {
  selected: boolean;
  isListed: boolean;
  listingUrl: string;
  /**
   * Not listed yet, and Snaplist publishes it there once saved (decision 036): only where the seller's
   * account is connected (publishing-slot.ts); absent is no.
   */
  publish?: boolean;
}
export type MarketplaceSelections = Record<Marketplace, MarketplaceSelection>;

/** What the form does not ask for but the input carries. */
export interface InputContext {
  /** The generated listing this one is made from (create only). */
  sourceId: string | null;
  stockStatus: StockStatus;
}

/** The contract's input before it is checked: the choices the seller has not made yet are still missing. */
export type UncheckedListingInput = Omit<ListingInput, 'price' | 'category' | 'condition'> & {
  price: number | undefined;
  category: Category | undefined;
  condition: ListingCondition | undefined;
};

/** Step 1's fields: every field of the contract's input but those the editor fills in itself. */
export type InventoryField = Exclude<keyof ListingInput, 'stockStatus' | 'listedOn' | 'sourceId'>;

/** How one field lives in the form: its value before anything is typed, as a listing prefills it, as input. */
interface FieldCodec<Value, Input> {
  empty(): Value;
  fromListing(listing: Listing): Value;
  toInput(value: Value): Input;
}

const text = (read: (listing: Listing) => string | null): FieldCodec<string, string> => ({
  empty: () => '',
  fromListing: (listing) => read(listing) ?? '',
  toInput: (value) => value,
});

/** One of the contract's fixed lists; '' until the seller chooses, which the schema refuses as missing. */
const choice = <T extends string>(
  read: (listing: Listing) => T | null,
): FieldCodec<T | '', T | undefined> => ({
  empty: () => '',
  fromListing: (listing) => read(listing) ?? '',
  toInput: (value) => (value === '' ? undefined : value),
});

/** Money as typed: '' is absent; text that is not an amount becomes a value the schema refuses (below 0). */
const money = (read: (listing: Listing) => number | null): FieldCodec<string, number | undefined> => ({
  empty: () => '',
  fromListing: (listing) => {
    const amount = read(listing);
    return amount !== null ? formatMoneyInput(amount) : '';
  },
  toInput: (typed) => (typed.trim() === '' ? undefined : (parseMoney(typed) ?? -1)),
});

const photos: FieldCodec<EditorPhoto[], string[]> = {
  empty: () => [],
  fromListing: (listing) =>
    listing.photos.map((photo) => ({
      key: photo.id,
      id: photo.id,
      previewUrl: photo.thumbnailUrl || photo.url,
      status: 'ready',
      error: null,
      file: null,
    })),
  // Photos still uploading have no id yet; the resolver refuses to save until they have one.
  toInput: (tiles) => tiles.flatMap((photo) => (photo.id !== null ? [photo.id] : [])),
};

/** Primary colour, then the optional second one ('' for none). */
const colours: FieldCodec<[Colour | '', Colour | ''], Colour[]> = {
  empty: () => ['', ''],
  fromListing: (listing) => {
    const [primary = '', secondary = ''] = listing.colours;
    return [primary, secondary];
  },
  toInput: (pair) => pair.filter((colour): colour is Colour => colour !== ''),
};

const currency: FieldCodec<Currency, Currency> = {
  empty: () => DEFAULT_CURRENCY,
  fromListing: (listing) => listing.currency,
  toInput: (chosen) => chosen,
};

const quantity: FieldCodec<string, number> = {
  empty: () => String(MIN_QUANTITY),
  fromListing: (listing) => String(Math.max(listing.quantity, MIN_QUANTITY)),
  // Anything but a whole number is refused by the schema with the quantity message.
  toInput: (typed) => (/^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : 0),
};

const tags: FieldCodec<string[], string[]> = {
  empty: () => [],
  fromListing: (listing) => listing.tags.slice(0, MAX_TAGS),
  toInput: (list) => list,
};

/**
 * The one list of step 1's fields, in the order the form shows them (the first invalid one takes the focus).
 * A field added to ListingInputSchema is missing here until it has a line, and the type-check says so.
 */
const FIELDS = {
  photos,
  title: text((listing) => listing.title),
  description: text((listing) => listing.description),
  price: money(askingPrice),
  currency,
  cogs: money((listing) => listing.cogs),
  category: choice((listing) => listing.category),
  size: text((listing) => listing.size),
  colours,
  brand: text((listing) => listing.brand),
  condition: choice((listing) => listing.condition),
  sku: text((listing) => listing.sku),
  barcode: text((listing) => listing.barcode),
  quantity,
  tags,
} satisfies { [Field in InventoryField]: FieldCodec<unknown, UncheckedListingInput[Field]> };

export const INVENTORY_FIELDS = Object.keys(FIELDS) as InventoryField[];

export type InventoryValues = { [Field in InventoryField]: ReturnType<(typeof FIELDS)[Field]['empty']> };
/** The spec's "New listing form", as typed: money and quantity stay text until they are checked. */
export type EditorValues = InventoryValues & { marketplaces: MarketplaceSelections };

/** A field's codec, its value type set aside to walk the table: FIELDS' `satisfies` has checked the pairing. */
function codecOf(field: InventoryField): FieldCodec<unknown, unknown> {
  return FIELDS[field];
}

/** Each step 1 field's value, made by its own codec. */
function inventoryValues(make: (codec: FieldCodec<unknown, unknown>) => unknown): InventoryValues {
  return Object.fromEntries(
    INVENTORY_FIELDS.map((field) => [field, make(codecOf(field))]),
  ) as InventoryValues;
}

export type MarketplaceField = `marketplaces.${Marketplace}`;
export type FieldName = InventoryField | MarketplaceField;
export const FIELD_ORDER: readonly FieldName[] = [
  ...INVENTORY_FIELDS,
  ...MARKETPLACES.map((marketplace): FieldName => `marketplaces.${marketplace}`),
];

export function stepOf(field: FieldName): EditorStep {
  return field.startsWith('marketplaces.') ? 'marketplaces' : 'inventory';
}

/** The DOM id of the control a field's message belongs to (and that takes focus when it is wrong). */
export function fieldId(field: FieldName): string {
  return `listing-editor-${field.replace('.', '-')}`;
}

/**
 * A contract path (zod's, or the server's dotted `field`: 'colours.1', 'listedOn.vinted.url') to the form
 * field that shows it; null for what no field shows (sourceId, the whole body).
 */
export function fieldOfPath(path: ReadonlyArray<PropertyKey>): FieldName | null {
  const [first, second] = path.map(String);
  if (first === 'listedOn') {
    const marketplace = MARKETPLACES.find((candidate) => candidate === second);
    return marketplace ? `marketplaces.${marketplace}` : null;
  }
  return INVENTORY_FIELDS.find((field) => field === first) ?? null;
}

/**
 * Where a field's message comes from, in FieldError.type. 'issue': its message is an IssueCode of the contract
 * (from the schema run here or from the server), shown with issueText. 'editor': its message is an i18n key of
 * the editor's own, about what the contract cannot see (photos still uploading).
 */
export type MessageSource = 'issue' | 'editor';

export function issueError(code: string): FieldError {
  return { type: 'issue' satisfies MessageSource, message: code };
}

export function editorError(key: string): FieldError {
  return { type: 'editor' satisfies MessageSource, message: key };
}

/** Photos not uploaded yet are the browser's own concern: the schema only sees finished ones. */
function photosNotReady(tiles: readonly EditorPhoto[]): FieldError | null {
  if (tiles.some((photo) => photo.status === 'uploading'))
    return editorError('listing_editor.photos_uploading');
  if (tiles.some((photo) => photo.status === 'failed')) return editorError('listing_editor.photos_failed');
  return null;
}

/**
 * The form's resolver: the values as the contract's input, checked by ListingInputSchema (the one the server
 * runs), with the checked, normalised input as the form's output. Not zodResolver: it places an issue at its
 * own path, and an issue about one tag or photo ('tags.3') must land on the one control of the whole list.
 */
export function listingResolver(context: InputContext): Resolver<EditorValues, unknown, ValidListingInput> {
  return (values, _resolverContext, options) => {
    const result = ListingInputSchema.safeParse(toListingInput(values, context));
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = fieldOfPath(issue.path);
      // Size only shows once a category is chosen: until then the category's message says what to do.
      if (field === 'size' && values.category === '') continue;
      // A problem no field shows still stops the save; the form says so as a whole.
      errors[field ?? 'root'] ??= issueError(issue.message);
    }
    const notReady = photosNotReady(values.photos);
    if (notReady) errors.photos = notReady;
    if (result.success && Object.keys(errors).length === 0) return { values: result.data, errors: {} };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The message on a field: the resolver and the server's details put one on the field as a whole. */
export function fieldError(errors: FieldErrors<EditorValues>, field: FieldName): FieldError | undefined {
  return get(errors, field);
}

/** The first field, in the form's order, that has a message. */
export function firstInvalidField(errors: FieldErrors<EditorValues>): FieldName | undefined {
  return FIELD_ORDER.find((field) => fieldError(errors, field) !== undefined);
}

/** The server's validation_failed details by form field (the first for each); those about no field apart. */
export function placeServerIssues(details: readonly FieldIssue[]): {
  placed: Map<FieldName, FieldIssue>;
  unplaced: FieldIssue[];
} {
  const placed = new Map<FieldName, FieldIssue>();
  const unplaced: FieldIssue[] = [];
  for (const issue of details) {
    const field = fieldOfPath(issue.field === '' ? [] : issue.field.split('.'));
    if (!field) unplaced.push(issue);
    else if (!placed.has(field)) placed.set(field, issue);
  }
  return { placed, unplaced };
}

export function emptySelections(): MarketplaceSelections {
  return Object.fromEntries(
    MARKETPLACES.map((marketplace) => [marketplace, { selected: false, isListed: false, listingUrl: '' }]),
  ) as MarketplaceSelections;
}

/** Marketplaces the listing is listed on are selected with Yes and their URL; the others keep `current`. */
export function withListedOn(
  current: MarketplaceSelections,
  listedOn: Listing['listedOn'],
): MarketplaceSelections {
  const next = { ...current };
  for (const marketplace of MARKETPLACES) {
    const link = listedOn[marketplace];
    if (link) next[marketplace] = { selected: true, isListed: true, listingUrl: link.url };
  }
  return next;
}

export function emptyValues(): EditorValues {
  return { ...inventoryValues((codec) => codec.empty()), marketplaces: emptySelections() };
}

/** The form a listing prefills: a generated one (to create from) or an inventory one (to edit). */
export function valuesFromListing(listing: Listing): EditorValues {
  return {
    ...inventoryValues((codec) => codec.fromListing(listing)),
    marketplaces: withListedOn(emptySelections(), listing.listedOn),
  };
}

/** The values as the contract's input; nothing is checked here, that is the schema's job. */
export function toListingInput(values: EditorValues, context: InputContext): UncheckedListingInput {
  const listedOn: ListingInput['listedOn'] = {};
  for (const marketplace of MARKETPLACES) {
    const selection = values.marketplaces[marketplace];
    if (selection.selected && selection.isListed) listedOn[marketplace] = { url: selection.listingUrl };
  }
  const fields = Object.fromEntries(
    INVENTORY_FIELDS.map((field) => [field, codecOf(field).toInput(values[field])]),
  ) as Pick<UncheckedListingInput, InventoryField>;
  return { ...fields, stockStatus: context.stockStatus, listedOn, sourceId: context.sourceId };
}

/** The marketplaces a save publishes to: chosen, not listed there yet, "Publish with Snaplist" ticked. */
export function marketplacesToPublish(
  selections: MarketplaceSelections,
  publishable: readonly PublishingMarketplace[],
): PublishingMarketplace[] {
  return publishable.filter((marketplace) => {
    const selection = selections[marketplace];
    return selection.selected && !selection.isListed && selection.publish === true;
  });
}

/** The middle of a suggested range, rounded to a whole unit: 12.00-18.00 -> 15.00, 12.00-17.00 -> 15.00. */
export function suggestedPrice({ min, max }: PriceRange): number {
  return Math.round((min + max) / 200) * 100;
}

/** The price a listing prefills: its own, else the middle of its suggested range; none when not above 0. */
function askingPrice(listing: Listing): number | null {
  const price =
    listing.price ?? (listing.suggestedPriceRange ? suggestedPrice(listing.suggestedPriceRange) : null);
  return price !== null && price > 0 ? price : null;
}
