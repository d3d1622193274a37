// Photo upload and listing generation (ARCHITECTURE "Listing generation").
import { z } from 'zod';
import { BACKGROUND_COLOUR_PATTERN } from './background-removal';
import { refusal } from './common/issues';
import {
  CURRENCIES,
  HOW_IT_FITS,
  LANGUAGES,
  MARKETPLACES,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PHOTO_EXTENSIONS,
  PHOTO_TYPES,
  PRODUCTS,
  UPLOAD_CONDITIONS,
} from './constants';

/** Decoded pixel cap per photo: a 50 MP camera still fits, a decompression bomb does not. */
export const MAX_PHOTO_PIXELS = 60_000_000;

/** A brand or size hint is copied into the title: markup is refused rather than stripped (decision 019). */
const NO_MARKUP = /^[^<>]*$/;

export const PhotoDescriptorSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(PHOTO_TYPES, refusal('photo_type')),
  extension: z
    .string()
    .transform((value) => value.toLowerCase().replace(/^\./, ''))
    .pipe(z.enum(PHOTO_EXTENSIONS, refusal('photo_type'))),
  size: z.number().int().positive().max(MAX_PHOTO_BYTES, refusal('photo_too_large')),
  position: z
    .number()
    .int()
    .min(0)
    .max(MAX_PHOTOS - 1),
});
export type PhotoDescriptor = z.input<typeof PhotoDescriptorSchema>;

export const GenerationSettingsSchema = z
  .object({
    removeBackground: z
      .boolean()
      .default(false)
      .meta({ description: 'The photos had their background replaced on the device before upload' }),
    removeBackgroundColor: z
      .string()
      .regex(BACKGROUND_COLOUR_PATTERN, refusal('background_colour'))
      .default('#ffffff')
      .meta({ description: 'The colour that replaced the background, #rrggbb' }),
    description: z.boolean().default(true),
    descriptionShippingDays: z
      .union([z.literal(''), z.coerce.number().int().min(0).max(60)])
      .default('')
      .meta({ description: 'Days to dispatch, or empty' }),
    descriptionTakingOffers: z.boolean().default(true),
    descriptionHowItFits: z.enum(HOW_IT_FITS).default('true to size'),
    size: z.string().trim().max(40).regex(NO_MARKUP, refusal('hint_markup')).default(''),
    condition: z.enum(UPLOAD_CONDITIONS).default('none'),
    brand: z.string().trim().max(80).regex(NO_MARKUP, refusal('hint_markup')).default(''),
    tags: z.boolean().default(true),
    title: z.boolean().default(true),
    suggestedPrice: z.boolean().default(true),
  })
  .refine(
    (settings) => settings.description || settings.tags || settings.title || settings.suggestedPrice,
    refusal('no_generation_option'),
  );
export type GenerationSettings = z.output<typeof GenerationSettingsSchema>;
export type GenerationSettingsInput = z.input<typeof GenerationSettingsSchema>;

export const CreateGenerationRequestSchema = z
  .object({
    user: z
      .unknown()
      .optional()
      .meta({ description: 'Sent by the spec client; ignored (the token says who)' }),
    creationMode: z.literal('photoUpload').default('photoUpload'),
    listingData: z.object({
      photos: z
        .array(PhotoDescriptorSchema)
        .min(1, refusal('no_photos'))
        .max(MAX_PHOTOS, refusal('too_many_images'))
        .refine(
          (photos) => new Set(photos.map((photo) => photo.id)).size === photos.length,
          refusal('duplicate_photo_id'),
        )
        .refine(
          (photos) => new Set(photos.map((photo) => photo.position)).size === photos.length,
          refusal('duplicate_photo_position'),
        ),
      generationSettings: GenerationSettingsSchema,
    }),
    isDemo: z.boolean().optional(),
    product: z.enum(PRODUCTS).optional(),
    language: z
      .enum(LANGUAGES)
      .default('en')
      .meta({ description: "The listing's language: the seller's UI language" }),
    currency: z.enum(CURRENCIES).default('GBP'),
  })
  .meta({ id: 'CreateGenerationRequest' });
export type CreateGenerationRequest = z.input<typeof CreateGenerationRequestSchema>;

export const PresignedUrlSchema = z.object({ id: z.string(), url: z.string() });
export const CreateGenerationResponseSchema = z
  .object({
    id: z.string().meta({ description: 'Generation id, for POST /listing/generate' }),
    presignedUrls: z.array(PresignedUrlSchema),
    expiresAt: z.string().meta({ description: 'When the upload URLs stop working' }),
  })
  .meta({ id: 'CreateGenerationResponse' });
export type CreateGenerationResponse = z.infer<typeof CreateGenerationResponseSchema>;

export const StartGenerationRequestSchema = z
  .object({ id: z.string().min(1), type: z.literal('listing') })
  .meta({ id: 'StartGenerationRequest' });

// ----- The generated listing -----

/** Where a field's value came from, so the UI can say why ("read from the label in photo 2"). */
export const EVIDENCE_SOURCES = [
  'label_text',
  'seller_hint',
  'colour_analysis',
  'item_shape',
  'price_table',
  'template',
  'vision_model',
] as const;
export const FieldEvidenceSchema = z.object({
  source: z.enum(EVIDENCE_SOURCES),
  /** 1-based photo number, when the evidence came from one photo. */
  photo: z.number().int().positive().optional(),
  /** The text that was read or given, as it appeared. */
  text: z.string().optional(),
  /** A short machine-readable rule name, e.g. `brand.fuzzy_match`, `size.uk_numeric`. */
  rule: z.string(),
  confidence: z.number().min(0).max(1).optional(),
});
export type FieldEvidence = z.infer<typeof FieldEvidenceSchema>;

export const EVIDENCE_FIELDS = [
  'title',
  'description',
  'tags',
  'price',
  'brand',
  'size',
  'colours',
  'category',
  'condition',
  'composition',
] as const;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];
export const EvidenceSchema = z.partialRecord(z.enum(EVIDENCE_FIELDS), z.array(FieldEvidenceSchema));
export type Evidence = z.infer<typeof EvidenceSchema>;

/** Fields the engine may offer as a suggestion when its evidence is too weak to state them. */
export const SUGGESTION_FIELDS = ['brand', 'size'] as const;
export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];
/**
 * A reading the engine is not sure enough of to state: shown to the seller as a question on the listing page
 * ("Is this Zara? Yes / No"), never put in the title, tags or description until the seller says yes.
 */
export const FieldSuggestionSchema = z
  .object({
    field: z.enum(SUGGESTION_FIELDS),
    value: z.string(),
    evidence: z.array(FieldEvidenceSchema),
  })
  .meta({ id: 'FieldSuggestion' });
export type FieldSuggestion = z.infer<typeof FieldSuggestionSchema>;

export const FibreShareSchema = z.object({ fibre: z.string(), percent: z.number().min(0).max(100) });
export type FibreShare = z.infer<typeof FibreShareSchema>;

export const PriceRangeSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Minor units (pence, cents). */
  min: z.number().int().nonnegative(),
  max: z.number().int().nonnegative(),
});
export type PriceRange = z.infer<typeof PriceRangeSchema>;

export const MarketplaceVariantSchema = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
});
export type MarketplaceVariant = z.infer<typeof MarketplaceVariantSchema>;
export const MarketplaceVariantsSchema = z.partialRecord(z.enum(MARKETPLACES), MarketplaceVariantSchema);

export const UploadedPhotoSchema = z
  .object({ id: z.string(), url: z.string() })
  .meta({ id: 'UploadedPhoto' });
