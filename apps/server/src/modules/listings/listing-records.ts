// The records a listing starts as and the changes an edit makes: from the engine's listing (a generation)
// or the validated inventory form. Both kinds go through the repository's one insert; the marketplace
// variants are made here from the text they shorten, so they can never fall behind it.
import {
  type Currency,
  type Language,
  marketplaceVariants,
  type ValidListingInput,
} from '@snaplist/contract';
import type { EngineListing } from '../../platform/ai/listing-engine';
import type { ListingChanges, ListingRecord } from './listings.repository';

/** What a generation asked for: the seller's interface language, and the currency of its prices. */
export interface ListingLocale {
  language: Language;
  currency: Currency;
}

/** Language and engine of a listing made by hand, with no generated listing behind it. */
const HAND_MADE = { language: 'en', engine: 'none' } as const;

/** The fields the inventory form sets, with the variants made from them. */
function formFields(input: ValidListingInput) {
  return {
    title: input.title,
    description: input.description,
    tags: input.tags,
    price: input.price,
    currency: input.currency,
    brand: input.brand,
    size: input.size,
    colours: input.colours,
    category: input.category,
    condition: input.condition,
    sku: input.sku,
    cogs: input.cogs,
    barcode: input.barcode,
    quantity: input.quantity,
    stockStatus: input.stockStatus,
    variants: marketplaceVariants({ title: input.title, description: input.description, tags: input.tags }),
  } satisfies ListingChanges;
}

/** A generated listing as the engine wrote it, in the language and currency the generation asked for. */
export function generatedListingRecord(
  id: string,
  ownerId: string,
  written: EngineListing,
  asked: ListingLocale,
  at: string,
): ListingRecord {
  return {
    id,
    ownerId,
    source: 'generated',
    madeFromId: null,
    title: written.title,
    description: written.description,
    tags: written.tags,
    currency: written.suggestedPriceRange?.currency ?? asked.currency,
    priceMin: written.suggestedPriceRange?.min ?? null,
    priceMax: written.suggestedPriceRange?.max ?? null,
    price: null,
    brand: written.brand,
    size: written.size,
    colours: written.colours,
    category: written.category,
    condition: written.condition,
    composition: written.composition,
    evidence: written.evidence,
    suggestions: written.suggestions,
    variants: written.variants,
    writerInput: written.writerInput,
    language: asked.language,
    engine: written.engine,
    engineModel: written.model,
    engineFallback: written.fallback,
    stockStatus: 'inStock',
    sku: null,
    cogs: null,
    barcode: null,
    quantity: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A new inventory listing. Made from another listing ("List Item"), it keeps that one's fibre composition,
 * evidence, language and engine, and its suggested price range while the currency is the same.
 */
export function inventoryListingRecord(
  id: string,
  ownerId: string,
  input: ValidListingInput,
  madeFrom: ListingRecord | null,
  at: string,
): ListingRecord {
  const sameCurrency = madeFrom?.currency === input.currency;
  return {
    id,
    ownerId,
    source: 'inventory',
    madeFromId: madeFrom?.id ?? null,
    ...formFields(input),
    priceMin: sameCurrency ? madeFrom.priceMin : null,
    priceMax: sameCurrency ? madeFrom.priceMax : null,
    composition: madeFrom?.composition ?? [],
    evidence: madeFrom?.evidence ?? {},
    suggestions: [],
    // The seller's own text from here on: a later answer has no writer's text to rewrite.
    writerInput: null,
    language: madeFrom?.language ?? HAND_MADE.language,
    engine: madeFrom?.engine ?? HAND_MADE.engine,
    engineModel: madeFrom?.engineModel ?? null,
    engineFallback: madeFrom?.engineFallback ?? null,
    createdAt: at,
    updatedAt: at,
  };
}

/** An edit: the form's fields, and the suggested range dropped once the currency changes under it. */
export function editedFields(current: ListingRecord, input: ValidListingInput, at: string): ListingChanges {
  const currencyChanged = current.currency !== input.currency;
  return {
    ...formFields(input),
    ...(currencyChanged ? { priceMin: null, priceMax: null } : {}),
    updatedAt: at,
  };
}
