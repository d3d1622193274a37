// Chooses the database adapter from configuration: PostgreSQL when DATABASE_URL is set, the SQLite file in
// DATA_DIR otherwise. Both get the same migrations; the rest of the code only sees Kysely.
import type { Config } from '../config';
import { errorReason } from '../errors';
import { type Db, migrateToLatest, openPostgres, openSqlite, pingDatabase } from './database';
import { describePostgresUrl } from './postgres-url';

export interface DatabaseHandle {
  db: Db;
  adapter: 'sqlite' | 'postgres';
  ping(): Promise<void>;
}

export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    const db = openSqlite(config.dataDir);
    await migrateToLatest(db);
    return { db, adapter: 'sqlite', ping: () => pingDatabase(db) };
  }
  // Migrations get a connection of their own, without the statement timeout that guards requests.
  const migrations = openPostgres(config.databaseUrl, { poolSize: 1, statementTimeoutMs: 0 });
  try {
    try {
      await pingDatabase(migrations);
    } catch (error) {
      throw new Error(
        `Cannot reach PostgreSQL at ${describePostgresUrl(config.databaseUrl)}: ${errorReason(error)}`,
      );
    }
    // Many processes may start at once: Kysely holds an advisory lock while it migrates, so one does.
    await migrateToLatest(migrations);
  } finally {
    await migrations.destroy();
  }
  // Its pool connects on the first query; `db.destroy()` (the app's onClose) ends it.
  const db = openPostgres(config.databaseUrl);
  return { db, adapter: 'postgres', ping: () => pingDatabase(db) };
}

/** The driver's own words: "connect ECONNREFUSED …", "password authentication failed for user …". */
