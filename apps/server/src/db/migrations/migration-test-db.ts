// For the migration tests: a fresh SQLite file per test and a migrator over every migration, so a test can
// stop at a past version, write rows as they were, and migrate on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import { type Db, openSqlite } from '../database';
import { migrations } from '.';

export function useMigrationDb(): { db: () => Db; migrator: () => Migrator } {
  let dataDir = '';
  let db: Db | undefined;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-migration-'));
    db = openSqlite(dataDir);
  });
  afterEach(async () => {
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const current = () => {
    if (!db) throw new Error('useMigrationDb: used outside a test');
    return db;
  };
  return {
    db: current,
    migrator: () => new Migrator({ db: current(), provider: { getMigrations: async () => migrations } }),
  };
}
