// Crosslisting through the marketplaces' own APIs (decision 033): the seller connects an account (OAuth),
// chooses once what a marketplace needs beyond the listing (eBay's business policies and location), publishes
// a listing, and follows each marketplace's copy: queued, publishing, live with its URL, failed with the
// marketplace's reason, ended when it sold elsewhere. Marketplaces without a public listing API (Depop,
// Poshmark, Vinted) go through the browser extension instead.
import { z } from 'zod';
import { ErrorCodeSchema } from './common/errors';
import { MARKETPLACES, type Marketplace } from './constants';

export const PUBLISHING_MARKETPLACES = ['ebay', 'etsy', 'shopify'] as const satisfies readonly Marketplace[];
export type PublishingMarketplace = (typeof PUBLISHING_MARKETPLACES)[number];
export const PublishingMarketplaceSchema = z
  .enum(PUBLISHING_MARKETPLACES)
  .meta({ id: 'PublishingMarketplace' });

export function isPublishingMarketplace(value: string): value is PublishingMarketplace {
  return (PUBLISHING_MARKETPLACES as readonly string[]).includes(value);
}

export const MarketplaceParamsSchema = z.object({ marketplace: PublishingMarketplaceSchema });

/** One choice of a setting the marketplace needs, as the marketplace names it ("Royal Mail 2nd class"). */
export const SettingChoiceSchema = z.object({ value: z.string(), label: z.string() });

/**
 * A setting the seller chooses once per connection, with the choices read from their account: eBay's
 * fulfillment, payment and return policies and inventory location; Etsy's shipping profile; Shopify's location.
 */
export const MarketplaceSettingSchema = z.object({
  name: z
    .string()
    .meta({ description: 'Field name, e.g. fulfillmentPolicyId; the web translates its label' }),
  choices: z.array(SettingChoiceSchema),
  value: z.string().nullable().meta({ description: 'The chosen value; null until the seller chooses' }),
  input: z
    .enum(['choice', 'text'])
    .optional()
    .meta({ description: 'text: typed in (no choices); choice (the default): one of `choices`' }),
  optional: z
    .boolean()
    .optional()
    .meta({ description: 'The seller may leave it empty (eBay EU regulatory details for private sellers)' }),
});
export type MarketplaceSetting = z.infer<typeof MarketplaceSettingSchema>;

/**
 * Why the account's sales are not being read, when it is not a lost login: `order_access_denied` is Shopify not
 * having granted Snaplist access to orders (protected customer data), which only Snaplist's operator can request.
 */
export const SALES_SYNC_PROBLEMS = ['order_access_denied'] as const;
export type SalesSyncProblem = (typeof SALES_SYNC_PROBLEMS)[number];

export const MarketplaceConnectionSchema = z
  .object({
    marketplace: PublishingMarketplaceSchema,
    /** Whether this server has an app registered for the marketplace (client id and secret configured). */
    available: z.boolean(),
    connected: z.boolean(),
    /** The seller's account on the marketplace (eBay user name, Etsy shop, Shopify shop domain). */
    accountName: z.string().nullable(),
    connectedAt: z.string().nullable(),
    /** The marketplace refused the stored tokens (revoked, expired refresh token): connect again. */
    needsReconnect: z.boolean(),
    /** Why sales are not synced although the connection works (publishing still does); null when they are. */
    salesSyncProblem: z.enum(SALES_SYNC_PROBLEMS).nullable(),
    settings: z.array(MarketplaceSettingSchema),
  })
  .meta({ id: 'MarketplaceConnection' });
export type MarketplaceConnection = z.infer<typeof MarketplaceConnectionSchema>;

export const MarketplaceConnectionsResponseSchema = z.object({
  connections: z.array(MarketplaceConnectionSchema),
});
export type MarketplaceConnectionsResponse = z.infer<typeof MarketplaceConnectionsResponseSchema>;

export const ConnectMarketplaceRequestSchema = z.object({
  /** Shopify only: the shop to connect, `name.myshopify.com` or just `name`. */
  shop: z.string().trim().max(255).optional(),
});
export type ConnectMarketplaceRequest = z.infer<typeof ConnectMarketplaceRequestSchema>;

