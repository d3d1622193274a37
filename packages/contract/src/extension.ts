// The browser extension (decision 037): Vinted, Depop and Poshmark have no listing API for ordinary sellers,
// so the extension fills their sell forms in the seller's own logged-in tab, records the new listing's
// address back here, and tells Snaplist when the seller's browser shows one of their items there as sold. It
// signs in with POST /user/login like the web app and holds its own session, which its sign-out revokes.
//
// Also here: the messages the web app and the extension exchange through `window.postMessage` on the Snaplist
// page (docs/extension.md). Each side checks the other's origin and validates every message with these schemas.
import { z } from 'zod';
import { refusal } from './common/issues';
import { MARKETPLACES, MAX_URL_LENGTH, type Marketplace } from './constants';
import { ListedOnSchema } from './listings';
import { EXTENSION_MARKETPLACES, isMarketplaceUrl } from './marketplaces';

export const ExtensionMarketplaceSchema = z.enum(EXTENSION_MARKETPLACES).meta({ id: 'ExtensionMarketplace' });

const ListingUrlSchema = z
  .string(refusal('listing_url_invalid'))
  .trim()
  .min(1, refusal('listing_url_invalid'))
  .max(MAX_URL_LENGTH, refusal('listing_url_invalid'));

function refineMarketplaceUrl(
  value: { marketplace: Marketplace; url: string },
  context: z.RefinementCtx<{ marketplace: Marketplace; url: string }>,
): void {
  if (!isMarketplaceUrl(value.marketplace, value.url)) {
    context.addIssue({ code: 'custom', path: ['url'], message: 'listing_url_invalid' });
  }
}

/** An address already refused (empty, too long) is not refused a second time for its site. */
const onlyWhenValidSoFar = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

// ----- API -----

export const RecordListedOnRequestSchema = z
  .object({
    marketplace: z.enum(MARKETPLACES),
    url: ListingUrlSchema.meta({ description: "The new listing's address on the marketplace's own site" }),
  })
  .superRefine(refineMarketplaceUrl, onlyWhenValidSoFar)
  .meta({ id: 'RecordListedOnRequest' });
export type RecordListedOnRequest = z.infer<typeof RecordListedOnRequestSchema>;

export const RecordListedOnResponseSchema = z
  .object({ listedOn: ListedOnSchema })
  .meta({ id: 'RecordListedOnResponse' });
export type RecordListedOnResponse = z.infer<typeof RecordListedOnResponseSchema>;

export const ExtensionLinkSchema = z
  .object({
    listingId: z.string(),
    marketplace: ExtensionMarketplaceSchema,
    url: z.string().meta({ description: 'As canonicalListingUrl writes it' }),
    inStock: z.boolean().meta({
      description: 'False once it sold out: the extension asks the seller to end this copy by hand',
    }),
  })
  .meta({ id: 'ExtensionLink' });
export type ExtensionLink = z.infer<typeof ExtensionLinkSchema>;

export const ExtensionLinksResponseSchema = z
  .object({
    links: z.array(ExtensionLinkSchema).meta({
      description:
        "The seller's listings on Vinted, Depop and Poshmark: the only item pages the extension looks at",
    }),
  })
  .meta({ id: 'ExtensionLinksResponse' });
export type ExtensionLinksResponse = z.infer<typeof ExtensionLinksResponseSchema>;

export const ReportSaleRequestSchema = z
  .object({
    marketplace: ExtensionMarketplaceSchema,
    url: ListingUrlSchema.meta({ description: "The sold item's page, as the seller's browser showed it" }),
  })
  .superRefine(refineMarketplaceUrl, onlyWhenValidSoFar)
  .meta({ id: 'ReportSaleRequest' });
export type ReportSaleRequest = z.infer<typeof ReportSaleRequestSchema>;

export const ReportSaleResponseSchema = z
  .object({
    listingId: z.string(),
    recorded: z
      .boolean()
      .meta({ description: 'False when this sale was reported before: a sale counts once per item page' }),
  })
  .meta({ id: 'ReportSaleResponse' });
export type ReportSaleResponse = z.infer<typeof ReportSaleResponseSchema>;

// ----- Messages between the web app and the extension (window.postMessage on the Snaplist page) -----

export const EXTENSION_MESSAGE_SOURCES = { web: 'snaplist-web', extension: 'snaplist-extension' } as const;

/** The web app asks whether an extension is there; the extension answers with its status. */
export const WebToExtensionMessageSchema = z.object({
  source: z.literal(EXTENSION_MESSAGE_SOURCES.web),
  type: z.literal('hello'),
});
export type WebToExtensionMessage = z.infer<typeof WebToExtensionMessageSchema>;

/** Sent on the page's load and as the answer to every `hello`; nothing secret (no token, no password). */
export const ExtensionToWebMessageSchema = z.object({
  source: z.literal(EXTENSION_MESSAGE_SOURCES.extension),
  type: z.literal('status'),
  version: z.string().max(40),
  signedIn: z.boolean(),
  /** The account the extension is signed in to; null when signed out. */
  email: z.string().max(254).nullable(),
});
export type ExtensionToWebMessage = z.infer<typeof ExtensionToWebMessageSchema>;
