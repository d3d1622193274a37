import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';

const testDb = useMigrationDb();

it('leaves earlier accounts with a password and an unconfirmed address, and rolls back cleanly', async () => {
  const migrator = testDb.migrator();
  const db = testDb.db();
  expect((await migrator.migrateTo('0010-password-reset')).error).toBeUndefined();
  await insertUsers(db, 1);

  expect((await migrator.migrateTo('0011-account-email')).error).toBeUndefined();
  const user = await db
    .selectFrom('users')
    .select(['has_password', 'email_verified_at'])
    .executeTakeFirstOrThrow();
  expect(user).toEqual({ has_password: 1, email_verified_at: null });

  expect((await migrator.migrateTo('0010-password-reset')).error).toBeUndefined();
  const columns = await db.introspection.getTables().then((tables) => tables.find((t) => t.name === 'users'));
  expect(columns?.columns.map((column) => column.name)).not.toContain('has_password');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
