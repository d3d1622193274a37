// PostgreSQL for tests: when TEST_DATABASE_URL names a server (the `server-postgres` Vitest project sets it),
// every test server and migration test gets a schema of its own in that database, made on start and dropped
// with everything in it on close, so runs in parallel never see each other's rows.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, isPostgres } from '../db/database';
import type { Database } from '../db/schema';

/** The PostgreSQL server the tests run against; undefined means SQLite. */
export function testDatabaseUrl(): string | undefined {
  // biome-ignore lint/style/noProcessEnv: the test runner chooses the database; the app reads config.ts only
  return process.env.TEST_DATABASE_URL || undefined;
}

/** Test schemas are `t_<base-36 creation time>_<random>`: the time lets a later run sweep up leftovers. */
const SCHEMA_PATTERN = /^t_([0-9a-z]+)_[0-9a-f]+$/;

export interface TestSchema {
  name: string;
  /** The base URL with search_path set to the schema: what DATABASE_URL gets. */
  url: string;
  drop(): Promise<void>;
}

export async function createTestSchema(baseUrl: string): Promise<TestSchema> {
  const name = `t_${Date.now().toString(36)}_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`create schema ${name}`));
  return {
    name,
    url: urlForSchema(baseUrl, name),
    drop: async () => {
      await withClient(baseUrl, (client) => client.query(`drop schema if exists ${name} cascade`));
    },
  };
}

/** `baseUrl` with every connection's search_path set to `schema` (a startup option, so the pool keeps it). */
export function urlForSchema(baseUrl: string, schema: string): string {
  if (!SCHEMA_PATTERN.test(schema)) throw new Error(`Not a test schema: ${schema}`);
  const url = new URL(baseUrl);
  const options = [url.searchParams.get('options'), `-c search_path=${schema}`].filter(Boolean).join(' ');
  url.searchParams.set('options', options);
  return url.toString();
}

/** Drops the test schemas older than `maxAgeMs`: what runs that were killed before their clean-up left. */
export async function dropStaleTestSchemas(baseUrl: string, maxAgeMs: number): Promise<string[]> {
  return withClient(baseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname like 't\\_%'",
    );
    const stale = rows
      .map((row) => row.name)
      .filter((name) => {
        const created = SCHEMA_PATTERN.exec(name)?.[1];
        return created !== undefined && Date.now() - Number.parseInt(created, 36) > maxAgeMs;
      });
    for (const name of stale) await client.query(`drop schema if exists ${name} cascade`);
    return stale;
  });
}

/** Runs `work` on one short-lived connection, outside any test server's pool. */
export async function withClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes every insert into `table` fail until the answered function is called: a trigger, written for each
 * dialect, so a test can break a write half-way through a transaction.
 */
export async function refuseInsertsInto(db: Db, table: keyof Database): Promise<() => Promise<void>> {
  const trigger = sql.id(`refuse_${table}`);
  if (!isPostgres(db)) {
    await sql`create trigger ${trigger} before insert on ${sql.table(table)} begin select raise(abort, 'forced failure'); end`.execute(
      db,
    );
    return async () => {
      await sql`drop trigger ${trigger}`.execute(db);
    };
  }
  // Unqualified, the function lands in the test's own schema and goes with it.
  await sql`create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(
    db,
  );
  await sql`create trigger ${trigger} before insert on ${sql.table(table)} for each row execute function ${trigger}()`.execute(
    db,
  );
  return async () => {
    await sql`drop trigger ${trigger} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${trigger}()`.execute(db);
  };
}
