import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('leaves earlier listings and generations without an engine run, and rolls back cleanly', async () => {
  const { db, migrator } = await migratedTo(testDb, '0004-plans');
  const at = '2026-01-01T00:00:00.000Z';
  await insertUsers(db, 1);
  await db
    .insertInto('generations')
    .values({
      id: 'g1',
      owner_id: 'u1',
      status: 'completed',
      settings: '{}',
      language: 'en',
      currency: 'GBP',
      uploads_expire_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();

  await migrate(migrator);
  const generation = await db
    .selectFrom('generations')
    .select([
      'engine',
      'engine_model',
      'engine_fallback',
      'engine_latency_ms',
      'prompt_tokens',
      'completion_tokens',
    ])
    .executeTakeFirstOrThrow();
  expect(Object.values(generation)).toEqual([null, null, null, null, null, null]);

  await migrate(migrator, '0004-plans');
  // Asked by name, not by introspection, which on PostgreSQL also lists other tests' schemas.
  await expect(db.selectFrom('listings').select('engine').execute()).resolves.toBeDefined();
  await expect(db.selectFrom('listings').select('engine_model').execute()).rejects.toThrow(/engine_model/);
  await migrate(migrator);
});
