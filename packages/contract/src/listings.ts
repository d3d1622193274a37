// Listings: the generated ones and the seller's inventory (ARCHITECTURE "API" and "Data").
// One listing shape serves both; the inventory form's input is checked here so the browser and the server
// refuse the same things with the same issue codes (common/issues.ts).
import { z } from 'zod';
import { type IssueCode, refusal } from './common/issues';
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
  MAX_URL_LENGTH,
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
    tags: z.array(z.string()).meta({ description: 'In the order the seller or the engine gave them' }),
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

/** What a listing says about the item, typed once: an engine writes it, the store keeps it, the API shows it. */
export type ListingContent = Pick<
  Listing,
  | 'title'
  | 'description'
  | 'tags'
  | 'brand'
  | 'size'
  | 'colours'
  | 'category'
  | 'condition'
  | 'composition'
  | 'evidence'
  | 'suggestions'
  | 'variants'
>;

export const ListingIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ----- The seller's answer to a suggestion -----

/** The English `message` of a refused answer, for API users; the web app translates its code. */
export const SuggestionMessages = {
  noSuggestion: 'There is no question waiting about this field any more.',
} as const;

export const AnswerSuggestionRequestSchema = z
  .object({
    field: z.enum(SUGGESTION_FIELDS),
    accept: z.boolean().meta({
      description:
        'Yes: the field takes the suggested value, and the text is rewritten with it (a listing the local engine ' +
        'wrote: title, description, tags, price and every marketplace version, except what the seller changed; ' +
        'any other listing: the title). No: it is dropped.',
    }),
  })
  .meta({ id: 'AnswerSuggestionRequest' });
export type AnswerSuggestionRequest = z.infer<typeof AnswerSuggestionRequestSchema>;

// ----- The inventory form (create and edit) -----

const requiredText = (max: number, required: IssueCode, tooLong: IssueCode) =>
  z.string(refusal(required)).trim().min(1, refusal(required)).max(max, refusal(tooLong));

const optionalText = (max: number, tooLong: IssueCode) =>
  z
    .string()
    .trim()
    .max(max, refusal(tooLong))
    .nullish()
    .transform((value) => (value ? value : null));

export const ListingInputSchema = z
  .object({
    photos: z
      .array(z.string().min(1).max(100), refusal('photos_required'))
      .min(1, refusal('photos_required'))
      .max(MAX_PHOTOS, refusal('too_many_photos'))
      .refine((ids) => new Set(ids).size === ids.length, refusal('duplicate_photo'))
      .meta({
        description:
          'Photo ids in display order: the listing’s own, uploaded ones, or a generated listing’s (copied)',
      }),
    title: requiredText(MAX_TITLE_LENGTH, 'title_required', 'title_too_long'),
    description: requiredText(MAX_DESCRIPTION_LENGTH, 'description_required', 'description_too_long'),
    price: z
      .number(refusal('price_required'))
      .int(refusal('price_invalid'))
      .min(1, refusal('price_invalid'))
      .max(MAX_PRICE_MINOR, refusal('price_invalid'))
      .meta({ description: 'Minor units (pence, cents)' }),
    category: z.enum(CATEGORIES, refusal('category_required')),
    size: requiredText(MAX_SIZE_LENGTH, 'size_required', 'size_too_long'),
    colours: z
      .array(z.enum(COLOURS, refusal('colour_required')), refusal('colour_required'))
      .min(1, refusal('colour_required'))
      .max(MAX_COLOURS, refusal('too_many_colours'))
      .refine((colours) => new Set(colours).size === colours.length, refusal('colour_repeated'))
      .meta({ description: 'Primary colour first, then an optional second' }),
    brand: optionalText(MAX_BRAND_LENGTH, 'brand_too_long'),
    condition: z.enum(LISTING_CONDITIONS, refusal('condition_required')),
    sku: optionalText(MAX_SKU_LENGTH, 'sku_too_long'),
    cogs: z
      .number(refusal('cogs_invalid'))
      .int(refusal('cogs_invalid'))
      .min(0, refusal('cogs_invalid'))
      .max(MAX_PRICE_MINOR, refusal('cogs_invalid'))
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: 'Cost of goods in minor units' }),
    barcode: z
      .string()
      .trim()
      .max(MAX_BARCODE_LENGTH, refusal('barcode_invalid'))
      .regex(/^[A-Za-z0-9-]*$/, refusal('barcode_invalid'))
      .nullish()
      .transform((value) => (value ? value : null)),
    currency: z.enum(CURRENCIES, refusal('currency_invalid')).default(DEFAULT_CURRENCY),
    quantity: z
      .number(refusal('quantity_invalid'))
      .int(refusal('quantity_invalid'))
      .min(MIN_QUANTITY, refusal('quantity_invalid'))
      .max(MAX_QUANTITY, refusal('quantity_invalid'))
      .default(MIN_QUANTITY),
    tags: z
      .array(z.string().trim().min(1, refusal('tag_invalid')).max(MAX_TAG_LENGTH, refusal('tag_invalid')))
      .max(MAX_TAGS, refusal('too_many_tags'))
      .default([])
      .transform((tags) => tags.filter((tag, index) => tags.indexOf(tag) === index)),
    stockStatus: z.enum(STOCK_STATUSES).default('inStock'),
    listedOn: z
      .partialRecord(
        z.enum(MARKETPLACES),
        z.object({
          url: z.string().trim().max(MAX_URL_LENGTH, refusal('listing_url_invalid')),
        }),
      )
      .default({})
      .superRefine((listedOn, context) => {
        for (const marketplace of MARKETPLACES) {
          const link = listedOn[marketplace];
          if (link && !isMarketplaceUrl(marketplace, link.url)) {
            const message: IssueCode = 'listing_url_invalid';
            context.addIssue({ code: 'custom', path: [marketplace, 'url'], message });
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
    searchString: z.string(refusal('search_required')).trim().min(1, refusal('search_required')).max(200),
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
