// Table shapes as Kysely sees them. Only repositories and db/ import this.
// Portable across SQLite and PostgreSQL: booleans are 0/1 integers, timestamps are ISO-8601 UTC text
// (docs/decisions/004-portable-schema.md). Columns holding one of the contract's values are typed with it,
// and JSON columns with what their text holds.
import type {
  ActivityKind,
  Category,
  Colour,
  Currency,
  EngineFallback,
  ErrorCode,
  Evidence,
  FibreShare,
  FieldSuggestion,
  Language,
  ListingCondition,
  ListingSource,
  Marketplace,
  MarketplaceVariant,
  OidcProvider,
  PublicationStatus,
  PublishingMarketplace,
  SalesSyncProblem,
  StockStatus,
} from '@snaplist/contract';
import type { Generated } from 'kysely';

declare const jsonOf: unique symbol;

/**
 * JSON text of a T: stored as text in both dialects, so the stored format is the same everywhere. Text of
 * another type does not fit, and decodeJson reads it back as a T; plain text (a test's, a migration's) still
 * fits, as nothing at run time tells the two apart.
 */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

export function encodeJson<T>(value: T): JsonText<T> {
  return JSON.stringify(value);
}

export function decodeJson<T>(text: JsonText<T>): T {
  // The one place the column's type is taken on trust: only encodeJson writes these columns.
  return JSON.parse(text) as T;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  is_new_user: Generated<number>;
  free_access: Generated<number>;
  plan_price_id: string | null;
  plan_status: string | null;
  created_at: string;
  has_seen_onboarding: Generated<number>;
  /** Of the one-off free allowance (FREE_AI_LISTINGS); the monthly count is in `usage`. */
  free_ai_listings_used: Generated<number>;
  plan_tier: string | null;
  plan_period: string | null;
  /** The payment provider's customer and subscription, so its later events find the account. */
  payment_customer_id: string | null;
  payment_subscription_id: string | null;
  /** When the provider's event that set the plan happened: older events arriving late change nothing. */
  plan_updated_at: string | null;
  /** When the address was confirmed; null until then. */
  email_verified_at: string | null;
  /** 0 for an account made with Google or Apple that never chose a password. */
  has_password: Generated<number>;
}

/** AI listings charged to a calendar month (UTC): to the plan's allowance, or counted for free access. */
export interface UsageTable {
  user_id: string;
  /** YYYY-MM */
  month: string;
  ai_listings_used: number;
}

