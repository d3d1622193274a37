import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';

const testDb = useMigrationDb();

it('adds e-mail links that are unique by hash and go with their user, and rolls back', async () => {
  const migrator = testDb.migrator();
  const db = testDb.db();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const at = '2026-01-01T00:00:00.000Z';
  await insertUsers(db, 2);
  const link = (id: string, userId: string, hash: string) => ({
    id,
    user_id: userId,
    purpose: 'change' as const,
    email: `new-${id}@example.test`,
    language: 'fr' as const,
    token_hash: hash,
    created_at: at,
    expires_at: at,
    used_at: null,
  });
  await db
    .insertInto('email_links')
    .values([link('l1', 'u1', 'a'.repeat(64)), link('l2', 'u2', 'b'.repeat(64))])
    .execute();
  await expect(
    db
      .insertInto('email_links')
      .values(link('l3', 'u2', 'a'.repeat(64)))
      .execute(),
  ).rejects.toThrow();

  await db.deleteFrom('users').where('id', '=', 'u1').execute();
  const left = await db.selectFrom('email_links').select(['id', 'purpose', 'email', 'language']).execute();
  expect(left).toEqual([{ id: 'l2', purpose: 'change', email: 'new-l2@example.test', language: 'fr' }]);

  expect((await migrator.migrateTo('0012-sign-in-providers')).error).toBeUndefined();
  expect(await testDb.tableNames()).not.toContain('email_links');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
