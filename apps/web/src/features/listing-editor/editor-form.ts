// The listing editor's form model (SPEC sections 3 and 5): the values as the seller types them, how a listing
// prefills them, how they become the contract's ListingInput, and how the contract's validation issues (from
// the browser's own safeParse or from the server's 400) land next to the field they are about.
import {
  type Category,
  type Colour,
  type Currency,
  DEFAULT_CURRENCY,
  formatMoneyInput,
  type Listing,
  type ListingCondition,
  type ListingInput,
  ListingInputSchema,
  type ListingMessageKey,
  listingMessageKey,
  MARKETPLACES,
  MAX_BARCODE_LENGTH,
  MAX_BRAND_LENGTH,
  MAX_COLOURS,
  MAX_DESCRIPTION_LENGTH,
  MAX_PHOTOS,
  MAX_QUANTITY,
  MAX_SIZE_LENGTH,
  MAX_SKU_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  type Marketplace,
  MIN_QUANTITY,
  type PriceRange,
  parseMoney,
  type StockStatus,
  type ValidListingInput,
} from '@snaplist/contract';

export type EditorStep = 'inventory' | 'marketplaces';

/** A photo tile: one of the listing's own (or the source's), or a file on its way up. */
export interface EditorPhoto {
  /** Stable React key and drag handle; the photo id once there is one. */
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

/** SPEC section 3, "Marketplace selection state": one per marketplace. */
export interface MarketplaceSelection {
  selected: boolean;
  isListed: boolean;
  listingUrl: string;
}
export type MarketplaceSelections = Record<Marketplace, MarketplaceSelection>;

/** SPEC section 3, "New listing form", as typed: money and quantity stay text until they are checked. */
export interface EditorValues {
  photos: EditorPhoto[];
  title: string;
  description: string;
  price: string;
  currency: Currency;
  cogs: string;
  category: Category | '';
  size: string;
  /** Primary colour, then the optional second one ('' for none). */
  colours: [Colour | '', Colour | ''];
  brand: string;
  condition: ListingCondition | '';
  sku: string;
  barcode: string;
  quantity: string;
  tags: string[];
  marketplaces: MarketplaceSelections;
}

export type ListedOnField = `listedOn.${Marketplace}`;
export type FieldName =
  | 'photos'
  | 'title'
  | 'description'
  | 'price'
  | 'currency'
  | 'cogs'
  | 'category'
  | 'size'
  | 'colours'
  | 'brand'
  | 'condition'
  | 'sku'
  | 'barcode'
  | 'quantity'
  | 'tags'
  | ListedOnField;

/** Step 1's fields in the order the form shows them: the first invalid one takes the focus. */
export const INVENTORY_FIELDS: readonly FieldName[] = [
  'photos',
  'title',
  'description',
  'price',
  'currency',
  'cogs',
  'category',
  'size',
  'colours',
  'brand',
  'condition',
  'sku',
  'barcode',
  'quantity',
  'tags',
];
export const FIELD_ORDER: readonly FieldName[] = [
  ...INVENTORY_FIELDS,
  ...MARKETPLACES.map((marketplace): FieldName => `listedOn.${marketplace}`),
];

export function stepOf(field: FieldName): EditorStep {
  return field.startsWith('listedOn.') ? 'marketplaces' : 'inventory';
}

/** The DOM id of the control a field's message belongs to (and that takes focus when it is wrong). */
export function fieldId(field: FieldName): string {
  return `listing-editor-${field.replace('.', '-')}`;
}

/** A message next to a field: one of ours (an i18n key) or, from the server, a sentence we do not know. */
export type FieldError = { key: string } | { text: string };
export type FieldErrors = Partial<Record<FieldName, FieldError>>;

/** ListingMessages key -> i18n key: 'photosRequired' -> 'listing_editor.error_photos_required'. */
export function messageI18nKey(key: ListingMessageKey): string {
  return `listing_editor.error_${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
}

/** The numbers the translated ListingMessages sentences mention, by placeholder name. */
export const MESSAGE_VALUES = {
  maxPhotos: MAX_PHOTOS,
  maxTitle: MAX_TITLE_LENGTH,
  maxDescription: MAX_DESCRIPTION_LENGTH,
  maxSize: MAX_SIZE_LENGTH,
  maxColours: MAX_COLOURS,
  maxBrand: MAX_BRAND_LENGTH,
  maxSku: MAX_SKU_LENGTH,
  maxBarcode: MAX_BARCODE_LENGTH,
  minQuantity: MIN_QUANTITY,
  maxQuantity: MAX_QUANTITY,
  maxTags: MAX_TAGS,
  maxTagLength: MAX_TAG_LENGTH,
} as const;

/** A contract sentence to its i18n key; anything else stays as text (server) or a generic key (browser). */
export function toFieldError(message: string, fallback: 'text' | 'generic'): FieldError {
  const key = listingMessageKey(message);
  if (key) return { key: messageI18nKey(key) };
  return fallback === 'text' && message !== '' ? { text: message } : { key: 'listing_editor.error_invalid' };
}

const KNOWN_FIELDS = new Set<string>(FIELD_ORDER);

/** A zod path or the server's dotted `field` ('colours.1', 'listedOn.vinted.url') to the form's field. */
export function fieldFromPath(path: ReadonlyArray<PropertyKey>): FieldName | null {
  const [first, second] = path.map(String);
  const candidate = first === 'listedOn' && second ? `listedOn.${second}` : first;
  return candidate && KNOWN_FIELDS.has(candidate) ? (candidate as FieldName) : null;
}

export function emptySelections(): MarketplaceSelections {
  return Object.fromEntries(
    MARKETPLACES.map((marketplace) => [marketplace, { selected: false, isListed: false, listingUrl: '' }]),
  ) as MarketplaceSelections;
}

/** Where the listing is already listed: those marketplaces start selected, with Yes and their URL. */
export function selectionsFromListedOn(listedOn: Listing['listedOn']): MarketplaceSelections {
  const selections = emptySelections();
  for (const marketplace of MARKETPLACES) {
    const link = listedOn[marketplace];
    if (link) selections[marketplace] = { selected: true, isListed: true, listingUrl: link.url };
  }
  return selections;
}

export function emptyValues(): EditorValues {
  return {
    photos: [],
    title: '',
    description: '',
    price: '',
    currency: DEFAULT_CURRENCY,
    cogs: '',
    category: '',
    size: '',
    colours: ['', ''],
    brand: '',
    condition: '',
    sku: '',
    barcode: '',
    quantity: String(MIN_QUANTITY),
    tags: [],
    marketplaces: emptySelections(),
  };
}

/** 'denim, levis , ,jeans' -> ['denim', 'levis', 'jeans']: trimmed, without empty ones or repeats. */
export function parseTags(tags: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags.split(',')) {
    const tag = raw.trim();
    const key = tag.toLocaleLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

/** The middle of a suggested range, rounded to a whole unit: 12.00-18.00 -> 15.00, 12.00-17.00 -> 15.00. */
export function suggestedPrice({ min, max }: PriceRange): number {
  return Math.round((min + max) / 200) * 100;
}

/** The form a listing prefills: a generated one (to create from) or an inventory one (to edit). */
export function valuesFromListing(listing: Listing): EditorValues {
  const price =
    listing.price ?? (listing.suggestedPriceRange ? suggestedPrice(listing.suggestedPriceRange) : null);
  const [primary = '', secondary = ''] = listing.colours;
  return {
    photos: listing.photos.map((photo) => ({
      key: photo.id,
      id: photo.id,
      previewUrl: photo.thumbnailUrl || photo.url,
      status: 'ready',
      error: null,
      file: null,
    })),
    title: listing.title,
    description: listing.description,
    price: price !== null && price > 0 ? formatMoneyInput(price) : '',
    currency: listing.currency,
    cogs: listing.cogs !== null ? formatMoneyInput(listing.cogs) : '',
    category: listing.category ?? '',
    size: listing.size ?? '',
    colours: [primary, secondary],
    brand: listing.brand ?? '',
    condition: listing.condition ?? '',
    sku: listing.sku ?? '',
    barcode: listing.barcode ?? '',
    quantity: String(Math.max(listing.quantity, MIN_QUANTITY)),
    tags: parseTags(listing.tags).slice(0, MAX_TAGS),
    marketplaces: selectionsFromListedOn(listing.listedOn),
  };
}

/** Money as typed: '' is absent; text that is not an amount becomes a value the schema refuses (below 0). */
function moneyInput(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return parseMoney(text) ?? -1;
}

export interface InputContext {
  /** The generated listing this one is made from (create only). */
  sourceId: string | null;
  stockStatus: StockStatus;
}

/** The contract's input before it is checked: required choices may still be missing. */
export type ListingDraft = Omit<ListingInput, 'price' | 'category' | 'condition'> & {
  price: number | undefined;
  category: Category | undefined;
  condition: ListingCondition | undefined;
};

/** The values as the contract's input; nothing is checked here, that is the schema's job. */
export function toListingInput(values: EditorValues, context: InputContext): ListingDraft {
  const listedOn: ListingInput['listedOn'] = {};
  for (const marketplace of MARKETPLACES) {
    const selection = values.marketplaces[marketplace];
    if (selection.selected && selection.isListed) listedOn[marketplace] = { url: selection.listingUrl };
  }
  const quantity = values.quantity.trim();
  return {
    photos: values.photos.flatMap((photo) => (photo.id !== null ? [photo.id] : [])),
    title: values.title,
    description: values.description,
    price: moneyInput(values.price),
    category: values.category === '' ? undefined : values.category,
    size: values.size,
    colours: values.colours.filter((colour): colour is Colour => colour !== ''),
    brand: values.brand,
    condition: values.condition === '' ? undefined : values.condition,
    sku: values.sku,
    cogs: moneyInput(values.cogs) ?? null,
    barcode: values.barcode,
    currency: values.currency,
    // Anything but a whole number is refused by the schema with the quantity sentence.
    quantity: /^\d{1,9}$/.test(quantity) ? Number(quantity) : 0,
    tags: values.tags,
    stockStatus: context.stockStatus,
    listedOn,
    sourceId: context.sourceId,
  };
}

export interface Validation {
  errors: FieldErrors;
  /** The checked, normalised input to send: only when nothing at all is wrong. */
  input: ValidListingInput | null;
}

/**
 * Runs ListingInputSchema (the same one the server runs) and places each issue next to its field, keeping
 * only the asked-for fields' messages (step 1 checks its own). Photos still uploading or failed are the
 * browser's own concern: the schema only sees finished ones.
 */
export function validateValues(
  values: EditorValues,
  context: InputContext,
  fields: readonly FieldName[] = FIELD_ORDER,
): Validation {
  const all: FieldErrors = {};
  const result = ListingInputSchema.safeParse(toListingInput(values, context));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldFromPath(issue.path);
      if (!field || all[field]) continue;
      // Size only shows once a category is chosen: until then the category's message says what to do.
      if (field === 'size' && values.category === '') continue;
      all[field] = toFieldError(issue.message, 'generic');
    }
  }
  if (values.photos.some((photo) => photo.status === 'uploading')) {
    all.photos = { key: 'listing_editor.photos_uploading' };
  } else if (values.photos.some((photo) => photo.status === 'failed')) {
    all.photos = { key: 'listing_editor.photos_failed' };
  }
  const errors: FieldErrors = {};
  for (const field of fields) {
    const error = all[field];
    if (error) errors[field] = error;
  }
  const clean = result.success && Object.keys(all).length === 0;
  return { errors, input: clean ? result.data : null };
}

/** The server's validation_failed details, placed like the browser's; issues with no field come back apart. */
export function errorsFromDetails(details: ReadonlyArray<{ field: string; message: string }>): {
  errors: FieldErrors;
  unplaced: string[];
} {
  const errors: FieldErrors = {};
  const unplaced: string[] = [];
  for (const { field: path, message } of details) {
    const field = fieldFromPath(path === '' ? [] : path.split('.'));
    if (!field) unplaced.push(message);
    else if (!errors[field]) errors[field] = toFieldError(message, 'text');
  }
  return { errors, unplaced };
}

/** The first field, in the form's order, that has a message. */
export function firstInvalidField(errors: FieldErrors): FieldName | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

/** What "unchanged" compares: the values, with each photo reduced to its identity. */
export function snapshot(values: EditorValues): string {
  return JSON.stringify({ ...values, photos: values.photos.map((photo) => photo.id ?? photo.key) });
}
