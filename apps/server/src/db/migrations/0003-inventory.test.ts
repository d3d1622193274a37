import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('adds the inventory columns and fills search_text of the listings already there', async () => {
  const { db, migrator } = await migratedTo(testDb, '0002-generation');
  const at = '2026-01-01T00:00:00.000Z';
  await insertUsers(db, 1);
  const listing = {
    owner_id: 'u1',
    source: 'generated' as const,
    description: 'Ciepły płaszcz.',
    tags: JSON.stringify(['Zima', 'Wełna']),
    currency: 'GBP',
    price_min: 1000,
    price_max: 2000,
    size: null,
    colours: '[]',
    category: null,
    condition: null,
    composition: '[]',
    evidence: '{}',
    variants: '{}',
    language: 'pl',
    engine: 'local',
    created_at: at,
    updated_at: at,
  };
  // Inserted as the 0002 table was: none of the new columns exist yet.
  const insertOld = db.insertInto('listings') as unknown as {
    values(row: Record<string, unknown>): { execute(): Promise<unknown> };
  };
  await insertOld.values({ ...listing, id: 'l1', title: "Lévi's Łódź coat", brand: "Lévi's" }).execute();
  await insertOld.values({ ...listing, id: 'l2', title: 'Plain', brand: null }).execute();

  await migrate(migrator);
  const rows = await db
    .selectFrom('listings')
    .select(['id', 'search_text', 'quantity', 'price', 'sku', 'source_listing_id'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    {
      id: 'l1',
      search_text: 'levis lodz coat levis cieply plaszcz. zima welna',
      quantity: 1,
      price: null,
      sku: null,
      source_listing_id: null,
    },
    {
      id: 'l2',
      search_text: 'plain cieply plaszcz. zima welna',
      quantity: 1,
      price: null,
      sku: null,
      source_listing_id: null,
    },
  ]);
  await db
    .insertInto('marketplace_links')
    .values({
      listing_id: 'l1',
      marketplace: 'ebay',
      url: 'https://www.ebay.com/itm/1',
      created_at: at,
      updated_at: at,
    })
    .execute();
  const link = await db.selectFrom('marketplace_links').selectAll().executeTakeFirstOrThrow();
  expect(link.status).toBe('listed');

  // Deleting a listing takes its links with it.
  await db.deleteFrom('listings').where('id', '=', 'l1').execute();
  expect(await db.selectFrom('marketplace_links').selectAll().execute()).toEqual([]);

  await migrate(migrator, '0002-generation');
});
