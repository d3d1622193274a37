import { expect, it } from 'vitest';
import { useMigrationDb } from '../../testing/migration-database';

const testDb = useMigrationDb();

it('adds the deployment settings, one value per name, and rolls back', async () => {
  const migrator = testDb.migrator();
  const db = testDb.db();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('instance_settings')
    .values({ name: 'photo_storage_id', value: 'first', created_at: at })
    .execute();
  await expect(
    db
      .insertInto('instance_settings')
      .values({ name: 'photo_storage_id', value: 'second', created_at: at })
      .execute(),
  ).rejects.toThrow();

  expect((await migrator.migrateTo('0016-held-storage-deletions')).error).toBeUndefined();
  expect(await testDb.tableNames()).not.toContain('instance_settings');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
