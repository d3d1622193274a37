// On PostgreSQL (the `server-postgres` project) the app's introspection sees its own schema only, so another
// schema's tables, and another session dropping them, never reach its migrations (decision 059).
import { describe, expect, it } from 'vitest';
import { createTestSchema, testDatabaseUrl, withClient } from '../testing/test-database';
import { migrateToLatest, openPostgres } from './database';

const postgresUrl = testDatabaseUrl();

describe.skipIf(!postgresUrl)('introspection on PostgreSQL', () => {
  it("lists the current schema's tables and columns only, and migrates while another schema is dropped", async () => {
    const base = postgresUrl as string;
    const own = await createTestSchema(base);
    const other = await createTestSchema(base);
    const db = openPostgres(own.url, { poolSize: 2 });
    try {
      await withClient(base, (client) =>
        client.query(`create table ${other.name}.listings (id serial primary key, stranger text)`),
      );
      await migrateToLatest(db);
      const tables = await db.introspection.getTables();
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own.name]));
      const listings = tables.find((table) => table.name === 'listings');
      expect(listings?.columns.map((column) => column.name)).toContain('title');
      expect(listings?.columns.map((column) => column.name)).not.toContain('stranger');
      expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
      const withInternal = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(withInternal.map((table) => table.name)).toContain('kysely_migration');

      await Promise.all([other.drop(), db.introspection.getTables()]);
    } finally {
      await db.destroy();
      await own.drop();
      await other.drop();
    }
  });
});
