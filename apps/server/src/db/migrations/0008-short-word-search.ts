import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { up as createTrigramIndex } from './0007-search-index';

// Words of one or two characters cannot be looked up in a trigram index (decision 029). SQLite: listings_search
// becomes a contentless FTS5 table that holds each search_text with two spaces after it, so every occurrence of a
// short word begins a trigram ("xl" at the very end begins "xl "), and its vocabulary, read by a range of terms,
// names the trigrams a short word begins. PostgreSQL: a GIN index of every listing's distinct one- and
// two-character pieces, made by an immutable function the query calls by the same name.

/** After search_text in the SQLite index: two spaces, which folded text never holds (it collapses whitespace). */
const PADDING = '  ';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Characters, then the two-character pieces starting at odd and at even positions. COST tells the planner
    // the function is dear, so it looks pieces up in the index rather than computing them row by row.
    await sql`create function search_short_pieces(search_text text) returns text[]
      language sql immutable strict parallel safe cost 1000 as $$
        select array(
          select unnest(string_to_array(search_text, null))
          union select (regexp_matches(search_text, '..', 'g'))[1]
          union select (regexp_matches(substr(search_text, 2), '..', 'g'))[1])
      $$`.execute(db);
    await sql`create index listings_search_short_idx on listings using gin (search_short_pieces(search_text))`.execute(
      db,
    );
    return;
  }
  await dropSqliteIndex(db);
  // Contentless: it keeps only the index (as the external-content table did), so the padded text need not exist
  // anywhere; contentless_delete lets the triggers remove a row's entries by rowid alone.
  await sql`create virtual table listings_search using fts5(search_text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`create virtual table listings_search_terms using fts5vocab(listings_search, 'row')`.execute(db);
  await sql`create trigger listings_search_insert after insert on listings begin
    insert into listings_search (rowid, search_text) values (new.rowid, new.search_text || ${sql.lit(PADDING)});
  end`.execute(db);
  await sql`create trigger listings_search_delete after delete on listings begin
    delete from listings_search where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger listings_search_update after update of search_text on listings begin
    delete from listings_search where rowid = old.rowid;
    insert into listings_search (rowid, search_text) values (new.rowid, new.search_text || ${sql.lit(PADDING)});
  end`.execute(db);
  await sql`insert into listings_search (rowid, search_text)
    select rowid, search_text || ${sql.lit(PADDING)} from listings`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function dropSqliteIndex(db: Kysely<any>): Promise<void> {
  for (const trigger of ['listings_search_insert', 'listings_search_delete', 'listings_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists listings_search_terms`.execute(db);
  await sql`drop table listings_search`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index listings_search_short_idx`.execute(db);
    await sql`drop function search_short_pieces(text)`.execute(db);
    return;
  }
  await dropSqliteIndex(db);
  await createTrigramIndex(db);
}
