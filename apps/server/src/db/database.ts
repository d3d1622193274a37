// Opens the database and brings its schema up to date: one SQLite file in DATA_DIR (WAL, foreign keys on) by
// default, or PostgreSQL through a pool when DATABASE_URL is set. Everything above this file sees Kysely only.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export function openSqlite(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const connection = new SQLite(path.join(dataDir, 'snaplist.db'));
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
}

export interface PostgresOptions {
  /** Connections per process; every API process and worker holds its own pool. */
  poolSize?: number;
  /** 0 turns it off: for migrations, where building an index on a big table may take minutes. */
  statementTimeoutMs?: number;
}

const PG_INT8_OID = 20;

/**
 * A pool over DATABASE_URL. Nothing is connected until the first query: openDatabase pings first so an
 * unreachable server fails start-up with a clear message. `db.destroy()` ends the pool.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A runaway query or a forgotten open transaction must not hold a connection (and its locks) for ever.
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    idle_in_transaction_session_timeout: 60_000,
    application_name: 'snaplist',
    // count(*) and sum() are bigint, which pg hands over as strings; SQLite answers numbers. Our counts are
    // far below 2^53, so both dialects answer the same JavaScript number.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that the server drops (restart, failover) is discarded by the pool and the next query
  // opens a new one; without a listener the 'error' event would end the process.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A migrator over every migration. On PostgreSQL its bookkeeping tables are named in the connection's current
 * schema (the first of search_path), the one our introspector reads (current-schema-introspector.ts): without
 * it, Kysely's own queries of them would not name a schema.
 */
export async function createMigrator(db: Db): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (isPostgres(db)) {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
    if (!migrationTableSchema) {
      throw new Error('PostgreSQL has no current schema: none of the search_path schemas exists');
    }
  }
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Whether a write failed because a unique constraint already holds that value (any dialect). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
