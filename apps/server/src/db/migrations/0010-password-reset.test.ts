import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import {
  expectLinksUniqueByHashAndGoneWithUser,
  expectTableDroppedBelow,
  migratedTo,
} from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('adds reset tokens that are unique by hash and go with their user, and rolls back', async () => {
  const { db } = await migratedTo(testDb);
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
  await expectLinksUniqueByHashAndGoneWithUser(db, 'password_reset_tokens', token);
  const left = await db.selectFrom('password_reset_tokens').select(['id', 'used_at']).execute();
  expect(left).toEqual([{ id: 'second', used_at: null }]);

  await expectTableDroppedBelow(testDb, '0009-crosslisting', 'password_reset_tokens');
});
