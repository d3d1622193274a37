// Steps every migration test takes: move the test database to a version, failing the test on a migration error,
// so that a test reads as the versions it passes through.
import type { InsertObject, Migrator } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { listingRowSince0005, type useMigrationDb } from './migration-database';

type MigrationDb = ReturnType<typeof useMigrationDb>;

/** Migrates to `version` (the latest when left out) and expects no error. */
export async function migrate(migrator: Migrator, version?: string): Promise<void> {
  const result = version ? await migrator.migrateTo(version) : await migrator.migrateToLatest();
  expect(result.error).toBeUndefined();
}

/** The test's database and migrator, migrated to `version` (the latest when left out). */
export async function migratedTo(
  testDb: MigrationDb,
  version?: string,
): Promise<{ db: Db; migrator: Migrator }> {
  const migrator = testDb.migrator();
  await migrate(migrator, version);
  return { db: testDb.db(), migrator };
}

/** Inserts `kept`, then expects `refused` to break one of the table's unique keys. */
export async function expectUniqueKey<Table extends keyof Database & string>(
  db: Db,
  table: Table,
  kept: InsertObject<Database, Table>[],
  refused: InsertObject<Database, Table>,
): Promise<void> {
  await db.insertInto(table).values(kept).execute();
  await expect(db.insertInto(table).values(refused).execute()).rejects.toThrow();
}

/** Migrates down to `version`, expects `table` gone, and migrates back up to the latest. */
export async function expectTableDroppedBelow(
  testDb: MigrationDb,
  version: string,
  table: string,
): Promise<void> {
  await migrate(testDb.migrator(), version);
  expect(await testDb.tableNames()).not.toContain(table);
  await migrate(testDb.migrator());
}

/**
 * Checks a table of e-mailed single-use links: users u1 and u2 get a link each ('first' and 'second'), a third
 * link ('third') with the hash of the first is refused, and deleting u1 takes u1's link with it.
 */
export async function expectLinksUniqueByHashAndGoneWithUser<
  Table extends 'password_reset_tokens' | 'email_links',
>(
  db: Db,
  table: Table,
  link: (id: string, userId: string, hash: string) => InsertObject<Database, Table>,
): Promise<void> {
  await expectUniqueKey(
    db,
    table,
    [link('first', 'u1', 'a'.repeat(64)), link('second', 'u2', 'b'.repeat(64))],
    link('third', 'u2', 'a'.repeat(64)),
  );
  await db.deleteFrom('users').where('id', '=', 'u1').execute();
}

/** Listings of u1 that differ only in id and search text, with the columns every schema from 0005 on has. */
export async function insertSearchedListings(
  db: Db,
  listings: ReadonlyArray<{ id: string; search_text: string }>,
): Promise<void> {
  await db
    .insertInto('listings')
    .values(listings.map((listing) => ({ ...listingRowSince0005, owner_id: 'u1', ...listing })))
    .execute();
}
