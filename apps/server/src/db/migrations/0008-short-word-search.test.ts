import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { insertSearchedListings, migrate, migratedTo } from '../../testing/migration-steps';
import { type Db, isPostgres } from '../database';

const testDb = useMigrationDb();

/**
 * The ids the short-piece index finds for a word of one or two characters: on SQLite the listings holding a
 * trigram of the padded text that begins with it; on PostgreSQL the expression index, as the only way in.
 */
async function foundByShortPieces(db: Db, word: string): Promise<string[]> {
  if (!isPostgres(db)) {
    const { rows: terms } = await sql<{ term: string }>`
      select term from listings_search_terms where substr(term, 1, ${[...word].length}) = ${word}`.execute(
      db,
    );
    if (terms.length === 0) return [];
    const match = terms.map((row) => `"${row.term}"`).join(' OR ');
    const { rows } = await sql<{ id: string }>`
      select listings.id from listings_search join listings on listings.rowid = listings_search.rowid
      where listings_search match ${match} order by listings.id`.execute(db);
    return rows.map((row) => row.id);
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const query = sql<{ id: string }>`
      select id from listings where search_short_pieces(search_text) @> ${[word]}::text[] order by id`;
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('listings_search_short_idx');
    const { rows } = await query.execute(trx);
    return rows.map((row) => row.id);
  });
}

it('indexes the short pieces of earlier listings, keeps them in step, and rolls back to the trigram index', async () => {
  const { db, migrator } = await migratedTo(testDb, '0007-search-index');
  await insertUsers(db, 1);
  await insertSearchedListings(db, [
    { id: 'l1', search_text: 'parka xl' },
    { id: 'l2', search_text: 'xs' },
    { id: 'l3', search_text: 'quilted vest m' },
  ]);

  await migrate(migrator, '0008-short-word-search');
  // At the very end of the text, and a whole text of two characters: the padding makes a trigram of each.
  expect(await foundByShortPieces(db, 'xl')).toEqual(['l1']);
  expect(await foundByShortPieces(db, 'x')).toEqual(['l1', 'l2']);
  expect(await foundByShortPieces(db, 'm')).toEqual(['l3']);
  expect(await foundByShortPieces(db, 'zq')).toEqual([]);

  await db.updateTable('listings').set({ search_text: 'denim xs' }).where('id', '=', 'l1').execute();
  await db.deleteFrom('listings').where('id', '=', 'l2').execute();
  await insertSearchedListings(db, [{ id: 'l4', search_text: 'zq' }]);
  expect(await foundByShortPieces(db, 'xl')).toEqual([]);
  expect(await foundByShortPieces(db, 'xs')).toEqual(['l1']);
  expect(await foundByShortPieces(db, 'zq')).toEqual(['l4']);

  await migrate(migrator, '0007-search-index');
  if (isPostgres(db)) {
    const { rows } = await sql`select 1 from pg_proc where proname = 'search_short_pieces'
      and pronamespace = current_schema()::regnamespace`.execute(db);
    expect(rows).toEqual([]);
  } else {
    // 0007's external-content index again, in step with the rows as they are now.
    await sql`insert into listings_search (listings_search, rank) values ('integrity-check', 1)`.execute(db);
    await expect(sql`select term from listings_search_terms`.execute(db)).rejects.toThrow(
      /listings_search_terms/,
    );
  }
  await migrate(migrator);
  expect(await foundByShortPieces(db, 'zq')).toEqual(['l4']);
});
