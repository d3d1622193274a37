import { expect, it } from 'vitest';
import { insertUsers, listingRowSince0005, useMigrationDb } from '../../testing/migration-database';
import { migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('gives earlier listings no writer input, stores a new one, and rolls back cleanly', async () => {
  const { db, migrator } = await migratedTo(testDb, '0014-storage-deletions');
  await insertUsers(db, 1);
  const listing = {
    ...listingRowSince0005,
    owner_id: 'u1',
    source: 'generated' as const,
    title: 'Shorts Blue',
    engine: 'local',
    search_text: 'shorts blue',
  };
  // Inserted as the 0014 table was: the writer_input column does not exist yet.
  await db
    .insertInto('listings')
    .values({ ...listing, id: 'l1' })
    .execute();

  await migrate(migrator);
  const read = (id: string) =>
    db.selectFrom('listings').select('writer_input').where('id', '=', id).executeTakeFirstOrThrow();
  expect((await read('l1')).writer_input).toBeNull();
  const input = JSON.stringify({ facts: { brand: null }, parts: { title: true } });
  await db
    .insertInto('listings')
    .values({ ...listing, id: 'l2', writer_input: input })
    .execute();
  expect((await read('l2')).writer_input).toBe(input);

  await migrate(migrator, '0014-storage-deletions');
  // Asked by name, not by introspection, which on PostgreSQL also lists other tests' schemas.
  await expect(db.selectFrom('listings').select('writer_input').execute()).rejects.toThrow(/writer_input/);
  expect(await db.selectFrom('listings').select('id').orderBy('id').execute()).toEqual([
    { id: 'l1' },
    { id: 'l2' },
  ]);
  await migrate(migrator);
});
