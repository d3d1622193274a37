// The marketplaces port (decision 033): one adapter per marketplace with a public listing API (eBay, Etsy,
// Shopify), each speaking that marketplace's protocol over HTTP (fetch) against a configurable base URL, so a
// sandbox or the protocol test servers in src/testing/marketplaces stand in for the real one. The crosslisting
// module owns everything else: the OAuth state, stored (encrypted) tokens and their refresh, the job records,
// retries and the activity list. An adapter keeps no state between calls.
import type {
  Category,
  Currency,
  IssueCode,
  Listing,
  ListingCondition,
  MarketplaceSetting,
  PublishingMarketplace,
} from '@snaplist/contract';

/** Tokens as the marketplace issued them; expiry instants are ISO strings, null when it gave none. */
export interface MarketplaceTokens {
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
}

/** A connected account as the adapter needs it for a call. */
export interface MarketplaceSession {
  accessToken: string;
  /** Shopify: the shop's domain (`name.myshopify.com`); null elsewhere. */
  shop: string | null;
  /** What the connection keeps of the account (Etsy's shop id, Shopify's domain); null when it kept nothing. */
  accountId: string | null;
}

/** Where the seller is sent to grant access, and what must be kept (server-side) until they come back. */
export interface AuthorizationStart {
  url: string;
  /** PKCE verifier (Etsy; eBay does not use PKCE); null when the flow has none. */
  codeVerifier: string | null;
  /** Shopify: the normalised shop domain the seller asked to connect. */
  shop: string | null;
}

export interface AuthorizationInput {
  /** Opaque, single-use, bound server-side to the seller; the marketplace echoes it back. */
  state: string;
  /** Where the marketplace sends the browser back: `${PUBLIC_URL}/marketplaces/callback/{marketplace}`. */
  redirectUri: string;
  /** Shopify only: the shop the seller typed; the adapter validates and normalises it. */
  shop?: string;
}

export interface CodeExchangeInput {
  code: string;
  redirectUri: string;
  codeVerifier: string | null;
  shop: string | null;
  /** Every query parameter of the callback, for marketplaces that sign it (Shopify's hmac). */
  callbackQuery: Record<string, string>;
}

export interface ConnectedAccount extends MarketplaceTokens {
  /** eBay user name, Etsy shop name, Shopify shop domain; null when the marketplace does not say. */
  accountName: string | null;
  /** Etsy: the shop id listings are created in; Shopify: the shop domain. Kept with the connection. */
  accountId: string | null;
}

/** A photo of the listing: its bytes on demand (the normalised JPEG/WebP from our storage). */
export interface PublishablePhoto {
  id: string;
  mimeType: string;
  /** A signed URL the marketplace could fetch, valid for at least an hour; local ones are not reachable. */
  url: string;
  bytes(): Promise<Buffer>;
}

/**
 * Fields of a listing no marketplace is sent: Snaplist's own bookkeeping (where the listing came from, what the
 * item cost, where it is listed, its stock status, which engine wrote it and when), the evidence and the questions
 * behind its text, and the suggested range, of which only the asking price is published. `variants` is sent as
 * this marketplace's title, description and tags.
 */
type WithheldField =
  | 'source'
  | 'sourceListingId'
  | 'suggestedPriceRange'
  | 'cogs'
  | 'stockStatus'
  | 'listedOn'
  | 'evidence'
  | 'suggestions'
  | 'variants'
  | 'engine'
  | 'engineModel'
  | 'engineFallback'
  | 'createdAt'
  | 'updatedAt';

/** Fields of a listing that adapters receive in another shape than the API's. */
interface ReshapedFields {
  /** Stable per listing: the idempotency key on every marketplace (eBay SKU, Etsy sku, Shopify variant SKU). */
  sku: string;
  /** This marketplace's variant of the text (title within its limit). */
  title: string;
  description: string;
  tags: string[];
  /** Asking price in minor units; publishing refuses a listing without one before calling an adapter. */
  price: number;
  category: Category;
  condition: ListingCondition;
  photos: PublishablePhoto[];
}

/**
 * A listing as adapters see it: every field of the contract's Listing that is neither withheld nor reshaped, as
 * the API has it (the contract's type rather than the repository's record, because platform code never imports a
 * module). A field added to Listing joins this type unless WithheldField names it, so the type-check stops at
 * publishableListing() in the crosslisting module until the field is filled there or withheld here.
 */
