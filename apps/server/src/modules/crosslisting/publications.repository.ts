// Publications (one listing on one marketplace), the sales already counted, the activity list, and the two
// things crosslisting writes about a listing: its `listedOn` link for a live copy, and its quantity after a sale.
import type {
  Activity,
  ActivityKind,
  ErrorCode,
  Marketplace,
  PublicationStatus,
  PublishingMarketplace,
} from '@snaplist/contract';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { decodeJson, encodeJson, type PublicationsTable } from '../../db/schema';
import type { PublishProgress } from '../../platform/marketplaces/marketplace-adapter';

export interface PublicationRecord {
  id: string;
  listingId: string;
  ownerId: string;
  marketplace: PublishingMarketplace;
  status: PublicationStatus;
  sku: string;
  externalId: string | null;
  url: string | null;
  progress: PublishProgress;
  error: { code: ErrorCode; message: string } | null;
  attempts: number;
  /** A seller's edit of price or quantity waits to reach the marketplace (an `update` job). */
  needsUpdate: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export type PublicationChanges = Partial<
  Pick<
    PublicationRecord,
    | 'status'
    | 'sku'
    | 'externalId'
    | 'url'
    | 'progress'
    | 'error'
    | 'attempts'
    | 'needsUpdate'
    | 'publishedAt'
  >
> & { updatedAt: string };

export interface ActivityRecord {
  ownerId: string;
  listingId: string;
  marketplace: Marketplace | null;
  kind: ActivityKind;
  detail: string | null;
  at: string;
}

export interface SaleRecord {
  marketplace: Marketplace;
  orderId: string;
  sku: string;
  ownerId: string;
  listingId: string;
  quantity: number;
  soldAt: string;
  recordedAt: string;
}

/** In progress: a job is (or should be) running for it; start-up enqueues these again. */
export const UNFINISHED_STATUSES = ['queued', 'publishing', 'ending'] as const satisfies PublicationStatus[];

export class PublicationsRepository {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<PublicationRecord | undefined> {
    const row = await this.db.selectFrom('publications').selectAll().where('id', '=', id).executeTakeFirst();
    return row && publicationRecord(row);
  }

  async forListing(listingId: string): Promise<PublicationRecord[]> {
    const rows = await this.db
      .selectFrom('publications')
      .selectAll()
      .where('listing_id', '=', listingId)
      .orderBy('marketplace')
      .execute();
    return rows.map(publicationRecord);
  }

  /**
   * The publications of those of `listingIds` that are the owner's, and which of them are: a listing of another
   * seller's, or gone, is not among them.
   */
  async forOwnedListings(
    ownerId: string,
    listingIds: readonly string[],
  ): Promise<{ ownedIds: Set<string>; publications: PublicationRecord[] }> {
    const [owned, rows] = await Promise.all([
      this.db
        .selectFrom('listings')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('id', 'in', listingIds)
        .execute(),
      this.db
        .selectFrom('publications')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('listing_id', 'in', listingIds)
        .orderBy('marketplace')
        .execute(),
    ]);
    return { ownedIds: new Set(owned.map((row) => row.id)), publications: rows.map(publicationRecord) };
  }

  /** The publication the seller's SKU was published under on any marketplace (newest first). */
  async findBySku(ownerId: string, sku: string): Promise<PublicationRecord | undefined> {
    const row = await this.db
      .selectFrom('publications')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('sku', '=', sku)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row && publicationRecord(row);
  }

