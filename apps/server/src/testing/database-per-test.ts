// A migrated database per test, for tests below the API (repositories, jobs): SQLite in a temporary DATA_DIR,
// or a schema of its own on TEST_DATABASE_URL's PostgreSQL, removed after the test. It registers Vitest hooks,
// so it is imported by path, not from the index the Playwright journeys load.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { type Config, loadConfig } from '../config';
import type { Db } from '../db/database';
import { openDatabase } from '../db/open-database';
import { UsersRepository } from '../modules/users/users.repository';
import { testDatabase } from './test-server';

export interface TestDatabase {
  db: Db;
  config: Config;
  dataDir: string;
}

/** Registers the cleanup; the function it returns opens a fresh database for the test that calls it. */
export function useDatabasePerTest(): () => Promise<TestDatabase> {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-db-'));
    const database = await testDatabase(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: database.url });
    const { db } = await openDatabase(config);
    cleanups.push(async () => {
      await db.destroy();
      await database.schema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return { db, config, dataDir };
  };
}

/** A new users row with a password no one can log in with, for rows that need an owner; answers its id. */
export async function insertOwner(db: Db, createdAt = new Date().toISOString()): Promise<string> {
  const id = crypto.randomUUID();
  await new UsersRepository(db).create({
    id,
    email: `${id}@example.test`,
    passwordHash: 'unused',
    createdAt,
  });
  return id;
}
