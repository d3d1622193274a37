// Listings: generated and inventory listings and where each is listed, always read through their owner.
// The rest of the server sees a ListingRecord (camelCase, the contract's types, real arrays): how it is
// stored (column names, JSON text, the folded search_text) is known here only. Every method takes an optional
// transaction, as fastify/demo's repositories do, so a service or the generation job composes them.
// Lists are keyset-paged on (created_at desc, id desc), which the index (owner_id, source, created_at, id)
// answers without a sort. Search goes through a trigram index on search_text (decision 028).
import type {
  Currency,
  EngineFallback,
  Language,
  ListingContent,
  ListingSource,
  Marketplace,
  StockStatus,
} from '@snaplist/contract';
import { type Insertable, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { type Db, isPostgres } from '../../db/database';
import { type Database, decodeJson, encodeJson, type JsonText, type ListingsTable } from '../../db/schema';
import { readWriterInput, type WriterInput } from '../../platform/ai/local/text/writer/writer-input';
import { listingSearchText, type SearchableFields } from './search-key';

export interface ListingRecord extends ListingContent {
  id: string;
  /**
   * What the local writer wrote the text from, so a seller's answer to a suggestion can rewrite it (decision
   * 047); null for a vision model's or a seller's text, and for a stored shape that no longer reads.
   */
  writerInput: WriterInput | null;
  ownerId: string;
  source: ListingSource;
  /** The listing an inventory listing was made from ("List Item"); `sourceListingId` in the API. */
  madeFromId: string | null;
  /** Of the price, the cost of goods and the suggested range alike. */
  currency: Currency;
  /** Suggested range in minor units; null when none was suggested or the currency changed under it. */
  priceMin: number | null;
  priceMax: number | null;
  /** Asking price in minor units; null on a generated listing, which only suggests a range. */
  price: number | null;
  language: Language;
  /** `local`, `openai`, or `none` for a listing made by hand. */
  engine: string;
  engineModel: string | null;
  engineFallback: EngineFallback | null;
  stockStatus: StockStatus;
  sku: string | null;
  /** Cost of goods in minor units. */
  cogs: number | null;
  barcode: string | null;
  quantity: number;
  createdAt: string;
  updatedAt: string;
}

/** The fields search reads: an update sets all of them or none, so search_text is never made from half. */
type SearchedField = keyof SearchableFields;

/** What an update may change: never who owns the listing or when it was made. */
export type ListingChanges = Partial<Omit<ListingRecord, 'id' | 'ownerId' | 'createdAt' | SearchedField>> &
  (Pick<ListingRecord, SearchedField> | { [Field in SearchedField]?: never });

export interface MarketplaceLink {
  listingId: string;
  marketplace: Marketplace;
  url: string;
}

/** A link with its listing's stock: whether the copy there may still sell. */
export interface StockedMarketplaceLink extends MarketplaceLink {
  quantity: number;
  stockStatus: StockStatus;
}

/** The last row of the previous page: the next page starts strictly after it. */
export interface ListingKeyset {
  createdAt: string;
  id: string;
}

type ListingColumns = Selectable<ListingsTable>;

/** How one field is kept: its column, and the conversion each way (JSON text for arrays and objects). */
interface StoredAs<Value, Column extends keyof ListingColumns> {
  column: Column;
  encode: (value: Value) => ListingColumns[Column];
  decode: (stored: ListingColumns[Column]) => Value;
}
type StoredInSomeColumn<Value> = {
  [Column in keyof ListingColumns]: StoredAs<Value, Column>;
}[keyof ListingColumns];

const asIs = <Value>(value: Value) => value;
const inColumn = <Column extends keyof ListingColumns>(column: Column) => ({
  column,
  encode: asIs,
  decode: asIs,
});
const asJsonIn = <Column extends keyof ListingColumns>(column: Column) => ({
  column,
  encode: encodeJson,
  decode: decodeJson,
});

/** Every field of a record and how it is stored; the compiler checks each against its column's type. */
const STORAGE = {
  id: inColumn('id'),
  ownerId: inColumn('owner_id'),
  source: inColumn('source'),
  madeFromId: inColumn('source_listing_id'),
  title: inColumn('title'),
  description: inColumn('description'),
  tags: asJsonIn('tags'),
  currency: inColumn('currency'),
  priceMin: inColumn('price_min'),
  priceMax: inColumn('price_max'),
  price: inColumn('price'),
  brand: inColumn('brand'),
  size: inColumn('size'),
  colours: asJsonIn('colours'),
  category: inColumn('category'),
  condition: inColumn('condition'),
  composition: asJsonIn('composition'),
  evidence: asJsonIn('evidence'),
  suggestions: asJsonIn('suggestions'),
  variants: asJsonIn('variants'),
  writerInput: {
    column: 'writer_input',
    encode: (input: WriterInput | null) => (input === null ? null : encodeJson(input)),
    decode: (stored: JsonText<unknown> | null) =>
      stored === null ? null : readWriterInput(decodeJson(stored)),
  },
  language: inColumn('language'),
  engine: inColumn('engine'),
  engineModel: inColumn('engine_model'),
  engineFallback: inColumn('engine_fallback'),
  stockStatus: inColumn('stock_status'),
  sku: inColumn('sku'),
  cogs: inColumn('cogs'),
  barcode: inColumn('barcode'),
  quantity: inColumn('quantity'),
  createdAt: inColumn('created_at'),
  updatedAt: inColumn('updated_at'),
} satisfies { [Field in keyof ListingRecord]: StoredInSomeColumn<ListingRecord[Field]> };

type ColumnOf<Field extends keyof ListingRecord> = (typeof STORAGE)[Field]['column'];

const ALL_FIELDS = Object.keys(STORAGE) as Array<keyof ListingRecord>;

const SUMMARY_FIELDS = [
  'id',
  'source',
  'title',
  'brand',
  'size',
  'sku',
  'price',
  'priceMin',
  'priceMax',
  'currency',
  'quantity',
  'stockStatus',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof ListingRecord>;
/** What a row of the listings page shows. */
export type ListingSummaryRecord = Pick<ListingRecord, (typeof SUMMARY_FIELDS)[number]>;

// Everything a seller keeps in a spreadsheet; not the engine's evidence or the marketplace variants.
const EXPORT_FIELDS = [
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
  'stockStatus',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof ListingRecord>;
export type ListingExportRecord = Pick<ListingRecord, (typeof EXPORT_FIELDS)[number]>;

/** Rows per multi-row INSERT: well under SQLite's limit of bound parameters per statement. */
const INSERT_CHUNK = 500;
const LIKE_ESCAPE = '\\';
/** A trigram index finds a word of at least this many characters; a shorter one goes through its pieces. */
const TRIGRAM_LENGTH = 3;
/**
 * Up to this many listings holding the words (all sellers together), SQLite reads them through the index and
 * sorts them; from this many on, the words are common enough that reading the seller's listings newest first
 * fills a page sooner. Either way about a thousand rows at most are read for a first page.
 */
const FEW_INDEX_HITS = 1000;

/**
 * Searches with a word shorter than a trigram read this many of the seller's newest listings first: a common
 * short word ("xl", "m") fills a page among them, and reading them costs about a millisecond.
 */
const RECENT_LISTINGS_SEARCHED = 1000;
/** Sorts after every character that may follow a word in a trigram: the end of a range of terms. */
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

function isIndexable(word: string): boolean {
  return [...word].length >= TRIGRAM_LENGTH;
}

/** A word as a quoted FTS5 string: a substring for the trigram tokenizer, never an operator (AND, NEAR, *). */
function ftsString(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * One LIKE per word; written as SQL because Kysely's `like` operator has no ESCAPE clause. A short word's is
 * over an expression of the column: PostgreSQL would otherwise take the trigram index for it, which cannot
 * narrow a word shorter than a trigram and would make it read every hit of the other words.
 */
function holdsEveryWord(words: readonly string[]) {
  return words.map((word) => {
    const text = isIndexable(word) ? sql.ref('search_text') : sql`(${sql.ref('search_text')} || '')`;
    return sql<boolean>`${text} like ${`%${escapeLike(word)}%`} escape ${LIKE_ESCAPE}`;
  });
}

export class ListingsRepository {
  constructor(private readonly db: Db) {}

  /** The one way a listing is written, generated or inventory alike. */
  async insert(record: ListingRecord): Promise<void> {
    await this.db.insertInto('listings').values(newRow(record)).execute();
  }

  /** Inserts many in multi-row statements (seeding): fast on a repository bound to a transaction. */
  async insertMany(records: readonly ListingRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += INSERT_CHUNK) {
      await this.db
        .insertInto('listings')
        .values(records.slice(start, start + INSERT_CHUNK).map(newRow))
        .execute();
    }
  }

  async findOwned(id: string, ownerId: string): Promise<ListingRecord | undefined> {
    const row = await this.db
      .selectFrom('listings')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return row && decodeFields(row, ALL_FIELDS);
  }

  /** One page of list rows, newest first, after `after` (from the start when null). */
  async summaryPage(
    ownerId: string,
    source: ListingSource,
    after: ListingKeyset | null,
    limit: number,
  ): Promise<ListingSummaryRecord[]> {
    const rows = await this.afterKeyset(this.ownedNewestFirst(ownerId, source), after)
      .select(columnsOf(SUMMARY_FIELDS))
      .limit(limit)
      .execute();
    return rows.map((row) => decodeFields(row, SUMMARY_FIELDS));
  }

  /** Like summaryPage, with the fields of the CSV export, which reads a whole tab in batches. */
  async exportPage(
    ownerId: string,
    source: ListingSource,
    after: ListingKeyset | null,
    limit: number,
  ): Promise<ListingExportRecord[]> {
    const rows = await this.afterKeyset(this.ownedNewestFirst(ownerId, source), after)
      .select(columnsOf(EXPORT_FIELDS))
      .limit(limit)
      .execute();
    return rows.map((row) => decodeFields(row, EXPORT_FIELDS));
  }

  /**
   * List rows whose search_text holds every word, newest first. Words must already be folded with
   * searchKey; LIKE's wildcards in them are escaped, so "50%" matches only "50%". The LIKE conditions say what
   * matches, on both databases; the indexes only find the candidates sooner (decision 028). A word too short for
   * a trigram is looked for among the seller's newest listings first, where a common one fills the page at once,
   * and otherwise through the index of short pieces (decision 029).
   */
  async searchSummaries(
    ownerId: string,
    source: ListingSource,
    words: readonly string[],
    offset: number,
    limit: number,
  ): Promise<ListingSummaryRecord[]> {
    const shortWords = words.filter((word) => !isIndexable(word));
    if (shortWords.length > 0) {
      const recent = await this.searchRecent(ownerId, source, words, offset, limit);
      if (recent) return recent;
    }
    let query = isPostgres(this.db)
      ? await this.postgresSearchCandidates(ownerId, source, words)
      : await this.sqliteSearchCandidates(ownerId, source, words);
    if (!query) return [];
    for (const condition of holdsEveryWord(words)) query = query.where(condition);
    const rows = await query.select(columnsOf(SUMMARY_FIELDS)).limit(limit).offset(offset).execute();
    return rows.map((row) => decodeFields(row, SUMMARY_FIELDS));
  }

  /**
   * The page read from the seller's RECENT_LISTINGS_SEARCHED newest listings alone, when that settles it: the
   * page is full, or the seller has no more listings than that. Null when older listings must be searched.
   */
  private async searchRecent(
    ownerId: string,
    source: ListingSource,
    words: readonly string[],
    offset: number,
    limit: number,
  ): Promise<ListingSummaryRecord[] | null> {
    const newest = this.ownedNewestFirst(ownerId, source).selectAll().limit(RECENT_LISTINGS_SEARCHED);
    let query = this.db.selectFrom(newest.as('listings')).orderBy('created_at', 'desc').orderBy('id', 'desc');
    for (const condition of holdsEveryWord(words)) query = query.where(condition);
    const rows = await query.select(columnsOf(SUMMARY_FIELDS)).limit(limit).offset(offset).execute();
    if (rows.length < limit) {
      const counted = await this.db
        .selectFrom(
          this.ownedNewestFirst(ownerId, source)
            .select('id')
            .limit(RECENT_LISTINGS_SEARCHED + 1)
            .as('owned'),
        )
        .select((eb) => eb.fn.countAll<number>().as('listings'))
        .executeTakeFirstOrThrow();
      if (Number(counted.listings) > RECENT_LISTINGS_SEARCHED) return null;
    }
    return rows.map((row) => decodeFields(row, SUMMARY_FIELDS));
  }

  /**
   * The owner's listings, newest first; PostgreSQL's planner takes pg_trgm's index for LIKE by itself when the
   * words are rare, and the seller's newest rows when they are common. Short words go through the index of every
   * listing's one- and two-character pieces (search_short_pieces, migration 0008): alone, as the way in; beside a
   * longer word, which the trigram index narrows better, only to learn whether any listing holds them at all
   * (undefined when none does), since the planner, given both, reads every trigram hit of a common long word.
   */
  private async postgresSearchCandidates(ownerId: string, source: ListingSource, words: readonly string[]) {
    const shortWords = words.filter((word) => !isIndexable(word));
    const query = this.ownedNewestFirst(ownerId, source);
    if (shortWords.length === 0) return query;
    const holdsShortWords = sql<boolean>`search_short_pieces(${sql.ref('search_text')}) @> ${sql.val([...shortWords])}::text[]`;
    if (shortWords.length === words.length) return query.where(holdsShortWords);
    const anyHolder = await this.db
      .selectFrom('listings')
      .select('id')
      .where(holdsShortWords)
      .limit(1)
      .execute();
    return anyHolder.length === 0 ? undefined : query;
  }

  /**
   * The owner's listings, newest first, narrowed through the FTS5 index (listings_search, kept in step by
   * triggers). When the index finds few listings, they drive the query and are sorted; when it finds many, the
   * seller's listings are read newest first until a page is full, which takes few rows because so many match.
   * A short word is looked up as the trigrams that begin with it (every occurrence begins one: the index holds
   * each text with two spaces after it); undefined when a short word begins none, so no listing holds it.
   */
  private async sqliteSearchCandidates(ownerId: string, source: ListingSource, words: readonly string[]) {
    const groups: string[] = [];
    for (const word of words) {
      if (isIndexable(word)) {
        groups.push(ftsString(word));
        continue;
      }
      const trigrams = await this.trigramsBeginningWith(word);
      if (trigrams.length === 0) return undefined;
      groups.push(`(${trigrams.map(ftsString).join(' OR ')})`);
    }
    const hits = sql`select rowid from listings_search where listings_search match ${groups.join(' AND ')}`;
    const counted = sql<{ hits: number }>`select count(*) as hits from (${hits} limit ${FEW_INDEX_HITS})`;
    const { rows } = await counted.execute(this.db);
    if ((rows[0]?.hits ?? 0) >= FEW_INDEX_HITS) return this.ownedNewestFirst(ownerId, source);
    // SQLite has no row counts (no ANALYZE) and would still walk the owner's index for the order; a unary +
    // keeps owner_id and source out of index use, so the few hits are looked up by rowid and sorted.
    return this.db
      .selectFrom('listings')
      .where(sql<boolean>`${sql.ref('rowid')} in (${hits})`)
      .where(sql<boolean>`+${sql.ref('owner_id')} = ${ownerId}`)
      .where(sql<boolean>`+${sql.ref('source')} = ${source}`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  }

  /** The index's trigrams that begin with a word of one or two characters, from its vocabulary (a range read). */
  private async trigramsBeginningWith(word: string): Promise<string[]> {
    const { rows } = await sql<{ term: string }>`
      select term from listings_search_terms where term >= ${word} and term < ${word + LAST_CODE_POINT}`.execute(
      this.db,
    );
    return rows.map((row) => row.term).filter((term) => term.startsWith(word));
  }

  /** Applies changes to the owner's listing; false when there is no such listing (any more). */
  async updateOwned(id: string, ownerId: string, changes: ListingChanges): Promise<boolean> {
    const result = await this.db
      .updateTable('listings')
      .set(changedColumns(changes))
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

  async linksFor(listingIds: readonly string[]): Promise<MarketplaceLink[]> {
    if (listingIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('marketplace_links')
      .select(['listing_id', 'marketplace', 'url'])
      .where('listing_id', 'in', listingIds)
      .orderBy('listing_id')
      .orderBy('marketplace')
      .execute();
    return rows.map((row) => ({ listingId: row.listing_id, marketplace: row.marketplace, url: row.url }));
  }

  /**
   * Records where the listing is on one marketplace, made or replaced; false when it was there with exactly this
   * URL already. The check is the upsert's own condition, so two identical requests at once change it once.
   */
  async recordLink(listingId: string, marketplace: Marketplace, url: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('marketplace_links')
      .values({ listing_id: listingId, marketplace, url, created_at: at, updated_at: at })
      .onConflict((conflict) =>
        conflict
          .columns(['listing_id', 'marketplace'])
          .doUpdateSet({ url, updated_at: at })
          .where('marketplace_links.url', '!=', url),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The owner's links on these marketplaces with their listings' stock, the most recently recorded first. */
  async stockedLinks(
    ownerId: string,
    marketplaces: readonly Marketplace[],
    limit: number,
  ): Promise<StockedMarketplaceLink[]> {
    if (marketplaces.length === 0) return [];
    const rows = await this.db
      .selectFrom('marketplace_links')
      .innerJoin('listings', 'listings.id', 'marketplace_links.listing_id')
      .select([
        'marketplace_links.listing_id',
        'marketplace_links.marketplace',
        'marketplace_links.url',
        'listings.quantity',
        'listings.stock_status',
      ])
      .where('listings.owner_id', '=', ownerId)
      .where('marketplace_links.marketplace', 'in', marketplaces)
      .orderBy('marketplace_links.updated_at', 'desc')
      .orderBy('marketplace_links.listing_id')
      .orderBy('marketplace_links.marketplace')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      listingId: row.listing_id,
      marketplace: row.marketplace,
      url: row.url,
      quantity: row.quantity,
      stockStatus: row.stock_status,
    }));
  }

  /** Every link of the owner's on one marketplace, the most recently recorded first. */
  async linksOnMarketplace(ownerId: string, marketplace: Marketplace): Promise<MarketplaceLink[]> {
    const rows = await this.db
      .selectFrom('marketplace_links')
      .innerJoin('listings', 'listings.id', 'marketplace_links.listing_id')
      .select(['marketplace_links.listing_id', 'marketplace_links.url'])
      .where('listings.owner_id', '=', ownerId)
      .where('marketplace_links.marketplace', '=', marketplace)
      .orderBy('marketplace_links.updated_at', 'desc')
      .orderBy('marketplace_links.listing_id')
      .execute();
    return rows.map((row) => ({ listingId: row.listing_id, marketplace, url: row.url }));
  }

  /** Makes the listing's links exactly `links`; a marketplace it stays listed on keeps its created_at. */
  async replaceLinks(
    listingId: string,
    links: ReadonlyArray<{ marketplace: Marketplace; url: string }>,
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

function columnsOf<Field extends keyof ListingRecord>(fields: readonly Field[]): Array<ColumnOf<Field>> {
  return fields.map((field) => STORAGE[field].column);
}

function newRow(record: ListingRecord): Insertable<ListingsTable> {
  return { ...encodeFields(record), search_text: listingSearchText(record) };
}

function changedColumns(changes: ListingChanges): Updateable<ListingsTable> {
  const columns = encodeFields(changes);
  return changes.title === undefined ? columns : { ...columns, search_text: listingSearchText(changes) };
}

// The two loops below are where a field meets its column generically: STORAGE, checked field by field
// above, is what makes the casts in them hold. Given changes only, encodeFields answers only their columns.

function encodeFields(fields: Partial<ListingRecord>): Insertable<ListingsTable> {
  const columns: Record<string, unknown> = {};
  for (const field of ALL_FIELDS) {
    const value = fields[field];
    if (value !== undefined) columns[STORAGE[field].column] = STORAGE[field].encode(value as never);
  }
  return columns as unknown as Insertable<ListingsTable>;
}

function decodeFields<Field extends keyof ListingRecord>(
  row: { [Column in ColumnOf<Field>]: ListingColumns[Column] },
  fields: readonly Field[],
): Pick<ListingRecord, Field> {
  const record: Partial<Record<keyof ListingRecord, unknown>> = {};
  for (const field of fields) {
    const { column, decode } = STORAGE[field];
    record[field] = decode(row[column as ColumnOf<Field>] as never);
  }
  return record as Pick<ListingRecord, Field>;
}
