// Decision 051: an API or worker whose DATA_DIR is not the one its database was set up
// with finds no uploaded photo. Readiness says so with 503 and the reason, and a worker refuses to start.
// The database and the photos share one DATA_DIR on SQLite, so another DATA_DIR sharing the database is
// tried on PostgreSQL; on both, a photo folder replaced under a running server is caught the same way.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { routes } from '@snaplist/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, startWorkerProcess, type TestServer } from '../../testing';
import { testDatabaseUrl } from '../../testing/test-database';
import { findTestRedis } from '../../testing/test-redis';
import { STORAGE_OF_ANOTHER_DATABASE, STORAGE_WITHOUT_ID } from './storage-identity';

const redis = await findTestRedis();
const servers: TestServer[] = [];

afterEach(async () => {
  // The first server made the database (on PostgreSQL, its schema): it goes last.
  for (const server of servers.splice(0).reverse()) await server.close();
});

async function server(env: Record<string, string | undefined> = {}): Promise<TestServer> {
  const started = await startTestServer(env);
  servers.push(started);
  return started;
}

async function storageCheck(client: TestServer) {
  const response = await client.call(routes.readiness);
  return { status: response.status, storage: response.body.checks?.storage };
}

describe('the photo storage a database was set up with', () => {
  it('keeps a server ready on its own DATA_DIR, after a restart too, and not once its photo folder is another', async () => {
    const first = await server();
    expect(await storageCheck(first)).toMatchObject({ status: 200, storage: { ok: true } });
    const restarted = await server({ DATA_DIR: first.dataDir });
    expect(await storageCheck(restarted)).toMatchObject({ status: 200, storage: { ok: true } });

    const idFile = path.join(first.dataDir, 'photos', '.storage-id');
    const id = fs.readFileSync(idFile, 'utf8');
    fs.writeFileSync(idFile, crypto.randomUUID());
    expect(await storageCheck(first)).toEqual({
      status: 503,
      storage: { ok: false, adapter: 'local', message: STORAGE_OF_ANOTHER_DATABASE },
    });
    fs.rmSync(idFile);
    expect(await storageCheck(first)).toEqual({
      status: 503,
      storage: { ok: false, adapter: 'local', message: STORAGE_WITHOUT_ID },
    });
    // A check that failed recorded nothing: the right folder back, all is well again.
    fs.writeFileSync(idFile, id);
    expect(await storageCheck(first)).toMatchObject({ status: 200, storage: { ok: true } });
  });

  describe.runIf(testDatabaseUrl())('shared by processes on PostgreSQL', () => {
    it('tells an API on another DATA_DIR in its log and its readiness, and keeps the first one ready', async () => {
      const first = await server();
      const other = await server({ DATABASE_URL: first.databaseUrl });
      expect(other.dataDir).not.toBe(first.dataDir);
      expect(await storageCheck(other)).toEqual({
        status: 503,
        storage: { ok: false, adapter: 'local', message: STORAGE_WITHOUT_ID },
      });
      expect(other.logs()).toContain(STORAGE_WITHOUT_ID);
      expect(await storageCheck(first)).toMatchObject({ status: 200, storage: { ok: true } });
      expect(first.logs()).not.toContain(STORAGE_WITHOUT_ID);
    });

    it.runIf(redis)(
      'stops a worker on another DATA_DIR at start, saying why and where',
      async () => {
        const api = await server();
        const starting = startWorkerProcess({
          DATABASE_URL: api.databaseUrl ?? '',
          REDIS_URL: redis?.url ?? '',
          REDIS_PREFIX: redis?.uniquePrefix() ?? '',
          STORAGE_SECRET: crypto.randomBytes(32).toString('hex'),
        });
        const refused = await starting.then(
          () => new Error('the worker started'),
          (error: unknown) => error as Error,
        );
        expect(refused.message).toMatch(/^The worker process exited before logging/);
        expect(refused.message).toContain(`The worker could not start: ${STORAGE_WITHOUT_ID}`);
        expect(refused.message).toMatch(/This worker's DATA_DIR is \/\S+snaplist-worker-/);
      },
      60_000,
    );
  });
});
