// Starts the real app on a random port with its own temporary DATA_DIR and database: the SQLite file in that
// DATA_DIR, or, when TEST_DATABASE_URL names a PostgreSQL server, a schema of its own there (test-database.ts).
// A server started with the DATA_DIR of another one is that server after a restart: same files, same database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import { type Env, loadConfig } from '../config';
import { loadOrCreateSecret } from '../platform/secrets';
import { httpClient, type TestClient } from './http-client';
import { createTestSchema, type TestSchema, testDatabaseUrl, urlForSchema } from './test-database';

export interface TestServer extends TestClient {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL URL the server runs on (search_path set to its schema); undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Everything the server logged so far. */
  logs(): string;
  close(): Promise<void>;
}

const SCHEMA_FILE = 'test-database-schema';

/**
 * The database for a server on `dataDir`: none to make on SQLite; on PostgreSQL the schema recorded in that
 * DATA_DIR when a server ran there before (a restart, which leaves dropping it to the first server), else a
 * new one, recorded there and dropped on close.
 */
export async function testDatabase(
  dataDir: string,
): Promise<{ url: string | undefined; schema?: TestSchema }> {
  const baseUrl = testDatabaseUrl();
  if (!baseUrl) return { url: undefined };
  const recorded = path.join(dataDir, SCHEMA_FILE);
  if (fs.existsSync(recorded))
    return { url: urlForSchema(baseUrl, fs.readFileSync(recorded, 'utf8').trim()) };
  const schema = await createTestSchema(baseUrl);
  fs.writeFileSync(recorded, schema.name);
  return { url: schema.url, schema };
}

export async function startTestServer(
  env: Env & Record<string, string | undefined> = {},
  prepare?: (app: FastifyInstance) => void,
  options: Pick<BuildOptions, 'now' | 'pause'> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-test-'));
  let schema: TestSchema | undefined;
  const cleanUp = async () => {
    try {
      await schema?.drop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const logStream = new PassThrough();
  let logText = '';
  logStream.on('data', (chunk: Buffer) => {
    logText += chunk.toString('utf8');
  });
  let app: FastifyInstance;
  let databaseUrl = env.DATABASE_URL;
  try {
    if (databaseUrl === undefined) {
      const database = await testDatabase(env.DATA_DIR ?? dataDir);
      schema = database.schema;
      databaseUrl = database.url;
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      // On PostgreSQL a test server counts as a shared deployment, whose local photo store needs the secret
      // as configuration. It is the one a single process keeps in DATA_DIR, so tests that sign links find it
      // there. A test passes `STORAGE_SECRET: undefined` to start without one.
      STORAGE_SECRET: loadOrCreateSecret(env.DATA_DIR ?? dataDir, 'storage-secret', undefined),
      ...env,
      DATABASE_URL: databaseUrl,
    } as Record<string, string | undefined>);
    app = await buildApp(config, { logStream, ...options });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no TCP address');

  return {
    ...httpClient(`http://127.0.0.1:${address.port}`),
    app,
    dataDir,
    databaseUrl,
    logs: () => logText,
    async close() {
      try {
        // A request still running when the test ended (a client's work the test did not wait for) leaves its
        // keep-alive connection open once answered, and close() would wait Fastify's 72 s keep-alive timeout
        // for it. The test is over: its connections go with the server.
        const closing = app.close();
        app.server.closeAllConnections();
        await closing;
      } finally {
        await cleanUp();
      }
    },
  };
}
