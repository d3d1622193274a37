import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('gives existing accounts an unused free allowance and unseen onboarding, and rolls back cleanly', async () => {
  const { db, migrator } = await migratedTo(testDb, '0003-inventory');
  await insertUsers(db, 1);

  await migrate(migrator);
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

  await migrate(migrator, '0003-inventory');
  const tables = await testDb.tableNames();
  expect(tables).not.toContain('usage');
  expect(tables).not.toContain('payment_events');
  expect(tables).not.toContain('checkout_sessions');
  await migrate(migrator);
});
