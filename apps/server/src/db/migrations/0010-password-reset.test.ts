import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';

const testDb = useMigrationDb();

it('adds reset tokens that are unique by hash and go with their user, and rolls back', async () => {
  const migrator = testDb.migrator();
  const db = testDb.db();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const at = '2026-01-01T00:00:00.000Z';
  await insertUsers(db, 2);
  const token = (id: string, userId: string, hash: string) => ({
    id,
    user_id: userId,
    token_hash: hash,
    created_at: at,
    expires_at: at,
    used_at: null,
  });
  await db
    .insertInto('password_reset_tokens')
    .values([token('t1', 'u1', 'a'.repeat(64)), token('t2', 'u2', 'b'.repeat(64))])
    .execute();
  await expect(
    db
      .insertInto('password_reset_tokens')
      .values(token('t3', 'u2', 'a'.repeat(64)))
      .execute(),
  ).rejects.toThrow();

  await db.deleteFrom('users').where('id', '=', 'u1').execute();
  const left = await db.selectFrom('password_reset_tokens').select(['id', 'used_at']).execute();
  expect(left).toEqual([{ id: 't2', used_at: null }]);

  expect((await migrator.migrateTo('0009-crosslisting')).error).toBeUndefined();
  expect(await testDb.tableNames()).not.toContain('password_reset_tokens');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
