import { expect, it } from 'vitest';
import { useMigrationDb } from '../../testing/migration-database';

const testDb = useMigrationDb();

it('adds the queue of storage keys to delete, one row per key, and rolls back', async () => {
  const migrator = testDb.migrator();
  const db = testDb.db();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('storage_deletions')
    .values([
      { key: 'photos/a.jpg', queued_at: at },
      { key: 'photos/a.thumb.webp', queued_at: at },
    ])
    .execute();
  await expect(
    db.insertInto('storage_deletions').values({ key: 'photos/a.jpg', queued_at: at }).execute(),
  ).rejects.toThrow();

  expect((await migrator.migrateTo('0013-email-links')).error).toBeUndefined();
  expect(await testDb.tableNames()).not.toContain('storage_deletions');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
