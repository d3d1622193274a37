import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { expectTableDroppedBelow, expectUniqueKey, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('keeps one account per provider subject, drops identities with their user, and rolls back', async () => {
  const { db } = await migratedTo(testDb);
  const at = '2026-01-01T00:00:00.000Z';
  await insertUsers(db, 2);
  const identity = (id: string, userId: string, provider: string, subject: string) => ({
    id,
    user_id: userId,
    provider,
    subject,
    email: null,
    created_at: at,
  });
  await expectUniqueKey(
    db,
    'user_identities',
    [identity('i1', 'u1', 'google', 'same-subject'), identity('i2', 'u2', 'apple', 'same-subject')],
    identity('i3', 'u2', 'google', 'same-subject'),
  );

  await db.deleteFrom('users').where('id', '=', 'u1').execute();
  const left = await db.selectFrom('user_identities').select('id').execute();
  expect(left).toEqual([{ id: 'i2' }]);

  await expectTableDroppedBelow(testDb, '0011-account-email', 'user_identities');
});