export type PublishableListing = {
  [Field in Exclude<keyof Listing, WithheldField | keyof ReshapedFields>]-?: Listing[Field];
} & ReshapedFields;

/**
 * What the adapter did so far for one listing on its marketplace, saved after every step it reports, so a
 * retry after a crash, a timeout or a 5xx continues instead of creating a second listing. Adapter-defined
 * JSON (eBay: image URLs, offerId; Etsy: listing id, uploaded image ids; Shopify: product id).
 */
export type PublishProgress = Record<string, unknown>;

export interface PublishResult {
  /** The marketplace's id of the live listing (eBay listingId, Etsy listing_id, Shopify product GID). */
  externalId: string;
  url: string;
  progress: PublishProgress;
}

export interface SoldItem {
  /** The SKU of the listing that sold (ours), as the marketplace reports it on the order. */
  sku: string;
  quantity: number;
  /** The marketplace's order id: a sale is counted once however often it is seen. */
  orderId: string;
  soldAt: string;
}

/** What the listing lacks for this marketplace: field of the listing (or `settings.<name>`) and why. */
export interface MissingRequirement {
  field: string;
  code: IssueCode;
  params?: Record<string, number | string>;
}

export interface MarketplaceAdapter {
  readonly marketplace: PublishingMarketplace;
  startAuthorization(input: AuthorizationInput): AuthorizationStart;
  exchangeCode(input: CodeExchangeInput): Promise<ConnectedAccount>;
  /** New tokens from the refresh token; a MarketplaceError of kind `auth` when it was refused. */
  refresh(tokens: MarketplaceTokens, shop: string | null): Promise<MarketplaceTokens>;
  /** Revokes the tokens where the marketplace offers it; never throws for an already revoked token. */
  revoke(tokens: MarketplaceTokens, shop: string | null): Promise<void>;
  /** The settings the seller must choose for this marketplace, with the choices their account offers. */
  settingChoices(session: MarketplaceSession): Promise<Array<Omit<MarketplaceSetting, 'value'>>>;
  /**
   * Checked before anything is sent; an empty list when the listing and settings are enough. May ask the
   * marketplace (a category's required aspects), hence a promise where it does.
   */
  missingRequirements(
    listing: PublishableListing,
    settings: Record<string, string>,
  ): MissingRequirement[] | Promise<MissingRequirement[]>;
  /**
   * Creates (or finishes creating) the listing and makes it live. Calls `saveProgress` after each step that
   * created something on the marketplace, and given that progress again on a retry never creates it twice.
   */
  publish(
    session: MarketplaceSession,
    listing: PublishableListing,
    settings: Record<string, string>,
    progress: PublishProgress,
    saveProgress: (progress: PublishProgress) => Promise<void>,
  ): Promise<PublishResult>;
  /** Pushes a new price and quantity to a live listing. */
  updatePriceAndQuantity(
    session: MarketplaceSession,
    published: { externalId: string; progress: PublishProgress; sku: string },
    change: { price: number; currency: Currency; quantity: number },
  ): Promise<void>;
  /** Ends a live listing (eBay withdraw, Etsy inactive, Shopify archived); done if it has already ended. */
  end(
    session: MarketplaceSession,
    published: { externalId: string; progress: PublishProgress; sku: string },
  ): Promise<void>;
  /** Items sold since the instant (orders created after it), oldest first, every page read. */
  soldSince(session: MarketplaceSession, since: string): Promise<SoldItem[]>;
}

/**
 * A marketplace call that failed, classified for the job runner: `transient` (5xx, timeout, connection reset)
 * and `rate_limited` are retried with backoff (`retryAfterMs` from Retry-After when given); `auth` refreshes the
 * token once, then asks the seller to reconnect; `rejected` is the marketplace refusing the request (its own
 * words in `message`, its error id in `marketplaceCode`); `not_found` is an id the marketplace does not know.
 */
export class MarketplaceError extends Error {
  constructor(
    readonly kind: 'transient' | 'rate_limited' | 'auth' | 'rejected' | 'not_found',
    message: string,
    readonly details: { status?: number; marketplaceCode?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'MarketplaceError';
  }
}
