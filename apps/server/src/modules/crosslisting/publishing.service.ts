// Publishing a listing to the seller's connected marketplaces, and what follows a sale. Every request is checked
// in full before anything is sent (422 `listing_incomplete` names each missing field per marketplace); then the
// publications are queued and jobs do the rest (publishing.jobs.ts). A sale, marked by hand, read by the sync or
// reported by the extension, lowers the quantity once; at none left the other live copies are ended (by hand on
// Vinted, Depop and Poshmark). Owner-scoped throughout.
import crypto from 'node:crypto';
import {
  type Activity,
  type FieldIssue,
  fieldIssue,
  isExtensionMarketplace,
  type Marketplace,
  type Publication,
  type PublicationStatus,
  type PublicationsByListingResponse,
  type PublicationsResponse,
  type PublishingMarketplace,
  type PublishRequest,
} from '@snaplist/contract';
import { isUniqueViolation } from '../../db/database';
import { AppError } from '../../errors';
import type { PublishingJob } from '../../platform/queue/publishing-queue';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { ListingRecord, ListingsRepository } from '../listings/listings.repository';
import type { PhotosRepository } from '../photos/photos.repository';
import type { ConnectionsRepository } from './connections.repository';
import type { MarketplaceAccounts } from './marketplace-accounts';
import type { ActivityRecord, PublicationRecord, PublicationsRepository } from './publications.repository';
import {
  hasPublishableFields,
  marketplaceSku,
  publishableListing,
  publishablePhotos,
  storedPhotos,
} from './publishable-listing';

/** Events shown under a listing, and on the dashboard home across listings. */
export const LISTING_ACTIVITY_LIMIT = 50;
export const SELLER_ACTIVITY_LIMIT = 30;

/** A publication on its way: asking again changes nothing. */
const IN_PROGRESS: readonly PublicationStatus[] = ['queued', 'publishing'];
/** Live there (or being taken down): publishing again would make a second listing. */
const PUBLISHED: readonly PublicationStatus[] = ['live', 'ending'];

/** What publishing reads, and writes together. */
export interface PublishingRepositories {
  listings: ListingsRepository;
  publications: PublicationsRepository;
  connections: ConnectionsRepository;
  photos: PhotosRepository;
}

export interface PublishingDeps extends PublishingRepositories {
  transaction: <T>(work: (repositories: PublishingRepositories) => Promise<T>) => Promise<T>;
  accounts: MarketplaceAccounts;
  storage: PhotoStorage;
  enqueue(job: PublishingJob): Promise<void>;
  now: () => Date;
}

/**
 * A sale to apply: by hand (no order), read from a marketplace (its order line, counted once), or reported by the
 * extension (the item page as the order, counted once).
 */
export interface Sale {
  ownerId: string;
  listingId: string;
  /** Where it sold; null when somewhere Snaplist knows nothing of (in person). */
  soldOn: Marketplace | null;
  quantity: number;
  order?: { orderId: string; sku: string; soldAt: string };
}

interface Stores {
  listings: ListingsRepository;
  publications: PublicationsRepository;
}

export class PublishingService {
  constructor(private readonly deps: PublishingDeps) {}

  async publish(ownerId: string, listingId: string, request: PublishRequest): Promise<PublicationsResponse> {
    const { accounts } = this.deps;
    const listing = await this.ownedListing(ownerId, listingId);
    for (const marketplace of request.marketplaces) accounts.adapter(marketplace);
    const existing = new Map(
      (await this.deps.publications.forListing(listingId)).map((publication) => [
        publication.marketplace,
        publication,
      ]),
    );
    const published = request.marketplaces.filter((marketplace) =>
      isOneOf(existing.get(marketplace)?.status, PUBLISHED),
    );
    if (published.length > 0) throw alreadyPublished(published);
    const toQueue = request.marketplaces.filter(
      (marketplace) => !isOneOf(existing.get(marketplace)?.status, IN_PROGRESS),
    );
    const skus = new Map<PublishingMarketplace, string>();
    const issues: FieldIssue[] = [];
    for (const marketplace of toQueue) {
      const previous = existing.get(marketplace);
      // A failed publication resumes under its SKU; an ended or sold one is published afresh.
      const sku = previous?.status === 'failed' ? previous.sku : await this.skuFor(listing);
      skus.set(marketplace, sku);
      issues.push(...(await this.missing(listing, marketplace, sku)));
    }
    if (issues.length > 0) {
      throw new AppError(
        'listing_incomplete',
        422,
        'This listing needs a few more details before it can be published: see each one.',
        { details: issues },
      );
    }
    const at = this.deps.now().toISOString();
    let queued: string[];
    try {
      queued = await this.inTransaction(async ({ publications }) => {
        const ids: string[] = [];
        for (const [marketplace, sku] of skus) {
          ids.push(
            await queuePublication(publications, listing, marketplace, sku, existing.get(marketplace), at),
          );
        }
        await publications.addActivity(
          [...skus.keys()].map((marketplace) =>
            activity(listing, marketplace, 'publish_requested', null, at),
          ),
          crypto.randomUUID,
        );
        return ids;
      });
    } catch (error) {
      // A second request (a double click) queued the same publications first: its jobs publish them.
      if (!(error instanceof QueuedElsewhere || isUniqueViolation(error))) throw error;
      return this.publications(ownerId, listingId);
    }
    for (const publicationId of queued) await this.deps.enqueue({ kind: 'publish', publicationId });
    return this.publications(ownerId, listingId);
  }

