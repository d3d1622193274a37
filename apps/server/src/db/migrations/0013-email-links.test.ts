import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import {
  expectLinksUniqueByHashAndGoneWithUser,
  expectTableDroppedBelow,
  migratedTo,
} from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('adds e-mail links that are unique by hash and go with their user, and rolls back', async () => {
  const { db } = await migratedTo(testDb);
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
  await expectLinksUniqueByHashAndGoneWithUser(db, 'email_links', link);
  const left = await db.selectFrom('email_links').select(['id', 'purpose', 'email', 'language']).execute();
  expect(left).toEqual([
    { id: 'second', purpose: 'change', email: 'new-second@example.test', language: 'fr' },
  ]);

  await expectTableDroppedBelow(testDb, '0012-sign-in-providers', 'email_links');
});