  /** Publications a job should be running for: in progress, or live with an edit not pushed yet. */
  async unfinished(): Promise<PublicationRecord[]> {
    const rows = await this.db
      .selectFrom('publications')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('status', 'in', UNFINISHED_STATUSES),
          eb.and([eb('status', '=', 'live'), eb('needs_update', '=', 1)]),
        ]),
      )
      .execute();
    return rows.map(publicationRecord);
  }

  async insert(record: PublicationRecord): Promise<void> {
    await this.db
      .insertInto('publications')
      .values({
        id: record.id,
        listing_id: record.listingId,
        owner_id: record.ownerId,
        marketplace: record.marketplace,
        status: record.status,
        sku: record.sku,
        external_id: record.externalId,
        url: record.url,
        progress: encodeJson(record.progress),
        error_code: record.error?.code ?? null,
        error_message: record.error?.message ?? null,
        attempts: record.attempts,
        needs_update: record.needsUpdate ? 1 : 0,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
        published_at: record.publishedAt,
      })
      .execute();
  }

  /**
   * Applies changes when the publication is in one of `from` (null: whatever its status); answers whether it
   * was. Two jobs or a job and a request never both move the same publication out of the same status.
   */
  async update(
    id: string,
    changes: PublicationChanges,
    from: readonly PublicationStatus[] | null = null,
  ): Promise<boolean> {
    let query = this.db.updateTable('publications').set(changedColumns(changes)).where('id', '=', id);
    if (from) query = query.where('status', 'in', from);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The copies of each listing that are (or were, until it sold) on a marketplace, as `listedOn` links. */
  async publishedLinks(
    listingIds: readonly string[],
  ): Promise<Array<{ listingId: string; marketplace: Marketplace; url: string }>> {
    if (listingIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('publications')
      .select(['listing_id', 'marketplace', 'url'])
      .where('listing_id', 'in', listingIds)
      .where('status', 'in', ['live', 'ending', 'sold'])
      .where('url', 'is not', null)
      .execute();
    return rows.flatMap((row) =>
      row.url ? [{ listingId: row.listing_id, marketplace: row.marketplace, url: row.url }] : [],
    );
  }

  /** The listing's `listedOn` link on the marketplace, made or replaced. */
  async saveLink(listingId: string, marketplace: Marketplace, url: string, at: string): Promise<void> {
    await this.db
      .insertInto('marketplace_links')
      .values({ listing_id: listingId, marketplace, url, created_at: at, updated_at: at })
      .onConflict((conflict) =>
        conflict.columns(['listing_id', 'marketplace']).doUpdateSet({ url, updated_at: at }),
      )
      .execute();
  }

  async deleteLink(listingId: string, marketplace: Marketplace): Promise<void> {
    await this.db
      .deleteFrom('marketplace_links')
      .where('listing_id', '=', listingId)
      .where('marketplace', '=', marketplace)
      .execute();
  }

  /** Whether another of the seller's listings has this SKU (then it cannot name this one on a marketplace). */
  async skuSharedWithAnotherListing(ownerId: string, sku: string, listingId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('listings')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('sku', '=', sku)
      .where('id', '!=', listingId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Counts a sale once: false when this order's line was recorded before. */
  async recordSale(sale: SaleRecord): Promise<boolean> {
    const result = await this.db
      .insertInto('marketplace_sales')
      .values({
        marketplace: sale.marketplace,
        order_id: sale.orderId,
        sku: sale.sku,
        owner_id: sale.ownerId,
        listing_id: sale.listingId,
        quantity: sale.quantity,
        sold_at: sale.soldAt,
        recorded_at: sale.recordedAt,
      })
      .onConflict((conflict) => conflict.columns(['marketplace', 'order_id', 'sku']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async addActivity(records: readonly ActivityRecord[], newId: () => string): Promise<void> {
    if (records.length === 0) return;
    await this.db
      .insertInto('crosslisting_activity')
      .values(
        records.map((record) => ({
          id: newId(),
          owner_id: record.ownerId,
          listing_id: record.listingId,
          marketplace: record.marketplace,
          kind: record.kind,
          detail: record.detail,
          at: record.at,
        })),
      )
      .execute();
  }

  /** Newest first; of one listing, or of every listing of the seller. */
  latestActivity(scope: { ownerId: string; listingId?: string }, limit: number): Promise<Activity[]> {
    return readActivity(this.db, scope.ownerId, (query) =>
      (scope.listingId ? query.where('crosslisting_activity.listing_id', '=', scope.listingId) : query)
        .orderBy('crosslisting_activity.at', 'desc')
        .orderBy('crosslisting_activity.marketplace')
        .orderBy('crosslisting_activity.id', 'desc')
        .limit(limit),
    );
  }
}

function activityQuery(db: Db, ownerId: string) {
  return db
    .selectFrom('crosslisting_activity')
    .innerJoin('listings', 'listings.id', 'crosslisting_activity.listing_id')
    .select([
      'crosslisting_activity.id',
      'crosslisting_activity.listing_id',
      'listings.title',
      'crosslisting_activity.marketplace',
      'crosslisting_activity.kind',
      'crosslisting_activity.detail',
      'crosslisting_activity.at',
    ])
    .where('crosslisting_activity.owner_id', '=', ownerId);
}

/** The seller's crosslisting events with their listing's title; `narrow` filters, orders and limits them. */
export async function readActivity(
  db: Db,
  ownerId: string,
  narrow: (query: ReturnType<typeof activityQuery>) => ReturnType<typeof activityQuery>,
): Promise<Activity[]> {
  const rows = await narrow(activityQuery(db, ownerId)).execute();
  return rows.map((row) => ({
    id: row.id,
    listingId: row.listing_id,
    listingTitle: row.title,
    marketplace: row.marketplace,
    kind: row.kind,
    detail: row.detail,
    at: row.at,
  }));
}

function publicationRecord(row: Selectable<PublicationsTable>): PublicationRecord {
  return {
    id: row.id,
    listingId: row.listing_id,
    ownerId: row.owner_id,
    marketplace: row.marketplace,
    status: row.status,
    sku: row.sku,
    externalId: row.external_id,
    url: row.url,
    progress: decodeJson(row.progress),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    attempts: row.attempts,
    needsUpdate: row.needs_update === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

function changedColumns(changes: PublicationChanges): Updateable<PublicationsTable> {
  const columns: Updateable<PublicationsTable> = { updated_at: changes.updatedAt };
  if (changes.status !== undefined) columns.status = changes.status;
  if (changes.sku !== undefined) columns.sku = changes.sku;
  if (changes.externalId !== undefined) columns.external_id = changes.externalId;
  if (changes.url !== undefined) columns.url = changes.url;
  if (changes.progress !== undefined) columns.progress = encodeJson(changes.progress);
  if (changes.error !== undefined) {
    columns.error_code = changes.error?.code ?? null;
    columns.error_message = changes.error?.message ?? null;
  }
  if (changes.attempts !== undefined) columns.attempts = changes.attempts;
  if (changes.needsUpdate !== undefined) columns.needs_update = changes.needsUpdate ? 1 : 0;
  if (changes.publishedAt !== undefined) columns.published_at = changes.publishedAt;
  return columns;
}