  async publications(ownerId: string, listingId: string): Promise<PublicationsResponse> {
    await this.ownedListing(ownerId, listingId);
    const publications = this.deps.publications;
    const [records, events] = await Promise.all([
      publications.forListing(listingId),
      publications.latestActivity({ ownerId, listingId }, LISTING_ACTIVITY_LIMIT),
    ]);
    return { publications: records.map(publicationView), activity: events };
  }

  /**
   * Several listings' publications in one answer, without their activity: what the inventory's status badges and
   * a bulk publish's progress poll (decision 036). Ids that are not the seller's listings are left out.
   */
  async publicationsByListing(
    ownerId: string,
    listingIds: readonly string[],
  ): Promise<PublicationsByListingResponse> {
    const unique = [...new Set(listingIds)];
    const { ownedIds, publications } = await this.deps.publications.forOwnedListings(ownerId, unique);
    const byListing = new Map<string, Publication[]>();
    for (const record of publications) {
      byListing.set(record.listingId, [...(byListing.get(record.listingId) ?? []), publicationView(record)]);
    }
    return {
      listings: unique
        .filter((listingId) => ownedIds.has(listingId))
        .map((listingId) => ({ listingId, publications: byListing.get(listingId) ?? [] })),
    };
  }

  async activity(ownerId: string): Promise<{ activity: Activity[] }> {
    const events: Activity[] = await this.deps.publications.latestActivity(
      { ownerId },
      SELLER_ACTIVITY_LIMIT,
    );
    return { activity: events };
  }

  /** "Mark sold": one sold, wherever; the same as a sale the sync reads. */
  async markSold(
    ownerId: string,
    listingId: string,
    soldOn: PublishingMarketplace | null,
  ): Promise<PublicationsResponse> {
    await this.ownedListing(ownerId, listingId);
    await this.recordSale({ ownerId, listingId, soldOn, quantity: 1 });
    return this.publications(ownerId, listingId);
  }

