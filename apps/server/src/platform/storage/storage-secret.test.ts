// Several processes on local photo storage must share the secret that signs photo links: start-up refuses
// a shared deployment without it, and readiness says which secret signs the links.
import { routes } from '@snaplist/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { expectOk, startTestServer, type TestServer } from '../../testing';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the storage secret', () => {
  it('is read from STORAGE_SECRET and must be long enough', () => {
    expect(loadConfig({}).storageSecret).toBeUndefined();
    expect(loadConfig({ STORAGE_SECRET: 's'.repeat(32) }).storageSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ STORAGE_SECRET: 'short' })).toThrow(
      'STORAGE_SECRET: must be at least 32 characters',
    );
  });

  it.each([
    ['REDIS_URL', { REDIS_URL: 'redis://127.0.0.1:1' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' }],
  ])('stops start-up with local photos and %s but no STORAGE_SECRET, saying to use S3', async (_, shared) => {
    await expect(startTestServer({ ...shared, STORAGE_SECRET: undefined })).rejects.toThrow(
      /S3_BUCKET.*STORAGE_SECRET/s,
    );
  });

  it('reports in readiness that links are signed with a secret only this process has', async () => {
    server = await startTestServer({ STORAGE_SECRET: undefined });
    const readiness = expectOk(await server.call(routes.readiness));
    expect(readiness.checks.storage).toEqual({
      ok: true,
      adapter: 'local',
      message: 'local disk; photo links signed with a secret kept in DATA_DIR: one API process only',
    });
  });

  it('reports in readiness that links are signed with STORAGE_SECRET when it is set', async () => {
    server = await startTestServer({ STORAGE_SECRET: 'a-secret-every-process-of-this-shop-shares' });
    const readiness = expectOk(await server.call(routes.readiness));
    expect(readiness.checks.storage?.message).toBe(
      'local disk; photo links signed with STORAGE_SECRET, shared by every process',
    );
  });
});
