// The publishing jobs themselves, run by either queue adapter: publish (upload the photos, create, make live,
// with the progress saved after every step so a retry never makes a second listing), update (push the listing's
// price and quantity to a live copy) and end (take a copy down after it sold elsewhere). A marketplace that does
// not answer or asks us to slow down is tried again with backoff (its Retry-After honoured) up to the configured
// attempts; a refusal fails at once with the marketplace's own words; refused tokens are refreshed once, then
// the seller is asked to reconnect (decision 033).
import crypto from 'node:crypto';
import {
  type ErrorCode,
  MARKETPLACE_NAMES,
  type PublicationStatus,
  type PublishingMarketplace,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import { MarketplaceError, type PublishProgress } from '../../platform/marketplaces/marketplace-adapter';
import {
  type PublishingJob,
  type PublishingJobContext,
  RetryLater,
} from '../../platform/queue/publishing-queue';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { ListingsRepository } from '../listings/listings.repository';
import type { ConnectionRecord, ConnectionsRepository } from './connections.repository';
import { type MarketplaceAccounts, ReconnectNeeded } from './marketplace-accounts';
import type {
  ActivityRecord,
  PublicationChanges,
  PublicationRecord,
  PublicationsRepository,
} from './publications.repository';
import {
  hasPublishableFields,
  publishableListing,
  publishablePhotos,
  storedPhotos,
} from './publishable-listing';
import type { PublishingRepositories } from './publishing.service';

/** An update re-reads the listing after pushing; an edit made meanwhile is pushed too, this many times at most. */
const UPDATE_ROUNDS = 3;

export interface PublishingJobsDeps extends PublishingRepositories {
  transaction: <T>(work: (repositories: PublishingRepositories) => Promise<T>) => Promise<T>;
  accounts: MarketplaceAccounts;
  storage: PhotoStorage;
  enqueue(job: PublishingJob): Promise<void>;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  now: () => Date;
}

/** How a run ends for its publication (see settle). */
interface Outcome {
  changes: Omit<PublicationChanges, 'updatedAt'>;
  from: PublicationStatus[] | null;
  link?: { url: string } | 'remove';
  activity: Pick<ActivityRecord, 'kind' | 'detail'>;
}

/** Why a run failed, as the publication and the activity list say it. */
interface Failure {
  code: ErrorCode;
  message: string;
  /** Worth another run (the marketplace was down or busy), after at least this long. */
  retryAfterMs: number | null;
}

export class PublishingJobs {
  private readonly publications: PublicationsRepository;
  private readonly connections: ConnectionsRepository;
  private readonly listings: ListingsRepository;

  constructor(private readonly deps: PublishingJobsDeps) {
    this.publications = deps.publications;
    this.connections = deps.connections;
    this.listings = deps.listings;
  }

  /** Runs one job; throws RetryLater when it should run again (never on its last attempt). */
  async run(job: PublishingJob, context: PublishingJobContext): Promise<void> {
    const publication = await this.publications.find(job.publicationId);
    // Deleted with its listing (or its seller) since it was queued: nothing left to do.
    if (!publication) return;
    try {
      if (job.kind === 'publish') await this.publish(publication);
      else if (job.kind === 'update') await this.update(publication);
      else await this.end(publication);
    } catch (error) {
      const failure = classify(publication.marketplace, error);
      if (failure.code === 'internal_error') {
        this.deps.log.error({ ...job, err: error }, 'publishing job failed unexpectedly');
      }
      if (failure.retryAfterMs !== null && !context.isLastAttempt) {
        await this.publications.update(publication.id, { error: failure, updatedAt: this.at() });
        // The queue waits this long, or its backoff if that is longer.
        throw new RetryLater(failure.retryAfterMs, failure.message);
      }
      await this.recordFailure(job, publication, failure);
    }
  }

  /** A job that failed for good outside the marketplace calls (its last run threw, its workers kept dying). */
  async onFinalFailure(job: PublishingJob, error: unknown): Promise<void> {
    const publication = await this.publications.find(job.publicationId);
    if (publication) await this.recordFailure(job, publication, classify(publication.marketplace, error));
  }

  private async publish(publication: PublicationRecord): Promise<void> {
    if (publication.status !== 'queued' && publication.status !== 'publishing') return;
    const listing = await this.listings.findOwned(publication.listingId, publication.ownerId);
    if (!listing) return;
    if (listing.quantity === 0) {
      // Sold out before its turn came: nothing to put on sale.
      await this.settle(publication, {
        changes: { status: 'ended' },
        from: ['queued', 'publishing'],
        activity: { kind: 'ended', detail: 'It sold before it was published here.' },
      });
      return;
    }
    const started = await this.publications.update(
      publication.id,
      { status: 'publishing', attempts: publication.attempts + 1, updatedAt: this.at() },
      ['queued', 'publishing'],
    );
    if (!started) return;
    if (!hasPublishableFields(listing)) {
      throw new AppError('listing_incomplete', 422, 'The listing lost its price, category or condition.');
    }
    const connection = await this.connection(publication);
    const photos = await publishablePhotos(
      storedPhotos(await this.deps.photos.listForListing(listing.id)),
      this.deps.storage,
      this.deps.now(),
    );
    const publishable = publishableListing(listing, publication.marketplace, publication.sku, photos);
    let progress: PublishProgress = publication.progress;
    const result = await this.deps.accounts.withSession(connection, (session, adapter) =>
      adapter.publish(session, publishable, connection.settings, progress, async (saved) => {
        progress = saved;
        await this.publications.update(publication.id, { progress: saved, updatedAt: this.at() });
      }),
    );
    const live = await this.settle(publication, {
      changes: {
        status: 'live',
        externalId: result.externalId,
        url: result.url,
        progress: result.progress,
        error: null,
        publishedAt: this.at(),
      },
      from: ['publishing'],
      link: { url: result.url },
      activity: { kind: 'published', detail: null },
    });
    if (!live) return;
    this.deps.log.info(
      { publicationId: publication.id, marketplace: publication.marketplace },
      'listing published on a marketplace',
    );
    // It sold elsewhere while this copy was being made: take it down again.
    const now = await this.listings.findOwned(publication.listingId, publication.ownerId);
    if (now && now.quantity === 0) {
      if (
        await this.publications.update(publication.id, { status: 'ending', updatedAt: this.at() }, ['live'])
      ) {
        await this.deps.enqueue({ kind: 'end', publicationId: publication.id });
      }
    }
  }

  private async update(publication: PublicationRecord): Promise<void> {
    const copy = await this.marketplaceCopy(publication, 'live');
    if (!copy) return;
    const { connection, published } = copy;
    let pushed: string | null = null;
    for (let round = 0; round < UPDATE_ROUNDS; round++) {
      const listing = await this.listings.findOwned(publication.listingId, publication.ownerId);
      if (!listing || listing.price === null || listing.quantity === 0) return;
      const change = { price: listing.price, currency: listing.currency, quantity: listing.quantity };
      const key = JSON.stringify(change);
      if (key === pushed) break;
      await this.deps.accounts.withSession(connection, (session, adapter) =>
        adapter.updatePriceAndQuantity(session, published, change),
      );
      pushed = key;
    }
    await this.settle(publication, {
      changes: { error: null, needsUpdate: false },
      from: null,
      activity: { kind: 'updated', detail: null },
    });
  }

  private async end(publication: PublicationRecord): Promise<void> {
    const copy = await this.marketplaceCopy(publication, 'ending');
    if (!copy) return;
    const { connection, published } = copy;
    try {
      await this.deps.accounts.withSession(connection, (session, adapter) => adapter.end(session, published));
    } catch (error) {
      // Gone from the marketplace already (ended by hand there): what we wanted.
      if (!(error instanceof MarketplaceError && error.kind === 'not_found')) throw error;
    }
    await this.settle(publication, {
      changes: { status: 'ended', error: null },
      from: ['ending'],
      link: 'remove',
      activity: { kind: 'ended', detail: null },
    });
  }

  /** The seller's connection to the publication's marketplace; a final failure when it is gone. */
  /** The copy on the marketplace of a publication in `status`, and the connection that reaches it; else none. */
  private async marketplaceCopy(publication: PublicationRecord, status: 'live' | 'ending') {
    if (publication.status !== status || !publication.externalId) return undefined;
    return {
      connection: await this.connection(publication),
      published: { externalId: publication.externalId, progress: publication.progress, sku: publication.sku },
    };
  }

  private async connection(publication: PublicationRecord): Promise<ConnectionRecord> {
    const connection = await this.connections.find(publication.ownerId, publication.marketplace);
    if (!connection) {
      throw new AppError(
        'marketplace_not_connected',
        409,
        `${MARKETPLACE_NAMES[publication.marketplace]} is not connected any more. Connect it again in Settings.`,
      );
    }
    return connection;
  }

  /**
   * A run that will not be retried: a publication that did not go live is `failed`; one that could not be ended
   * is live still (end it on the marketplace, or retry); a failed update leaves the copy live at the old values.
   */
  private async recordFailure(
    job: PublishingJob,
    publication: PublicationRecord,
    failure: Failure,
  ): Promise<void> {
    const error = { code: failure.code, message: failure.message };
    const detail = failure.message;
    if (job.kind === 'publish') {
      await this.settle(publication, {
        changes: { status: 'failed', error },
        from: ['queued', 'publishing'],
        activity: { kind: 'publish_failed', detail },
      });
    } else if (job.kind === 'end') {
      await this.settle(publication, {
        changes: { status: 'live', error },
        from: ['ending'],
        activity: { kind: 'end_failed', detail },
      });
    } else {
      await this.settle(publication, {
        changes: { error, needsUpdate: false },
        from: ['live'],
        activity: { kind: 'update_failed', detail },
      });
    }
    this.deps.log.warn(
      { ...job, marketplace: publication.marketplace, code: failure.code },
      'publishing job failed',
    );
  }

  /**
   * A job's outcome in one transaction: the publication moved (when it is still in one of `from`), its `listedOn`
   * link made or removed, and the event recorded. Answers whether it moved; a concurrent run that got there first
   * leaves nothing to record.
   */
  private settle(publication: PublicationRecord, outcome: Outcome): Promise<boolean> {
    const at = this.at();
    return this.deps.transaction(async ({ publications }) => {
      if (!(await publications.update(publication.id, { ...outcome.changes, updatedAt: at }, outcome.from))) {
        return false;
      }
      if (outcome.link === 'remove') {
        await publications.deleteLink(publication.listingId, publication.marketplace);
      } else if (outcome.link) {
        await publications.saveLink(publication.listingId, publication.marketplace, outcome.link.url, at);
      }
      await publications.addActivity(
        [
          {
            ownerId: publication.ownerId,
            listingId: publication.listingId,
            marketplace: publication.marketplace,
            ...outcome.activity,
            at,
          },
        ],
        crypto.randomUUID,
      );
      return true;
    });
  }

  private at(): string {
    return this.deps.now().toISOString();
  }
}

/** A run's error as the seller reads it, and whether another run may help. */
function classify(marketplace: PublishingMarketplace, error: unknown): Failure {
  const name = MARKETPLACE_NAMES[marketplace];
  if (error instanceof ReconnectNeeded) {
    return { code: 'marketplace_reconnect_needed', message: error.message, retryAfterMs: null };
  }
  if (error instanceof AppError) return { code: error.code, message: error.message, retryAfterMs: null };
  if (error instanceof MarketplaceError) {
    switch (error.kind) {
      case 'transient':
        return {
          code: 'marketplace_unreachable',
          message: `${name} did not answer: ${error.message}`,
          retryAfterMs: 0,
        };
      case 'rate_limited':
        return {
          code: 'marketplace_rate_limited',
          message: `${name} asked us to slow down: ${error.message}`,
          retryAfterMs: error.details.retryAfterMs ?? 0,
        };
      case 'auth':
        return {
          code: 'marketplace_reconnect_needed',
          message: new ReconnectNeeded(marketplace).message,
          retryAfterMs: null,
        };
      default:
        // Refused (or an id the marketplace does not know): its own words, and no retry would change its mind.
        return { code: 'marketplace_rejected', message: error.message, retryAfterMs: null };
    }
  }
  // Ours (a bug, the database away): worth another run, and logged in full.
  return {
    code: 'internal_error',
    message: 'Something went wrong on our side while talking to the marketplace.',
    retryAfterMs: 0,
  };
}
