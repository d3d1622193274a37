// Business constants from the spec, shared by server and web so both enforce the same limits.

export const PRODUCTS = ['crosslister', 'grow'] as const;
export type Product = (typeof PRODUCTS)[number];
export const DEFAULT_PRODUCT: Product = 'crosslister';

export const LANGUAGES = ['en', 'fr', 'de', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const AUTH_TOKEN_STORAGE_KEY = 'sa_auth_token';
export const LANGUAGE_STORAGE_KEY = 'language';

export const MAX_PHOTOS = 24;
export const MAX_TAGS = 10;
export const MAX_COLOURS = 2;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;
export const SEARCH_PAGE_STEP = 10;
export const INVENTORY_TITLE_MAX = 66;
export const MOBILE_MAX_WIDTH = 768;
export const MOBILE_COLLAPSED_PHOTOS = 6;

export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'GBP';

export const MARKETPLACES = ['ebay', 'depop', 'etsy', 'poshmark', 'vinted', 'shopify'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

export const CATEGORIES = [
  'Tops',
  'Bottoms',
  'Dresses',
  'Outerwear',
  'Shoes',
  'Accessories',
  'Bags',
  'Jewelry',
  'Activewear',
  'Swimwear',
  'Vintage',
  'Designer',
  'Streetwear',
  'Formal Wear',
  'Casual Wear',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const COLOURS = [
  'Black',
  'White',
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Purple',
  'Pink',
  'Orange',
  'Brown',
  'Grey',
  'Navy',
  'Beige',
  'Gold',
  'Silver',
  'Multi',
] as const;
export type Colour = (typeof COLOURS)[number];

export const LISTING_CONDITIONS = [
  'New with tags',
  'New without tags',
  'Like new',
  'Very good',
  'Good',
  'Fair',
  'Poor',
] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

export const UPLOAD_CONDITIONS = ['none', 'new_with_tags', 'new_without_tags', 'used'] as const;
export type UploadCondition = (typeof UPLOAD_CONDITIONS)[number];

export const HOW_IT_FITS = ['true to size', 'oversized', 'undersized'] as const;

export const ACTIVE_PLAN_STATUSES = ['active', 'trialing', 'trial'] as const;

/** Listings per page of the cursor-paged list. */
export const LIST_PAGE_SIZE = 20;

/**
 * Why a vision model's listing was replaced by the local engine's: the model could not be reached in time
 * (timeouts, 429s and 5xx after retries), its answer stayed invalid after one repair request, or it refused.
 */
export const ENGINE_FALLBACKS = ['unavailable', 'invalid_output', 'refused'] as const;
export type EngineFallback = (typeof ENGINE_FALLBACKS)[number];

// ----- Field limits: the schemas enforce them and the refusals name them (common/issues.ts) -----

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_EMAIL_LENGTH = 254;

export const MAX_TITLE_LENGTH = 140;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_SIZE_LENGTH = 60;
export const MAX_BRAND_LENGTH = 120;
export const MAX_SKU_LENGTH = 64;
export const MAX_BARCODE_LENGTH = 48;
export const MAX_TAG_LENGTH = 40;
export const MAX_URL_LENGTH = 2048;

/** Per-photo upload cap: a 12-megapixel phone JPEG is 3-8 MB; 20 MB leaves room for PNGs (decision 007). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** The photos accepted, by type and by extension; the server also checks their bytes. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/**
 * Refusals of a sign-in through a provider or an e-mailed link (a reset, a confirmation, a provider link): each
 * has a message of its own on the auth forms. Kept here, free of zod, for the web app's first pages.
 */
export const ACCOUNT_LINK_ERROR_CODES = [
  'reset_link_invalid',
  'provider_not_configured',
  'oidc_failed',
  'oidc_email_unverified',
  'oidc_email_unconfirmed',
  'oidc_email_missing',
  'oidc_link_invalid',
  'email_link_invalid',
] as const;