  /**
   * Lowers the quantity by what sold (never below none) and records it, once per order line; at none left the
   * copy where it sold is `sold` and every other live copy is ended; with some left, theirs is updated. Copies on
   * Vinted, Depop and Poshmark cannot be ended from here: at none left each gets an `end_by_hand` activity, the
   * seller's reminder to end it there (the extension shows it too, from its links' stock).
   * Answers whether the sale was applied (false: already counted, or the listing is gone).
   */
  async recordSale(sale: Sale): Promise<boolean> {
    const at = this.deps.now().toISOString();
    const jobs = await this.inTransaction(async ({ listings, publications }) => {
      // Taking the row first (a row lock on PostgreSQL, the write lock on SQLite): two sales never both read it.
      if (!(await listings.updateOwned(sale.listingId, sale.ownerId, { updatedAt: at }))) return null;
      const listing = await listings.findOwned(sale.listingId, sale.ownerId);
      if (!listing) return null;
      if (sale.order && sale.soldOn) {
        const first = await publications.recordSale({
          marketplace: sale.soldOn,
          ...sale.order,
          ownerId: sale.ownerId,
          listingId: sale.listingId,
          quantity: sale.quantity,
          recordedAt: at,
        });
        if (!first) return null;
      }
      // Marked sold again by hand at none left: nothing more sold, but whatever is still live is ended.
      const alreadySoldOut = listing.quantity === 0 && !sale.order;
      const remaining = Math.max(0, listing.quantity - sale.quantity);
      if (!alreadySoldOut) {
        await listings.updateOwned(sale.listingId, sale.ownerId, {
          quantity: remaining,
          ...(remaining === 0 ? { stockStatus: 'ooStock' as const } : {}),
          updatedAt: at,
        });
        // Once, when this sale sold it out: a late second sale of a sold-out item is no new reminder.
        const endByHand =
          listing.quantity > 0 && remaining === 0
            ? (await listings.linksFor([sale.listingId]))
                .filter(
                  (link) => isExtensionMarketplace(link.marketplace) && link.marketplace !== sale.soldOn,
                )
                .map((link) => activity(listing, link.marketplace, 'end_by_hand', null, at))
            : [];
        await publications.addActivity(
          [activity(listing, sale.soldOn, 'sold', null, at), ...endByHand],
          crypto.randomUUID,
        );
      }
      const followUps: PublishingJob[] = [];
      for (const publication of await publications.forListing(sale.listingId)) {
        if (publication.status !== 'live') continue;
        const soldHere = publication.marketplace === sale.soldOn;
        if (remaining === 0) {
          const status = soldHere ? 'sold' : 'ending';
          await publications.update(publication.id, { status, updatedAt: at }, ['live']);
          if (!soldHere) followUps.push({ kind: 'end', publicationId: publication.id });
        } else if (!soldHere) {
          // The marketplace where it sold lowered its own quantity; the others learn it from us.
          await publications.update(publication.id, { needsUpdate: true, updatedAt: at }, ['live']);
          followUps.push({ kind: 'update', publicationId: publication.id });
        }
      }
      return followUps;
    });
    for (const job of jobs ?? []) await this.deps.enqueue(job);
    return jobs !== null;
  }

  /**
   * After a seller's edit of price or quantity: every live copy gets it. An edit to none left ends them instead,
   * as a sale would (a marketplace listing cannot stay live with nothing to sell).
   */
  async listingEdited(ownerId: string, listingId: string): Promise<void> {
    const at = this.deps.now().toISOString();
    const jobs = await this.inTransaction(async ({ listings, publications }) => {
      const listing = await listings.findOwned(listingId, ownerId);
      if (!listing) return [];
      const live = (await publications.forListing(listingId)).filter(
        (publication) => publication.status === 'live',
      );
      if (listing.quantity > 0) {
        // Marked first, so a process stopped before the job ran pushes the edit at its next start.
        for (const publication of live) {
          await publications.update(publication.id, { needsUpdate: true, updatedAt: at }, ['live']);
        }
        return live.map((publication) => ({ kind: 'update' as const, publicationId: publication.id }));
      }
      const ending: PublishingJob[] = [];
      for (const publication of live) {
        if (await publications.update(publication.id, { status: 'ending', updatedAt: at }, ['live'])) {
          ending.push({ kind: 'end', publicationId: publication.id });
        }
      }
      return ending;
    });
    for (const job of jobs) await this.deps.enqueue(job);
  }

  /** The copies Snaplist put on marketplaces (live, ending, sold) as `listedOn` links, kept through an edit. */
  publishedLinks(listingIds: readonly string[]) {
    return this.deps.publications.publishedLinks(listingIds);
  }

  /**
   * Enqueues the jobs of publications left in progress (a restart, an enqueue lost with Redis away). Each job
   * continues from its saved progress; on Redis a job still waiting or running is not added twice.
   */
  async resumeUnfinished(): Promise<number> {
    const unfinished = await this.deps.publications.unfinished();
    for (const publication of unfinished) {
      await this.deps.enqueue({ kind: resumedJobKind(publication), publicationId: publication.id });
    }
    return unfinished.length;
  }