export const ConnectMarketplaceResponseSchema = z.object({
  /** Where the browser goes to grant access; the marketplace sends it back to /marketplaces/callback. */
  authorizeUrl: z.string(),
});

/** What the marketplace appended to the callback page's address, passed on as it came. */
export const CompleteConnectionRequestSchema = z.object({
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(4096).optional(),
  /** The marketplace's refusal (`access_denied` when the seller declined). */
  error: z.string().max(512).optional(),
  /** Shopify signs its callback: every query parameter it sent, for the HMAC check. */
  query: z.record(z.string(), z.string()).optional(),
});
export type CompleteConnectionRequest = z.infer<typeof CompleteConnectionRequestSchema>;

export const SaveMarketplaceSettingsRequestSchema = z.object({
  settings: z.record(z.string().max(100), z.string().max(255)),
});
export type SaveMarketplaceSettingsRequest = z.infer<typeof SaveMarketplaceSettingsRequestSchema>;

export const PUBLICATION_STATUSES = [
  'queued',
  'publishing',
  'live',
  'failed',
  'ending',
  'ended',
  'sold',
] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const PublicationSchema = z
  .object({
    marketplace: PublishingMarketplaceSchema,
    status: z.enum(PUBLICATION_STATUSES),
    /** The live listing on the marketplace. */
    url: z.string().nullable(),
    /** Why the last attempt failed: a code the web translates and the marketplace's own words. */
    error: z.object({ code: ErrorCodeSchema, message: z.string() }).nullable(),
    attempts: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Publication' });
export type Publication = z.infer<typeof PublicationSchema>;

export const ACTIVITY_KINDS = [
  'publish_requested',
  'published',
  'publish_failed',
  'sold',
  'ended',
  'end_failed',
  'updated',
  'update_failed',
  /** The extension recorded the copy the seller posted on Vinted, Depop or Poshmark. */
  'listed',
  /** Sold out, but Vinted, Depop and Poshmark have no API to end a copy: the seller ends it there. */
  'end_by_hand',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ActivitySchema = z
  .object({
    id: z.string(),
    listingId: z.string(),
    listingTitle: z.string(),
    marketplace: z.enum(MARKETPLACES).nullable(),
    kind: z.enum(ACTIVITY_KINDS),
    /** The marketplace's reason for a failure, in its words. */
    detail: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof ActivitySchema>;

export const PublicationsResponseSchema = z.object({
  publications: z.array(PublicationSchema),
  activity: z.array(ActivitySchema),
});
export type PublicationsResponse = z.infer<typeof PublicationsResponseSchema>;

/**
 * The most listings one request may ask about: the inventory's selection and its loaded pages are read 100 at a
 * time (a page is 20), so a bulk run is followed in one request rather than one per listing (decision 036).
 */
export const MAX_PUBLICATION_LISTINGS = 100;

export const PublicationsByListingRequestSchema = z.object({
  listingIds: z.array(z.string().min(1).max(100)).min(1).max(MAX_PUBLICATION_LISTINGS),
});
export type PublicationsByListingRequest = z.infer<typeof PublicationsByListingRequestSchema>;

export const ListingPublicationsSchema = z
  .object({ listingId: z.string(), publications: z.array(PublicationSchema) })
  .meta({ id: 'ListingPublications' });
export type ListingPublications = z.infer<typeof ListingPublicationsSchema>;

export const PublicationsByListingResponseSchema = z.object({
  /** One entry per requested listing of the seller's, in the order asked; others' ids are left out. */
  listings: z.array(ListingPublicationsSchema),
});
export type PublicationsByListingResponse = z.infer<typeof PublicationsByListingResponseSchema>;

export const PublishRequestSchema = z.object({
  marketplaces: z
    .array(PublishingMarketplaceSchema)
    .min(1)
    .refine((marketplaces) => new Set(marketplaces).size === marketplaces.length, { error: 'invalid_value' }),
});
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

export const MarkSoldRequestSchema = z.object({
  /** Where it sold; null when it sold somewhere Snaplist does not publish to (in person, Vinted...). */
  marketplace: PublishingMarketplaceSchema.nullable(),
});
export type MarkSoldRequest = z.infer<typeof MarkSoldRequestSchema>;

export const ActivityResponseSchema = z.object({ activity: z.array(ActivitySchema) });
