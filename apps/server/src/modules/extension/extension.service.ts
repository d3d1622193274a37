// The server side of the browser extension (decision 039): it records the copy the seller just posted
// on a marketplace, lists the seller's Vinted, Depop and Poshmark copies so the extension recognises their item
// pages, and counts a sale the seller's browser saw there once, through the crosslisting machinery. Addresses are
// compared in their canonical form (canonicalListingUrl) on both sides. Owner-scoped throughout.
import crypto from 'node:crypto';
import {
  canonicalListingUrl,
  EXTENSION_MARKETPLACES,
  type ExtensionLinksResponse,
  fieldIssue,
  isExtensionMarketplace,
  type ListedOn,
  MARKETPLACE_NAMES,
  type RecordListedOnRequest,
  type RecordListedOnResponse,
  type ReportSaleRequest,
  type ReportSaleResponse,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import type { PublicationsRepository } from '../crosslisting/publications.repository';
import type { PublishingService } from '../crosslisting/publishing.service';
import type { ListingsRepository, MarketplaceLink } from '../listings/listings.repository';

/**
 * The extension keeps the list to recognise the seller's item pages as they open them. The newest links are the
 * copies likeliest to be looked at and to sell; 5,000 is more live copies than a reseller keeps on three
 * marketplaces, and still an answer of well under a megabyte.
 */
export const EXTENSION_LINKS_LIMIT = 5000;

/** What `marketplace_sales.order_id` holds (varchar(255)): a longer item address is keyed by its SHA-256. */
const MAX_ORDER_ID_LENGTH = 255;

/**
 * An item page sells once, whichever listing it is linked to: the sale's key is the page alone, so its SKU part
 * is the same for every report.
 */
const ITEM_PAGE_SKU = '';

/** What recording a copy writes together. */
export interface ExtensionRepositories {
  listings: ListingsRepository;
  publications: PublicationsRepository;
}

export interface ExtensionDeps {
  listings: ListingsRepository;
  transaction: <T>(work: (repositories: ExtensionRepositories) => Promise<T>) => Promise<T>;
  publishing: Pick<PublishingService, 'recordSale'>;
  now: () => Date;
}

export class ExtensionService {
  constructor(private readonly deps: ExtensionDeps) {}

  /**
   * The extension saw the seller post the marketplace's form: the listing is now there, at this address. The
   * same address again changes nothing and adds no activity.
   */
  async recordListedOn(
    ownerId: string,
    listingId: string,
    request: RecordListedOnRequest,
  ): Promise<RecordListedOnResponse> {
    const url = canonicalUrlOf(request.url);
    const at = this.deps.now().toISOString();
    await this.deps.transaction(async ({ listings, publications }) => {
      if (!(await listings.findOwned(listingId, ownerId))) throw listingNotFound();
      if (!(await listings.recordLink(listingId, request.marketplace, url, at))) return;
      await listings.updateOwned(listingId, ownerId, { updatedAt: at });
      await publications.addActivity(
        [{ ownerId, listingId, marketplace: request.marketplace, kind: 'listed', detail: null, at }],
        crypto.randomUUID,
      );
    });
    const links = await this.deps.listings.linksFor([listingId]);
    return { listedOn: listedOnOf(links) };
  }

  /** The seller's copies on Vinted, Depop and Poshmark, newest first, and whether each may still sell. */
  async links(ownerId: string): Promise<ExtensionLinksResponse> {
    const links = await this.deps.listings.stockedLinks(
      ownerId,
      EXTENSION_MARKETPLACES,
      EXTENSION_LINKS_LIMIT,
    );
    return {
      links: links.flatMap((link) => {
        const url = canonicalListingUrl(link.url);
        if (!url || !isExtensionMarketplace(link.marketplace)) return [];
        return [
          {
            listingId: link.listingId,
            marketplace: link.marketplace,
            url,
            inStock: link.quantity > 0 && link.stockStatus === 'inStock',
          },
        ];
      }),
    };
  }

  /**
   * The seller's browser showed this item page as sold: one sold, counted once per page, with every live copy
   * elsewhere ended at none left (PublishingService.recordSale).
   */
  async reportSale(ownerId: string, request: ReportSaleRequest): Promise<ReportSaleResponse> {
    const url = canonicalUrlOf(request.url);
    const links = await this.deps.listings.linksOnMarketplace(ownerId, request.marketplace);
    // Links typed into the listing form keep what the seller pasted (`?ref=share`, a trailing slash).
    const link = links.find((candidate) => canonicalListingUrl(candidate.url) === url);
    if (!link) {
      throw new AppError(
        'not_found',
        404,
        `None of your listings is linked to this ${MARKETPLACE_NAMES[request.marketplace]} item: ` +
          'add its address to the listing in Snaplist, then report the sale again.',
      );
    }
    const recorded = await this.deps.publishing.recordSale({
      ownerId,
      listingId: link.listingId,
      soldOn: request.marketplace,
      quantity: 1,
      order: { orderId: saleOrderId(url), sku: ITEM_PAGE_SKU, soldAt: this.deps.now().toISOString() },
    });
    return { listingId: link.listingId, recorded };
  }
}

/** The request's address in canonical form; the schema has checked it is one, so null is a broken promise. */
function canonicalUrlOf(value: string): string {
  const url = canonicalListingUrl(value);
  if (url === null) {
    const issue = fieldIssue('url', 'listing_url_invalid');
    throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
  }
  return url;
}

function saleOrderId(canonicalUrl: string): string {
  if (canonicalUrl.length <= MAX_ORDER_ID_LENGTH) return canonicalUrl;
  return `sha256:${crypto.createHash('sha256').update(canonicalUrl).digest('hex')}`;
}

function listedOnOf(links: readonly MarketplaceLink[]): ListedOn {
  return Object.fromEntries(links.map((link) => [link.marketplace, { url: link.url }]));
}

function listingNotFound(): AppError {
  return new AppError('not_found', 404, 'Listing not found');
}
