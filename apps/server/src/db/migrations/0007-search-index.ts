import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Search finds listings whose folded search_text holds each word as a substring (decision 028). A trigram
// index answers that on both databases without reading every row of the seller: SQLite's FTS5 `trigram`
// tokenizer, PostgreSQL's pg_trgm, which LIKE '%…%' uses by itself. search_text is already folded for case and
// accents by the app, so both indexes compare it as it is (case-sensitive, no folding of their own).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const trigramSchema = await trigramExtensionSchema(db);
    await sql`create index listings_search_trgm_idx on listings using gin (search_text ${sql.id(trigramSchema)}.gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  // External content: the index reads search_text from listings (rows are matched on listings' rowid), so the
  // text is not stored twice; the triggers keep it in step with every insert, update and delete, whoever writes.
  await sql`create virtual table listings_search using fts5(search_text, content='listings', tokenize='trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`create trigger listings_search_insert after insert on listings begin
    insert into listings_search (rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger listings_search_delete after delete on listings begin
    insert into listings_search (listings_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
  await sql`create trigger listings_search_update after update of search_text on listings begin
    insert into listings_search (listings_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into listings_search (rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`insert into listings_search (listings_search) values ('rebuild')`.execute(db);
}

/**
 * Where pg_trgm lives, installed first if it is not. An extension belongs to the whole database, whatever
 * schema the app's tables are in, so it goes in `public`, where other schemas (the tests' own, dropped after
 * each run) find it and nothing drops it with them; one installed elsewhere before is used where it is.
 * It is trusted: the database's owner may install it without a superuser.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function trigramExtensionSchema(db: Kysely<any>): Promise<string> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm is not installed');
  return schema;
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // pg_trgm stays: other schemas of the database may be using it.
    await sql`drop index listings_search_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['listings_search_insert', 'listings_search_delete', 'listings_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table listings_search`.execute(db);
}