  /** What `marketplace` lacks for this listing, each as `<marketplace>.<field>`. */
  private async missing(
    listing: ListingRecord,
    marketplace: PublishingMarketplace,
    sku: string,
  ): Promise<FieldIssue[]> {
    const { accounts, storage } = this.deps;
    const issue = (
      field: string,
      code: Parameters<typeof fieldIssue>[1],
      params?: Record<string, number | string>,
    ) => fieldIssue(`${marketplace}.${field}`, code, params);
    const issues: FieldIssue[] = [];
    const connection = await this.deps.connections.find(listing.ownerId, marketplace);
    if (!connection || connection.needsReconnect)
      issues.push(issue('connection', 'marketplace_not_connected'));
    if (listing.price === null) issues.push(issue('price', 'price_required_to_publish'));
    const photos = storedPhotos(await this.deps.photos.listForListing(listing.id));
    if (photos.length === 0) issues.push(issue('photos', 'photo_required_to_publish'));
    if (listing.category === null) issues.push(issue('category', 'category_required_to_publish'));
    if (listing.condition === null) issues.push(issue('condition', 'condition_required_to_publish'));
    if (listing.quantity < 1) issues.push(issue('quantity', 'quantity_invalid'));
    if (issues.length > 0 || !connection || !hasPublishableFields(listing)) return issues;
    const publishable = publishableListing(
      listing,
      marketplace,
      sku,
      await publishablePhotos(photos, storage, this.deps.now()),
    );
    const lacking = await accounts.adapter(marketplace).missingRequirements(publishable, connection.settings);
    return lacking.map((requirement) => issue(requirement.field, requirement.code, requirement.params));
  }

  private async skuFor(listing: ListingRecord): Promise<string> {
    const own = listing.sku?.trim();
    const shared = own
      ? await this.deps.publications.skuSharedWithAnotherListing(listing.ownerId, own, listing.id)
      : false;
    return marketplaceSku(listing, shared);
  }

  private async ownedListing(ownerId: string, listingId: string): Promise<ListingRecord> {
    const listing = await this.deps.listings.findOwned(listingId, ownerId);
    if (!listing) throw new AppError('not_found', 404, 'Listing not found');
    return listing;
  }

  private inTransaction<T>(work: (stores: Stores) => Promise<T>): Promise<T> {
    return this.deps.transaction(work);
  }
}

/** The job a publication left unfinished by a stopped process needs. */
function resumedJobKind(publication: PublicationRecord): PublishingJob['kind'] {
  if (publication.status === 'ending') return 'end';
  return publication.status === 'live' ? 'update' : 'publish';
}

/** The publication queued afresh: a new one, a failed one resumed from its progress, an ended one started over. */
async function queuePublication(
  publications: PublicationsRepository,
  listing: ListingRecord,
  marketplace: PublishingMarketplace,
  sku: string,
  previous: PublicationRecord | undefined,
  at: string,
): Promise<string> {
  if (!previous) {
    const id = crypto.randomUUID();
    await publications.insert({
      id,
      listingId: listing.id,
      ownerId: listing.ownerId,
      marketplace,
      status: 'queued',
      sku,
      externalId: null,
      url: null,
      progress: {},
      error: null,
      attempts: 0,
      needsUpdate: false,
      createdAt: at,
      updatedAt: at,
      publishedAt: null,
    });
    return id;
  }
  const resumed = previous.status === 'failed';
  const moved = await publications.update(
    previous.id,
    {
      status: 'queued',
      error: null,
      attempts: 0,
      updatedAt: at,
      ...(resumed ? {} : { sku, progress: {}, externalId: null, url: null, publishedAt: null }),
    },
    [previous.status],
  );
  if (!moved) throw new QueuedElsewhere();
  return previous.id;
}

/** The publication changed status between the checks and the write: another request got there first. */
class QueuedElsewhere extends Error {}

function alreadyPublished(marketplaces: PublishingMarketplace[]): AppError {
  const details = marketplaces.map((marketplace) => fieldIssue(marketplace, 'already_published'));
  return new AppError('validation_failed', 409, details[0]?.message ?? '', { details });
}

function isOneOf(status: PublicationStatus | undefined, statuses: readonly PublicationStatus[]): boolean {
  return status !== undefined && statuses.includes(status);
}

function activity(
  listing: Pick<ListingRecord, 'id' | 'ownerId'>,
  marketplace: Marketplace | null,
  kind: ActivityRecord['kind'],
  detail: string | null,
  at: string,
): ActivityRecord {
  return { ownerId: listing.ownerId, listingId: listing.id, marketplace, kind, detail, at };
}

export function publicationView(record: PublicationRecord): Publication {
  return {
    marketplace: record.marketplace,
    status: record.status,
    url:
      record.status === 'live' || record.status === 'ending' || record.status === 'sold' ? record.url : null,
    error: record.error,
    attempts: record.attempts,
    updatedAt: record.updatedAt,
  };
}
