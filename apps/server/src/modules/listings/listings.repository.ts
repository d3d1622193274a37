// Listings: generated and inventory listings and where each is listed, always read through their owner.
// Lists are keyset-paged on (created_at desc, id desc), which the index (owner_id, source, created_at, id)
// answers without a sort.
import { type Insertable, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, ListingsTable, MarketplaceLinksTable } from '../../db/schema';

export type ListingRow = Selectable<ListingsTable>;
export type NewListingRow = Insertable<ListingsTable>;
export type ListingChanges = Updateable<ListingsTable>;
export type MarketplaceLinkRow = Selectable<MarketplaceLinksTable>;
export type ListingSource = ListingsTable['source'];

/** The last row of the previous page: the next page starts strictly after it. */
export interface ListingKeyset {
  createdAt: string;
  id: string;
}

const SUMMARY_COLUMNS = [
  'id',
  'source',
  'title',
  'brand',
  'size',
  'sku',
  'price',
  'price_min',
  'price_max',
  'currency',
  'quantity',
  'stock_status',
  'created_at',
  'updated_at',
] as const;
export type ListingSummaryRow = Pick<ListingRow, (typeof SUMMARY_COLUMNS)[number]>;

// Everything a seller keeps in a spreadsheet; not the engine's evidence or the marketplace variants.
const EXPORT_COLUMNS = [
  'id',
  'title',
  'description',
  'price',
  'currency',
  'category',
  'size',
  'colours',
  'brand',
  'condition',
  'sku',
  'cogs',
  'barcode',
  'quantity',
  'tags',
  'stock_status',
  'created_at',
  'updated_at',
] as const;
export type ListingExportRow = Pick<ListingRow, (typeof EXPORT_COLUMNS)[number]>;

/** Rows per multi-row INSERT: well under SQLite's limit of bound parameters per statement. */
const INSERT_CHUNK = 500;
const LIKE_ESCAPE = '\\';

export class ListingsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewListingRow): Promise<void> {
    await this.db.insertInto('listings').values(row).execute();
  }

  /** Inserts many rows in multi-row statements (seeding); wrap it in a transaction for speed. */
  async insertMany(rows: readonly NewListingRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await this.db
        .insertInto('listings')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
    }
  }

  findOwned(id: string, ownerId: string): Promise<ListingRow | undefined> {
    return this.db
      .selectFrom('listings')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  /** One page of list rows, newest first, after `after` (from the start when null). */
  summaryPage(
    ownerId: string,
    source: ListingSource,
    after: ListingKeyset | null,
    limit: number,
  ): Promise<ListingSummaryRow[]> {
    return this.afterKeyset(this.ownedNewestFirst(ownerId, source), after)
      .select(SUMMARY_COLUMNS)
      .limit(limit)
      .execute();
  }

  /** Like summaryPage, with the columns of the CSV export, which reads a whole tab in batches. */
  exportPage(
    ownerId: string,
    source: ListingSource,
    after: ListingKeyset | null,
    limit: number,
  ): Promise<ListingExportRow[]> {
    return this.afterKeyset(this.ownedNewestFirst(ownerId, source), after)
      .select(EXPORT_COLUMNS)
      .limit(limit)
      .execute();
  }

  /**
   * List rows whose search_text holds every word, newest first. Words must already be folded with
   * searchKey; LIKE's wildcards in them are escaped, so "50%" matches only "50%".
   */
  searchSummaries(
    ownerId: string,
    source: ListingSource,
    words: readonly string[],
    offset: number,
    limit: number,
  ): Promise<ListingSummaryRow[]> {
    let query = this.ownedNewestFirst(ownerId, source);
    for (const word of words) {
      // Written as SQL because Kysely's `like` operator has no ESCAPE clause; both dialects take this form.
      query = query.where(
        sql<boolean>`${sql.ref('search_text')} like ${`%${escapeLike(word)}%`} escape ${LIKE_ESCAPE}`,
      );
    }
    return query.select(SUMMARY_COLUMNS).limit(limit).offset(offset).execute();
  }

  /** Applies changes to the owner's listing; false when there is no such listing (any more). */
  async updateOwned(id: string, ownerId: string, changes: ListingChanges): Promise<boolean> {
    const result = await this.db
      .updateTable('listings')
      .set(changes)
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes those of `ids` that the owner has (their links go with them); answers the ids deleted. */
  async deleteOwned(ownerId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const deleted = await this.db
      .deleteFrom('listings')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .returning('id')
      .execute();
    return deleted.map((row) => row.id);
  }

  linksFor(listingIds: readonly string[]): Promise<MarketplaceLinkRow[]> {
    if (listingIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('marketplace_links')
      .selectAll()
      .where('listing_id', 'in', listingIds)
      .orderBy('listing_id')
      .orderBy('marketplace')
      .execute();
  }

  /** Makes the listing's links exactly `links`; a marketplace it stays listed on keeps its created_at. */
  async replaceLinks(
    listingId: string,
    links: ReadonlyArray<{ marketplace: string; url: string }>,
    at: string,
  ): Promise<void> {
    const existing = await this.db
      .deleteFrom('marketplace_links')
      .where('listing_id', '=', listingId)
      .returning(['marketplace', 'created_at'])
      .execute();
    if (links.length === 0) return;
    const createdAt = new Map(existing.map((link) => [link.marketplace, link.created_at]));
    await this.db
      .insertInto('marketplace_links')
      .values(
        links.map((link) => ({
          listing_id: listingId,
          marketplace: link.marketplace,
          url: link.url,
          created_at: createdAt.get(link.marketplace) ?? at,
          updated_at: at,
        })),
      )
      .execute();
  }

  private ownedNewestFirst(ownerId: string, source: ListingSource) {
    return this.db
      .selectFrom('listings')
      .where('owner_id', '=', ownerId)
      .where('source', '=', source)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  }

  private afterKeyset<O>(
    query: SelectQueryBuilder<Database, 'listings', O>,
    after: ListingKeyset | null,
  ): SelectQueryBuilder<Database, 'listings', O> {
    if (!after) return query;
    // "created_at <= c" bounds the index range; the OR then drops the rows of that instant up to the cursor.
    return query
      .where('created_at', '<=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb('id', '<', after.id)]));
  }
}

/** Escapes LIKE's wildcards, and the escape character itself, for a pattern matched with ESCAPE '\'. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `${LIKE_ESCAPE}${character}`);
}
