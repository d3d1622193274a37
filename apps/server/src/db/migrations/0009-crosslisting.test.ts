import { expect, it } from 'vitest';
import { insertUsers, useMigrationDb } from '../../testing/migration-database';
import { expectUniqueKey, insertSearchedListings, migrate, migratedTo } from '../../testing/migration-steps';

const testDb = useMigrationDb();

it('adds the crosslisting tables, keeps one connection and one publication per pair, and rolls back', async () => {
  const { db, migrator } = await migratedTo(testDb);
  const at = '2026-01-01T00:00:00.000Z';
  await insertUsers(db, 1);
  await insertSearchedListings(db, [{ id: 'l1', search_text: '' }]);

  const connection = {
    owner_id: 'u1',
    marketplace: 'ebay' as const,
    account_name: 'seller',
    account_id: null,
    shop: null,
    access_token: 'sealed-access',
    refresh_token: 'sealed-refresh',
    access_token_expires_at: at,
    refresh_token_expires_at: null,
    connected_at: at,
    sales_synced_at: at,
    updated_at: at,
  };
  await expectUniqueKey(db, 'marketplace_connections', [{ ...connection, id: 'c1' }], {
    ...connection,
    id: 'c2',
  });
  const stored = await db
    .selectFrom('marketplace_connections')
    .select(['settings', 'needs_reconnect'])
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ settings: '{}', needs_reconnect: 0 });

  const publication = {
    listing_id: 'l1',
    owner_id: 'u1',
    marketplace: 'ebay' as const,
    status: 'queued' as const,
    sku: 'SL-1',
    external_id: null,
    url: null,
    error_code: null,
    error_message: null,
    created_at: at,
    updated_at: at,
    published_at: null,
  };
  await expectUniqueKey(db, 'publications', [{ ...publication, id: 'p1' }], { ...publication, id: 'p2' });

  const sale = {
    marketplace: 'ebay' as const,
    order_id: 'o1',
    sku: 'SL-1',
    owner_id: 'u1',
    listing_id: 'l1',
    quantity: 1,
    sold_at: at,
    recorded_at: at,
  };
  await expectUniqueKey(db, 'marketplace_sales', [sale], sale);
  await db
    .insertInto('crosslisting_activity')
    .values({
      id: 'a1',
      owner_id: 'u1',
      listing_id: 'l1',
      marketplace: 'ebay',
      kind: 'sold',
      detail: null,
      at,
    })
    .execute();
  await db
    .insertInto('marketplace_authorizations')
    .values({
      state_hash: 'h',
      owner_id: 'u1',
      marketplace: 'ebay',
      code_verifier: null,
      shop: null,
      created_at: at,
      expires_at: at,
      used_at: null,
    })
    .execute();

  // A deleted listing takes its publications, sales and activity with it; a deleted seller everything else.
  await db.deleteFrom('listings').where('id', '=', 'l1').execute();
  for (const table of ['publications', 'marketplace_sales', 'crosslisting_activity'] as const) {
    expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
  }
  await db.deleteFrom('users').where('id', '=', 'u1').execute();
  for (const table of ['marketplace_connections', 'marketplace_authorizations'] as const) {
    expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
  }

  await migrate(migrator, '0008-short-word-search');
  const tables = await testDb.tableNames();
  for (const table of ['marketplace_connections', 'publications', 'crosslisting_activity']) {
    expect(tables).not.toContain(table);
  }
  await migrate(migrator);
});
