import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('leaves earlier accounts with a password and an unconfirmed address, and rolls back cleanly', async () => {
  const { db, migrator } = await migratedTo(testDb, '0010-password-reset');
  await insertUsers(db, 1);

  await migrate(migrator, '0011-account-email');
  const user = await db
    .selectFrom('users')
    .select(['has_password', 'email_verified_at'])
    .executeTakeFirstOrThrow();
  expect(user).toEqual({ has_password: 1, email_verified_at: null });

  await migrate(migrator, '0010-password-reset');
  const columns = await db.introspection.getTables().then((tables) => tables.find((t) => t.name === 'users'));
  expect(columns?.columns.map((column) => column.name)).not.toContain('has_password');
  await migrate(migrator);
});
