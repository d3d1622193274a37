import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';

const testDb = useMigrationDb();

it('keeps one account per provider subject, drops identities with their user, and rolls back', async () => {
  const migrator = testDb.migrator();
  const db = testDb.db();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
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
  await db
    .insertInto('user_identities')
    .values([identity('i1', 'u1', 'google', 'same-subject'), identity('i2', 'u2', 'apple', 'same-subject')])
    .execute();
  await expect(
    db
      .insertInto('user_identities')
      .values(identity('i3', 'u2', 'google', 'same-subject'))
      .execute(),
  ).rejects.toThrow();

  await db.deleteFrom('users').where('id', '=', 'u1').execute();
  const left = await db.selectFrom('user_identities').select('id').execute();
  expect(left).toEqual([{ id: 'i2' }]);

  expect((await migrator.migrateTo('0011-account-email')).error).toBeUndefined();
  expect(await testDb.tableNames()).not.toContain('user_identities');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
