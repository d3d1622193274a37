import { expect, it } from 'vitest';
import { insertUsers, listingRowSince0005, useMigrationDb } from '../../testing/migration-database';
import { migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('gives earlier listings no suggestions, stores new ones, and rolls back cleanly', async () => {
  const { db, migrator } = await migratedTo(testDb, '0005-engine-runs');
  await insertUsers(db, 1);
  const listing = {
    ...listingRowSince0005,
    owner_id: 'u1',
    source: 'generated' as const,
    title: 'Blue jeans',
    description: 'Blue jeans.',
    engine: 'local',
    search_text: 'blue jeans',
  };
  // Inserted as the 0005 table was: the suggestions column does not exist yet.
  const insertOld = db.insertInto('listings') as unknown as {
    values(row: Record<string, unknown>): { execute(): Promise<unknown> };
  };
  await insertOld.values({ ...listing, id: 'l1' }).execute();

  await migrate(migrator);
  const old = await db
    .selectFrom('listings')
    .select('suggestions')
    .where('id', '=', 'l1')
    .executeTakeFirstOrThrow();
  expect(JSON.parse(old.suggestions)).toEqual([]);

  const suggestions = [
    { field: 'brand', value: 'Zara', evidence: [{ source: 'label_text', rule: 'brand.fuzzy', photo: 2 }] },
  ];
  await db
    .insertInto('listings')
    .values({ ...listing, id: 'l2', suggestions: JSON.stringify(suggestions) })
    .execute();
  const stored = await db
    .selectFrom('listings')
    .select('suggestions')
    .where('id', '=', 'l2')
    .executeTakeFirstOrThrow();
  expect(JSON.parse(stored.suggestions)).toEqual(suggestions);

  await migrate(migrator, '0005-engine-runs');
  // Asked by name, not by introspection, which on PostgreSQL also lists other tests' schemas.
  await expect(db.selectFrom('listings').select('suggestions').execute()).rejects.toThrow(/suggestions/);
  expect(await db.selectFrom('listings').select('id').orderBy('id').execute()).toEqual([
    { id: 'l1' },
    { id: 'l2' },
  ]);
  await migrate(migrator);
});
