import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';

const testDb = useMigrationDb();

it('gives existing accounts an unused free allowance and unseen onboarding, and rolls back cleanly', async () => {
  const migrator = testDb.migrator();
  const db = testDb.db();
  expect((await migrator.migrateTo('0003-inventory')).error).toBeUndefined();
  await insertUsers(db, 1);

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const user = await db
    .selectFrom('users')
    .select(['has_seen_onboarding', 'free_ai_listings_used', 'plan_tier', 'plan_updated_at'])
    .executeTakeFirstOrThrow();
  expect(user).toEqual({
    has_seen_onboarding: 0,
    free_ai_listings_used: 0,
    plan_tier: null,
    plan_updated_at: null,
  });

  expect((await migrator.migrateTo('0003-inventory')).error).toBeUndefined();
  const tables = await testDb.tableNames();
  expect(tables).not.toContain('usage');
  expect(tables).not.toContain('payment_events');
  expect(tables).not.toContain('checkout_sessions');
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
