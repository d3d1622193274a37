import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { insertSearchedListings, migrate, migratedTo } from '../../testing/migration-steps';
import { type Db, isPostgres } from '../database';

const testDb = useMigrationDb();

/** The ids the index finds for a word: FTS5 on SQLite; on PostgreSQL, LIKE with the index as the only way in. */
async function foundByIndex(db: Db, word: string): Promise<string[]> {
  if (!isPostgres(db)) {
    const { rows } = await sql<{ id: string }>`
      select listings.id from listings_search join listings on listings.rowid = listings_search.rowid
      where listings_search match ${`"${word}"`} order by listings.id`.execute(db);
    return rows.map((row) => row.id);
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const query = sql<{
      id: string;
    }>`select id from listings where search_text like ${`%${word}%`} escape '\\'`;
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('listings_search_trgm_idx');
    const { rows } = await query.execute(trx);
    return rows.map((row) => row.id).sort();
  });
}

/** SQLite's own check that the external-content index holds exactly what the listings rows hold. */
async function expectIndexInStep(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into listings_search (listings_search, rank) values ('integrity-check', 1)`.execute(db);
}

it('indexes earlier listings, keeps the index in step with every write, and rolls back cleanly', async () => {
  const { db, migrator } = await migratedTo(testDb, '0006-listing-suggestions');
  await insertUsers(db, 1);
  await insertSearchedListings(db, [
    { id: 'l1', search_text: 'levis 501 blue jeans' },
    { id: 'l2', search_text: 'harris tweed jacket' },
  ]);

  await migrate(migrator);
  expect(await foundByIndex(db, 'jeans')).toEqual(['l1']);
  expect(await foundByIndex(db, 'twee')).toEqual(['l2']);
  await expectIndexInStep(db);

  await insertSearchedListings(db, [{ id: 'l3', search_text: 'corduroy jeans' }]);
  await db.updateTable('listings').set({ search_text: 'harris wool coat' }).where('id', '=', 'l2').execute();
  await db.updateTable('listings').set({ title: 'Not a searched column' }).where('id', '=', 'l1').execute();
  await db.deleteFrom('listings').where('id', '=', 'l1').execute();
  expect(await foundByIndex(db, 'jeans')).toEqual(['l3']);
  expect(await foundByIndex(db, 'tweed')).toEqual([]);
  expect(await foundByIndex(db, 'wool')).toEqual(['l2']);
  await expectIndexInStep(db);

  await migrate(migrator, '0006-listing-suggestions');
  if (isPostgres(db)) {
    const { rows } = await sql`select 1 from pg_indexes
      where schemaname = current_schema() and indexname = 'listings_search_trgm_idx'`.execute(db);
    expect(rows).toEqual([]);
  } else {
    await expect(sql`select rowid from listings_search`.execute(db)).rejects.toThrow(/listings_search/);
  }
  // Without the index (and on SQLite its triggers) listings are written as before.
  await insertSearchedListings(db, [{ id: 'l4', search_text: 'denim jeans' }]);
  await db.deleteFrom('listings').where('id', '=', 'l3').execute();

  await migrate(migrator);
  expect(await foundByIndex(db, 'jeans')).toEqual(['l4']);
  await expectIndexInStep(db);
});
