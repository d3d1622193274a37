// From the validated listing form to the columns that store it. Creating, editing and seeding all go through
// here, so search_text and the marketplace variants can never fall behind the text they are made from.
import { marketplaceVariants, type ValidListingInput } from '@snaplist/contract';
import type { ListingChanges, ListingRow, NewListingRow } from './listings.repository';
import { listingSearchText } from './search-key';

/** Language and engine of a listing made by hand, with no generated listing behind it. */
const HAND_MADE = { language: 'en', engine: 'none' } as const;

type FormColumns = Required<
  Pick<
    ListingChanges,
    | 'title'
    | 'description'
    | 'tags'
    | 'price'
    | 'currency'
    | 'brand'
    | 'size'
    | 'colours'
    | 'category'
    | 'condition'
    | 'sku'
    | 'cogs'
    | 'barcode'
    | 'quantity'
    | 'stock_status'
    | 'variants'
    | 'search_text'
  >
>;

/** The columns the inventory form sets, with the values derived from them. */
export function formColumns(input: ValidListingInput): FormColumns {
  return {
    title: input.title,
    description: input.description,
    tags: JSON.stringify(input.tags),
    price: input.price,
    currency: input.currency,
    brand: input.brand,
    size: input.size,
    colours: JSON.stringify(input.colours),
    category: input.category,
    condition: input.condition,
    sku: input.sku,
    cogs: input.cogs,
    barcode: input.barcode,
    quantity: input.quantity,
    stock_status: input.stockStatus,
    variants: JSON.stringify(
      marketplaceVariants({ title: input.title, description: input.description, tags: input.tags }),
    ),
    search_text: listingSearchText(input),
  };
}

/**
 * A new inventory listing. Made from another listing ("List Item"), it keeps that one's fibre composition,
 * evidence, language and engine, and its suggested price range while the currency is the same.
 */
export function newInventoryRow(
  id: string,
  ownerId: string,
  input: ValidListingInput,
  source: ListingRow | null,
  at: string,
): NewListingRow {
  const sameCurrency = source?.currency === input.currency;
  return {
    id,
    owner_id: ownerId,
    source: 'inventory',
    ...formColumns(input),
    price_min: sameCurrency ? source.price_min : null,
    price_max: sameCurrency ? source.price_max : null,
    composition: source?.composition ?? '[]',
    evidence: source?.evidence ?? '{}',
    language: source?.language ?? HAND_MADE.language,
    engine: source?.engine ?? HAND_MADE.engine,
    engine_model: source?.engine_model ?? null,
    engine_fallback: source?.engine_fallback ?? null,
    source_listing_id: source?.id ?? null,
    created_at: at,
    updated_at: at,
  };
}

/** An edit: the form's columns, and the suggested range dropped once the currency changes under it. */
export function editedColumns(current: ListingRow, input: ValidListingInput, at: string): ListingChanges {
  const currencyChanged = current.currency !== input.currency;
  return {
    ...formColumns(input),
    ...(currencyChanged ? { price_min: null, price_max: null } : {}),
    updated_at: at,
  };
}
