import { expect, it } from 'vitest';
import { useMigrationDb } from '../../testing/migration-database';
import { migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('leaves queued keys unheld, holds new ones until a time, and rolls back', async () => {
  const { db, migrator } = await migratedTo(testDb, '0015-listing-writer-input');
  const at = '2026-01-01T00:00:00.000Z';
  // Queued as the 0014 table was: the held_until column does not exist yet.
  await db.insertInto('storage_deletions').values({ key: 'photos/a.jpg', queued_at: at }).execute();

  await migrate(migrator);
  await db
    .insertInto('storage_deletions')
    .values({ key: 'photos/b.jpg', queued_at: at, held_until: '2026-01-01T01:00:00.000Z' })
    .execute();
  expect(
    await db.selectFrom('storage_deletions').select(['key', 'held_until']).orderBy('key').execute(),
  ).toEqual([
    { key: 'photos/a.jpg', held_until: null },
    { key: 'photos/b.jpg', held_until: '2026-01-01T01:00:00.000Z' },
  ]);

  await migrate(migrator, '0015-listing-writer-input');
  // Asked by name, not by introspection, which on PostgreSQL also lists other tests' schemas.
  await expect(db.selectFrom('storage_deletions').select('held_until').execute()).rejects.toThrow(
    /held_until/,
  );
  expect(await db.selectFrom('storage_deletions').select('key').orderBy('key').execute()).toEqual([
    { key: 'photos/a.jpg' },
    { key: 'photos/b.jpg' },
  ]);
  await migrate(migrator);
});
