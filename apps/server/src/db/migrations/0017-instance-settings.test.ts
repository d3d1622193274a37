import { it } from 'vitest';
import { useMigrationDb } from '../../testing/migration-database';
import { expectTableDroppedBelow, expectUniqueKey, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('adds the deployment settings, one value per name, and rolls back', async () => {
  const { db } = await migratedTo(testDb);
  const at = '2026-01-01T00:00:00.000Z';
  await expectUniqueKey(
    db,
    'instance_settings',
    [{ name: 'photo_storage_id', value: 'first', created_at: at }],
    { name: 'photo_storage_id', value: 'second', created_at: at },
  );

  await expectTableDroppedBelow(testDb, '0016-held-storage-deletions', 'instance_settings');
});
