import { it } from 'vitest';
import { useMigrationDb } from '../../testing/migration-database';
import { expectTableDroppedBelow, expectUniqueKey, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('adds the queue of storage keys to delete, one row per key, and rolls back', async () => {
  const { db } = await migratedTo(testDb);
  const at = '2026-01-01T00:00:00.000Z';
  await expectUniqueKey(
    db,
    'storage_deletions',
    [
      { key: 'photos/a.jpg', queued_at: at },
      { key: 'photos/a.thumb.webp', queued_at: at },
    ],
    { key: 'photos/a.jpg', queued_at: at },
  );

  await expectTableDroppedBelow(testDb, '0013-email-links', 'storage_deletions');
});
