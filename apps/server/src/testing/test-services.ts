// The service tier of the tests: every service over a real database (SQLite in a temporary DATA_DIR, or a
// PostgreSQL schema of its own under TEST_DATABASE_URL) and the embedded backends, built by the composition root
// (services.ts) as the API builds them, without HTTP or a port. For what a service decides; what a route
// answers stays with startTestServer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { type Env, loadConfig } from '../config';
import type { Db } from '../db/database';
import type { Sweeper } from '../modules/housekeeping/sweeper';
import { loadOrCreateSecret } from '../platform/secrets';
import {
  createServices,
  openBackends,
  type Repositories,
  repositoriesOf,
  type Services,
  type Transaction,
  transactionOver,
} from '../services';
import { testDatabase } from './test-server';

export interface TestServices {
  services: Services;
  repositories: Repositories;
  transaction: Transaction;
  /** The housekeeping sweep, as the API and the workers run it. */
  sweeper: Sweeper;
  db: Db;
  close(): Promise<void>;
}

export async function openTestServices(
  env: Env & Record<string, string | undefined> = {},
  options: { now?: () => Date } = {},
): Promise<TestServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-services-'));
  const database = await testDatabase(dataDir);
  const cleanUp = async () => {
    try {
      await database.schema?.drop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // On PostgreSQL the local photo store needs its secret as configuration, as a test server's does.
      STORAGE_SECRET: loadOrCreateSecret(dataDir, 'storage-secret', undefined),
      ...env,
      DATABASE_URL: database.url,
    } as Record<string, string | undefined>);
    const backends = await openBackends(config, {
      log: pino({ level: 'silent' }),
      now: options.now ?? (() => new Date()),
    });
    const { db } = backends.database;
    return {
      services: createServices(config, backends),
      repositories: repositoriesOf(db),
      transaction: transactionOver(db),
      sweeper: backends.sweeper,
      db,
      close: async () => {
        try {
          await backends.close();
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
