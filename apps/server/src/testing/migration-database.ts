// For the migration tests: a fresh database per test (a SQLite file, or a schema of its own when the tests run
// on PostgreSQL) and a migrator over every migration, so a test can stop at a past version, write rows as they
// were, and migrate on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Migrator } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import { createMigrator, type Db, isPostgres, openPostgres, openSqlite } from '../db/database';
import { createTestSchema, type TestSchema, testDatabaseUrl } from './test-database';

export function useMigrationDb(): {
  db: () => Db;
  migrator: () => Migrator;
  tableNames: () => Promise<string[]>;
} {
  let dataDir = '';
  let schema: TestSchema | undefined;
  let db: Db | undefined;
  let migrator: Migrator | undefined;
  beforeEach(async () => {
    const baseUrl = testDatabaseUrl();
    if (baseUrl) {
      schema = await createTestSchema(baseUrl);
      db = openPostgres(schema.url, { poolSize: 2 });
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-migration-'));
      db = openSqlite(dataDir);
    }
    migrator = await createMigrator(db);
  });
  afterEach(async () => {
    await db?.destroy();
    await schema?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    db = undefined;
    schema = undefined;
    dataDir = '';
  });
  const current = () => {
    if (!db) throw new Error('useMigrationDb: used outside a test');
    return db;
  };
  return {
    db: current,
    migrator: () => {
      if (!migrator) throw new Error('useMigrationDb: used outside a test');
      return migrator;
    },
    // Kysely's PostgreSQL introspection lists the tables of every schema, other tests' included.
    tableNames: async () => {
      const tables = await current().introspection.getTables();
      return tables
        .filter((table) => !isPostgres(current()) || table.schema === schema?.name)
        .map((table) => table.name);
    },
  };
}

/** Users u1, u2, … (a@example.test, b@example.test, …) with the columns every schema has. */
export async function insertUsers(db: Db, count: number): Promise<void> {
  await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: `u${i + 1}`,
        email: `${String.fromCharCode(97 + i)}@example.test`,
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .execute();
}

/** A listings row with the columns every schema from 0005 on has (not id, owner_id, search_text), text empty. */
export const listingRowSince0005 = {
  source: 'inventory' as const,
  title: '',
  description: '',
  tags: '[]',
  currency: 'GBP' as const,
  price_min: null,
  price_max: null,
  brand: null,
  size: null,
  colours: '[]',
  category: null,
  condition: null,
  composition: '[]',
  evidence: '{}',
  variants: '{}',
  language: 'en' as const,
  engine: 'none',
  quantity: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
