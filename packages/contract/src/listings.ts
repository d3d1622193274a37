// Listings: the generated ones and the seller's inventory (SPEC sections 2-5; ARCHITECTURE "API" and "Data").
// One listing shape serves both; the inventory form's input is checked here so the browser and the server
// refuse the same things with the same sentences.
import { z } from 'zod';
import {
  CATEGORIES,
  COLOURS,
  CURRENCIES,
  DEFAULT_CURRENCY,
  ENGINE_FALLBACKS,
  LANGUAGES,
  LIST_PAGE_SIZE,
  LISTING_CONDITIONS,
  MARKETPLACES,
  MAX_COLOURS,
  MAX_PHOTOS,
  MAX_TAGS,
  MIN_QUANTITY,
  PRODUCTS,
} from './constants';
import {
  EvidenceSchema,
  FibreShareSchema,
  FieldSuggestionSchema,
  MarketplaceVariantsSchema,
  PriceRangeSchema,
  SUGGESTION_FIELDS,
} from './generation';
import { isMarketplaceUrl } from './marketplaces';
import { MAX_PRICE_MINOR } from './money';

export const LISTING_SOURCES = ['generated', 'inventory'] as const;
export type ListingSource = (typeof LISTING_SOURCES)[number];
export const STOCK_STATUSES = ['inStock', 'ooStock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
/** The listings page's tabs, as the list request names them. */
export const LISTING_TYPES = ['generations', 'inventory'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const MAX_TITLE_LENGTH = 140;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_SIZE_LENGTH = 60;
export const MAX_BRAND_LENGTH = 120;
export const MAX_SKU_LENGTH = 64;
export const MAX_BARCODE_LENGTH = 48;
export const MAX_TAG_LENGTH = 40;
export const MAX_QUANTITY = 9999;
export const MAX_URL_LENGTH = 2048;

/** Every sentence the listing form can refuse with; the web app translates them by key. */
export const ListingMessages = {
  photosRequired: 'Add at least one photo.',
  tooManyPhotos: `Maximum ${MAX_PHOTOS} photos allowed`,
  duplicatePhoto: 'Each photo can only be added once.',
  photoUnavailable: 'A photo is no longer available. Remove it and add it again.',
  titleRequired: 'Enter a title.',
  titleTooLong: `Keep the title to ${MAX_TITLE_LENGTH} characters or fewer.`,
  descriptionRequired: 'Enter a description.',
  descriptionTooLong: `Keep the description to ${MAX_DESCRIPTION_LENGTH} characters or fewer.`,
  priceRequired: 'Enter a price, like 12.50.',
  priceInvalid: 'Enter a price between 0.01 and 1000000.',
  categoryRequired: 'Choose a category.',
  sizeRequired: 'Enter a size.',
  sizeTooLong: `Keep the size to ${MAX_SIZE_LENGTH} characters or fewer.`,
  colourRequired: 'Choose a primary colour.',
  tooManyColours: `Choose at most ${MAX_COLOURS} colours.`,
  colourRepeated: 'Choose two different colours.',
  conditionRequired: 'Choose a condition.',
  brandTooLong: `Keep the brand to ${MAX_BRAND_LENGTH} characters or fewer.`,
  skuTooLong: `Keep the SKU to ${MAX_SKU_LENGTH} characters or fewer.`,
  cogsInvalid: 'Enter a cost of goods of 0 or more, like 4.00.',
  barcodeInvalid: `Use only letters, digits and hyphens in the barcode (at most ${MAX_BARCODE_LENGTH}).`,
  currencyInvalid: 'Choose GBP, USD or EUR.',
  quantityInvalid: `Enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`,
  tooManyTags: `Add at most ${MAX_TAGS} tags.`,
  tagInvalid: `Keep each tag between 1 and ${MAX_TAG_LENGTH} characters.`,
  listingUrlInvalid: "Enter the address of this listing on the marketplace's own site.",
  searchRequired: 'Enter something to search for.',
  cursorInvalid: 'This list has changed since it was loaded. Reload the page.',
} as const;
export type ListingMessageKey = keyof typeof ListingMessages;

/** The key of a ListingMessages sentence, so the web app can show it in the seller's language. */
export function listingMessageKey(message: string): ListingMessageKey | undefined {
  return (Object.keys(ListingMessages) as ListingMessageKey[]).find(
    (key) => ListingMessages[key] === message,
  );
}

export const ListingPhotoSchema = z.object({
  id: z.string().meta({ description: 'Photo id, to keep, reorder or copy the photo in the listing form' }),
  url: z.string().meta({ description: 'Signed, expiring URL of the normalised photo' }),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

export const ListedOnSchema = z
  .partialRecord(z.enum(MARKETPLACES), z.object({ url: z.string() }))
  .meta({ description: 'Where the item is listed: marketplace -> { url }' });
export type ListedOn = z.infer<typeof ListedOnSchema>;

export const ListingSchema = z
  .object({
    listingId: z.string(),
    source: z.enum(LISTING_SOURCES),
    sourceListingId: z
      .string()
      .nullable()
      .meta({ description: 'The generated listing an inventory listing was made from' }),
    title: z.string(),
    description: z.string(),
    tags: z.string().meta({ description: 'Comma-separated, as the spec says' }),
    suggestedPriceRange: PriceRangeSchema.nullable(),
    price: z.number().int().nullable().meta({ description: 'Asking price in minor units (inventory)' }),
    currency: z.enum(CURRENCIES),
    photos: z.array(ListingPhotoSchema),
    brand: z.string().nullable(),
    size: z.string().nullable(),
    colours: z.array(z.enum(COLOURS)),
    category: z.enum(CATEGORIES).nullable(),
    condition: z.enum(LISTING_CONDITIONS).nullable(),
    composition: z.array(FibreShareSchema),
    sku: z.string().nullable(),
    cogs: z.number().int().nullable().meta({ description: 'Cost of goods in minor units' }),
    barcode: z.string().nullable(),
    quantity: z.number().int(),
    stockStatus: z.enum(STOCK_STATUSES).meta({ description: 'ooStock means out of stock' }),
    listedOn: ListedOnSchema,
    evidence: EvidenceSchema,
    suggestions: z.array(FieldSuggestionSchema).meta({
      description:
        'Readings too weak to state, waiting for the seller: answer each with POST /listings/{id}/suggestions',
    }),
    variants: MarketplaceVariantsSchema,
    language: z.enum(LANGUAGES),
    engine: z.string().meta({
      description:
        'Which engine wrote the text: openai (a vision model), local, or none for a hand-made listing',
    }),
    engineModel: z
      .string()
      .nullable()
      .meta({ description: 'The vision model asked, when one was (also when its answer was not used)' }),
    engineFallback: z.enum(ENGINE_FALLBACKS).nullable().meta({
      description: "Why the vision model's answer was replaced by the local engine's listing, if it was",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Listing' });
export type Listing = z.infer<typeof ListingSchema>;

export const ListingIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ----- The seller's answer to a suggestion -----

export const SuggestionMessages = {
  noSuggestion: 'There is no question waiting about this field any more.',
} as const;

export const AnswerSuggestionRequestSchema = z
  .object({
    field: z.enum(SUGGESTION_FIELDS),
    accept: z.boolean().meta({
      description: 'Yes: the field takes the suggested value (and the title gets it). No: it is dropped.',
    }),
  })
  .meta({ id: 'AnswerSuggestionRequest' });
export type AnswerSuggestionRequest = z.infer<typeof AnswerSuggestionRequestSchema>;

// ----- The inventory form (create and edit) -----

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((value) => (value ? value : null));

export const ListingInputSchema = z
  .object({
    photos: z
      .array(z.string().min(1).max(100), { error: ListingMessages.photosRequired })
      .min(1, { error: ListingMessages.photosRequired })
      .max(MAX_PHOTOS, { error: ListingMessages.tooManyPhotos })
      .refine((ids) => new Set(ids).size === ids.length, { error: ListingMessages.duplicatePhoto })
      .meta({
        description:
          'Photo ids in display order: the listing’s own, uploaded ones, or a generated listing’s (copied)',
      }),
    title: requiredText(MAX_TITLE_LENGTH, ListingMessages.titleRequired, ListingMessages.titleTooLong),
    description: requiredText(
      MAX_DESCRIPTION_LENGTH,
      ListingMessages.descriptionRequired,
      ListingMessages.descriptionTooLong,
    ),
    price: z
      .number({ error: ListingMessages.priceRequired })
      .int({ error: ListingMessages.priceInvalid })
      .min(1, { error: ListingMessages.priceInvalid })
      .max(MAX_PRICE_MINOR, { error: ListingMessages.priceInvalid })
      .meta({ description: 'Minor units (pence, cents)' }),
    category: z.enum(CATEGORIES, { error: ListingMessages.categoryRequired }),
    size: requiredText(MAX_SIZE_LENGTH, ListingMessages.sizeRequired, ListingMessages.sizeTooLong),
    colours: z
      .array(z.enum(COLOURS, { error: ListingMessages.colourRequired }), {
        error: ListingMessages.colourRequired,
      })
      .min(1, { error: ListingMessages.colourRequired })
      .max(MAX_COLOURS, { error: ListingMessages.tooManyColours })
      .refine((colours) => new Set(colours).size === colours.length, {
        error: ListingMessages.colourRepeated,
      })
      .meta({ description: 'Primary colour first, then an optional second' }),
    brand: optionalText(MAX_BRAND_LENGTH, ListingMessages.brandTooLong),
    condition: z.enum(LISTING_CONDITIONS, { error: ListingMessages.conditionRequired }),
    sku: optionalText(MAX_SKU_LENGTH, ListingMessages.skuTooLong),
    cogs: z
      .number({ error: ListingMessages.cogsInvalid })
      .int({ error: ListingMessages.cogsInvalid })
      .min(0, { error: ListingMessages.cogsInvalid })
      .max(MAX_PRICE_MINOR, { error: ListingMessages.cogsInvalid })
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: 'Cost of goods in minor units' }),
    barcode: z
      .string()
      .trim()
      .max(MAX_BARCODE_LENGTH, { error: ListingMessages.barcodeInvalid })
      .regex(/^[A-Za-z0-9-]*$/, { error: ListingMessages.barcodeInvalid })
      .nullish()
      .transform((value) => (value ? value : null)),
    currency: z.enum(CURRENCIES, { error: ListingMessages.currencyInvalid }).default(DEFAULT_CURRENCY),
    quantity: z
      .number({ error: ListingMessages.quantityInvalid })
      .int({ error: ListingMessages.quantityInvalid })
      .min(MIN_QUANTITY, { error: ListingMessages.quantityInvalid })
      .max(MAX_QUANTITY, { error: ListingMessages.quantityInvalid })
      .default(MIN_QUANTITY),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: ListingMessages.tagInvalid })
          .max(MAX_TAG_LENGTH, { error: ListingMessages.tagInvalid }),
      )
      .max(MAX_TAGS, { error: ListingMessages.tooManyTags })
      .default([])
      .transform((tags) => tags.filter((tag, index) => tags.indexOf(tag) === index)),
    stockStatus: z.enum(STOCK_STATUSES).default('inStock'),
    listedOn: z
      .partialRecord(
        z.enum(MARKETPLACES),
        z.object({
          url: z.string().trim().max(MAX_URL_LENGTH, { error: ListingMessages.listingUrlInvalid }),
        }),
      )
      .default({})
      .superRefine((listedOn, context) => {
        for (const marketplace of MARKETPLACES) {
          const link = listedOn[marketplace];
          if (link && !isMarketplaceUrl(marketplace, link.url)) {
            context.addIssue({
              code: 'custom',
              path: [marketplace, 'url'],
              message: ListingMessages.listingUrlInvalid,
            });
          }
        }
      }),
    sourceId: z
      .string()
      .min(1)
      .max(100)
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: 'The generated listing this one is made from (create only)' }),
  })
  // Not 'ListingInput': the OpenAPI generator names the request-side copy of 'Listing' that already.
  .meta({ id: 'ListingForm' });
export type ListingInput = z.input<typeof ListingInputSchema>;
export type ValidListingInput = z.output<typeof ListingInputSchema>;

// ----- Paging and search -----

export const ListingSummarySchema = z
  .object({
    listingId: z.string(),
    source: z.enum(LISTING_SOURCES),
    title: z.string(),
    brand: z.string().nullable(),
    size: z.string().nullable(),
    sku: z.string().nullable(),
    price: z.number().int().nullable(),
    suggestedPriceRange: PriceRangeSchema.nullable(),
    currency: z.enum(CURRENCIES),
    quantity: z.number().int(),
    stockStatus: z.enum(STOCK_STATUSES),
    listedOn: ListedOnSchema,
    thumbnailUrl: z.string().nullable().meta({ description: 'The first photo, small; null without photos' }),
    photoCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ListingSummary' });
export type ListingSummary = z.infer<typeof ListingSummarySchema>;

export const ListListingsRequestSchema = z
  .object({
    cursor: z
      .string()
      .max(500)
      .nullish()
      .meta({ description: 'Opaque: the cursor of the previous page; empty for the first page' }),
    product: z.enum(PRODUCTS).optional(),
    type: z.enum(LISTING_TYPES).default('generations'),
    limit: z.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  })
  .meta({ id: 'ListListingsRequest' });
export type ListListingsRequest = z.input<typeof ListListingsRequestSchema>;

export const ListListingsResponseSchema = z
  .object({
    data: z.array(ListingSummarySchema),
    cursor: z.string().nullable().meta({ description: 'Pass back for the next page; null when done' }),
    done: z.boolean(),
  })
  .meta({ id: 'ListListingsResponse' });
export type ListListingsResponse = z.infer<typeof ListListingsResponseSchema>;

export const SearchListingsRequestSchema = z
  .object({
    searchOffset: z.number().int().min(0).max(100_000).default(0),
    searchString: z
      .string({ error: ListingMessages.searchRequired })
      .trim()
      .min(1, { error: ListingMessages.searchRequired })
      .max(200),
    type: z.enum(LISTING_TYPES).default('generations'),
    product: z.enum(PRODUCTS).optional(),
  })
  .meta({ id: 'SearchListingsRequest' });
export type SearchListingsRequest = z.input<typeof SearchListingsRequestSchema>;

export const SearchListingsResponseSchema = z
  .object({ data: z.array(ListingSummarySchema), done: z.boolean() })
  .meta({ id: 'SearchListingsResponse' });
export type SearchListingsResponse = z.infer<typeof SearchListingsResponseSchema>;

// ----- Deleting and exporting -----

export const DeleteListingsRequestSchema = z
  .object({ ids: z.array(z.string().min(1).max(100)).min(1).max(100) })
  .meta({ id: 'DeleteListingsRequest' });
export const DeleteListingsResponseSchema = z
  .object({ deletedIds: z.array(z.string()) })
  .meta({ id: 'DeleteListingsResponse' });
export type DeleteListingsResponse = z.infer<typeof DeleteListingsResponseSchema>;

export const ExportListingsQuerySchema = z.object({ type: z.enum(LISTING_TYPES).default('inventory') });