/** Every payment event applied, by the provider's id: a replayed webhook finds itself here. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: string;
}

export type CheckoutSessionStatus = 'open' | 'completed' | 'expired';

/** The local test checkout's sessions (PAYMENT_PROVIDER=local); Stripe keeps its own. */
export interface CheckoutSessionsTable {
  id: string;
  user_id: string;
  price_id: string;
  provider: string;
  status: CheckoutSessionStatus;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type GenerationStatus = 'awaiting_photos' | 'processing' | 'completed' | 'failed';

/** What a generation's AI listing was counted against (modules/plans). */
export type GenerationCharge = 'free' | 'plan' | 'free_access';

export interface GenerationsTable {
  id: string;
  owner_id: string;
  status: GenerationStatus;
  /** JSON of the validated GenerationSettings. */
  settings: string;
  language: string;
  currency: string;
  listing_id: string | null;
  error: string | null;
  uploads_expire_at: string;
  created_at: string;
  updated_at: string;
  /** Null until charged; a failure gives the unit back and clears it, a retry of a charged one pays nothing. */
  charged_to: GenerationCharge | null;
  /** YYYY-MM the unit was taken from, so it goes back to the same month. */
  charged_month: string | null;
  /** Set when the listing is written: the engine whose text it is, the model asked, and what it cost. */
  engine: string | null;
  engine_model: string | null;
  /** Why a vision model's answer was replaced by the local engine's (ENGINE_FALLBACKS). */
  engine_fallback: string | null;
  engine_latency_ms: number | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
}

export type PhotoStatus = 'pending' | 'ready';

export interface PhotosTable {
  id: string;
  owner_id: string;
  generation_id: string | null;
  listing_id: string | null;
  /** The browser's id for the photo, echoed in the upload URLs. */
  client_id: string | null;
  position: number;
  declared_type: string | null;
  declared_bytes: number | null;
  /** Where the browser uploads the original; removed once the photo is normalised. */
  upload_key: string | null;
  storage_key: string | null;
  thumbnail_key: string | null;
  mime: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  sha256: string | null;
  status: PhotoStatus;
  created_at: string;
}

export interface ListingsTable {
  id: string;
  owner_id: string;
  source: ListingSource;
  title: string;
  description: string;
  tags: JsonText<string[]>;
  currency: Currency;
  /** Minor units. */
  price_min: number | null;
  price_max: number | null;
  brand: string | null;
  size: string | null;
  colours: JsonText<Colour[]>;
  category: Category | null;
  condition: ListingCondition | null;
  composition: JsonText<FibreShare[]>;
  evidence: JsonText<Evidence>;
  /** Readings waiting for the seller's yes or no. */
  suggestions: Generated<JsonText<FieldSuggestion[]>>;
  variants: JsonText<Partial<Record<Marketplace, MarketplaceVariant>>>;
  /**
   * What the local writer wrote the text from (decision 047); null for a vision model's or a seller's text.
   * Read back through its schema (readWriterInput), as its shape follows the engine's facts.
   */
  writer_input: JsonText<unknown> | null;
  language: Language;
  engine: string;
  /** The vision model asked, when one was (also when its answer was replaced: see engine_fallback). */
  engine_model: string | null;
  engine_fallback: EngineFallback | null;
  stock_status: Generated<StockStatus>;
  /** Asking price in minor units; null on a generated listing, which only suggests a range. */
  price: number | null;
  sku: string | null;
  /** Cost of goods in minor units. */
  cogs: number | null;
  barcode: string | null;
  quantity: number;
  /** The listing an inventory listing was made from ("List Item"). */
  source_listing_id: string | null;
  /** Folded title, brand, description, tags and SKU that search matches (modules/listings/search-key.ts). */
  search_text: string;
  created_at: string;
  updated_at: string;
}

export interface MarketplaceLinksTable {
  listing_id: string;
  marketplace: Marketplace;
  url: string;
  status: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A seller's account on a marketplace (decision 033); tokens are AES-256-GCM text (token-cipher.ts). */
export interface MarketplaceConnectionsTable {
  id: string;
  owner_id: string;
  marketplace: PublishingMarketplace;
  account_name: string | null;
  /** Etsy's shop id, Shopify's shop domain: where listings are made. */
  account_id: string | null;
  /** Shopify: the shop's domain, which every call is addressed to. */
  shop: string | null;
  access_token: string;
  refresh_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  /** The seller's choices (business policies, location, shipping profile) by setting name. */
  settings: Generated<JsonText<Record<string, string>>>;
  /** 1 once the marketplace refused the tokens: the seller must connect again. */
  needs_reconnect: Generated<number>;
  connected_at: string;
  /** Sales from this instant on are read at the next sync. */
  sales_synced_at: string;
  /** Why the last sync could not read the sales, when the seller can be told; null when it could. */
  sales_sync_problem: Generated<SalesSyncProblem | null>;
  updated_at: string;
}

/** An OAuth round trip under way: single use, ten minutes. */
export interface MarketplaceAuthorizationsTable {
  /** SHA-256 (hex) of the state sent to the marketplace. */
  state_hash: string;
  owner_id: string;
  marketplace: PublishingMarketplace;
  /** PKCE verifier, encrypted; null where the flow has none. */
  code_verifier: string | null;
  shop: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One listing on one marketplace, and the job that puts it there or takes it down. */
export interface PublicationsTable {
  id: string;
  listing_id: string;
  owner_id: string;
  marketplace: PublishingMarketplace;
  status: PublicationStatus;
  /** The SKU the marketplace knows the item by; fixed for the publication's life. */
  sku: string;
  external_id: string | null;
  url: string | null;
  /** What the adapter created so far, so a retry continues instead of creating a second listing. */
  progress: Generated<JsonText<Record<string, unknown>>>;
  /** Why the last run failed, as the web translates it; the marketplace's words in error_message. */
  error_code: ErrorCode | null;
  error_message: string | null;
  attempts: Generated<number>;
  /** 1 while a seller's edit of price or quantity has not reached the marketplace yet. */
  needs_update: Generated<number>;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** Every sale counted, by the marketplace's order and the SKU: seen twice, it is counted once. */
export interface MarketplaceSalesTable {
  /** Any marketplace: Vinted, Depop and Poshmark sales come from the extension, keyed by the item page. */
  marketplace: Marketplace;
  order_id: string;
  sku: string;
  owner_id: string;
  listing_id: string;
  quantity: number;
  sold_at: string;
  recorded_at: string;
}

/** What happened to a seller's publications, newest read first. */
export interface CrosslistingActivityTable {
  id: string;
  owner_id: string;
  listing_id: string;
  marketplace: Marketplace | null;
  kind: ActivityKind;
  detail: string | null;
  at: string;
}

/** One e-mailed password reset link (decision 040). */
export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A Google or Apple account tied to a Snaplist account (decision 041). */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  /** The address the provider gave at the last sign-in (an Apple relay address, perhaps). */
  email: string | null;
  created_at: string;
}

/** What an e-mailed address link confirms: a sign-up's own address, or the new one of an e-mail change. */
export type EmailLinkPurpose = 'verify' | 'change';

/** One e-mailed link that confirms an address (decision 042). */
export interface EmailLinksTable {
  id: string;
  user_id: string;
  purpose: EmailLinkPurpose;
  /** The address the link confirms: the account's at sign-up, or the new one asked for. */
  email: string;
  /** The seller's language when the link was sent: the notice to the old address is written in it. */
  language: Language;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * Storage objects still to remove: a deleted account's (decision 043), written with the deletion of its rows,
 * and a generation run's, written before its files (decision 051); removed once the objects are gone. The
 * sweeper finishes what a crash left.
 */
export interface StorageDeletionsTable {
  key: string;
  queued_at: string;
  /**
   * Set for a generation run's files: until then the run may still commit them (and take the row out); null
   * means delete as soon as possible.
   */
  held_until: string | null;
}

/** Facts about the deployment itself, one row per name (decision 051). */
export interface InstanceSettingsTable {
  name: InstanceSettingName;
  value: string;
  created_at: string;
}

/** `photo_storage_id`: the id written in the local photo storage the database was set up with. */
export type InstanceSettingName = 'photo_storage_id';

/**
 * A Google or Apple sign-in under way (decision 041): works once, from the browser that started it, until it
 * expires.
 */
export interface OidcAttemptsTable {
  id: string;
  provider: OidcProvider;
  state: string;
  nonce: string;
  code_verifier: string;
  /** SHA-256 (hex) of the key only the starting page holds. */
  browser_key_hash: string;
  language: Language;
  created_at: string;
  expires_at: string;
  /** When the provider's code was exchanged: a state works once. */
  completed_at: string | null;
  /** After `link_required`: the existing account, and the identity waiting to be linked to it. */
  pending_user_id: string | null;
  pending_subject: string | null;
  pending_email: string | null;
  /** When the pending identity was linked with the password, or handed to a link e-mail. */
  linked_at: string | null;
}

/** A link e-mailed to an existing account: following it links the identity it carries (decision 041). */
export interface OidcLinkTokensTable {
  id: string;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  provider: OidcProvider;
  subject: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  generations: GenerationsTable;
  photos: PhotosTable;
  listings: ListingsTable;
  marketplace_links: MarketplaceLinksTable;
  usage: UsageTable;
  payment_events: PaymentEventsTable;
  checkout_sessions: CheckoutSessionsTable;
  marketplace_connections: MarketplaceConnectionsTable;
  marketplace_authorizations: MarketplaceAuthorizationsTable;
  publications: PublicationsTable;
  marketplace_sales: MarketplaceSalesTable;
  crosslisting_activity: CrosslistingActivityTable;
  password_reset_tokens: PasswordResetTokensTable;
  user_identities: UserIdentitiesTable;
  oidc_attempts: OidcAttemptsTable;
  oidc_link_tokens: OidcLinkTokensTable;
  email_links: EmailLinksTable;
  storage_deletions: StorageDeletionsTable;
  instance_settings: InstanceSettingsTable;
}
