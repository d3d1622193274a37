import crypto from 'node:crypto';
import path from 'node:path';
import { routes } from '@snaplist/contract';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser, expectOk, startTestServer } from '../testing';
import { createTestSchema, testDatabaseUrl, withClient } from '../testing/test-database';
import { openDatabase } from './open-database';

const postgresUrl = testDatabaseUrl();

describe(`the app on ${postgresUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('keeps what the API writes in the database this test run chose, and says which in readiness', async () => {
    const server = await startTestServer();
    let schema = '';
    try {
      const ready = expectOk(await server.call(routes.readiness));
      expect(ready.checks.database).toEqual({ ok: true, adapter: postgresUrl ? 'postgres' : 'sqlite' });
      const seller = await createUser(server.baseUrl);

      // Read back outside the app's own connections.
      if (postgresUrl) {
        const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(
          server.app.db,
        );
        schema = current.rows[0]?.schema ?? '';
        expect(schema).toMatch(/^t_/);
        await withClient(postgresUrl, async (client) => {
          const tables = await client.query<{ name: string }>(
            'select table_name as name from information_schema.tables where table_schema = $1',
            [schema],
          );
          expect(tables.rows.map((row) => row.name)).toEqual(
            expect.arrayContaining(['users', 'listings', 'photos', 'usage', 'kysely_migration']),
          );
          const users = await client.query(`select email from ${schema}.users`);
          expect(users.rows).toEqual([{ email: seller.email }]);
        });
      } else {
        const file = new SQLite(path.join(server.dataDir, 'snaplist.db'), { readonly: true });
        try {
          expect(file.prepare('select email from users').all()).toEqual([{ email: seller.email }]);
        } finally {
          file.close();
        }
      }
    } finally {
      await server.close();
    }
    if (postgresUrl) {
      // Closing the test server drops its schema with everything in it.
      const left = await withClient(postgresUrl, (client) =>
        client.query('select 1 from pg_namespace where nspname = $1', [schema]),
      );
      expect(left.rowCount).toBe(0);
    }
  });

  it.runIf(postgresUrl)('closes every connection of its pool when the app closes', async () => {
    const base = postgresUrl as string;
    const schema = await createTestSchema(base);
    const applicationName = `snaplist_test_${crypto.randomBytes(4).toString('hex')}`;
    const url = new URL(schema.url);
    url.searchParams.set('application_name', applicationName);
    const connections = async () =>
      (
        await withClient(base, (client) =>
          client.query('select pid from pg_stat_activity where application_name = $1', [applicationName]),
        )
      ).rowCount;
    try {
      const server = await startTestServer({ DATABASE_URL: url.toString() });
      await createUser(server.baseUrl);
      expect(await connections()).toBeGreaterThan(0);
      await server.close();
      // A backend leaves pg_stat_activity a moment after its client hung up.
      await expect.poll(connections, { timeout: 3_000 }).toBe(0);
    } finally {
      await schema.drop();
    }
  });
});

describe('start-up with an unreachable PostgreSQL', () => {
  it('fails naming the host and port and the reason, never the password', async () => {
    const databaseUrl = 'postgres://snaplist:s3cret-pw@127.0.0.1:1/snaplist';
    const failure = openDatabase({ dataDir: '/nonexistent', databaseUrl });
    await expect(failure).rejects.toThrow(/^Cannot reach PostgreSQL at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    await expect(failure).rejects.not.toThrow(/s3cret-pw/);
    await expect(startTestServer({ DATABASE_URL: databaseUrl })).rejects.toThrow(
      'Cannot reach PostgreSQL at 127.0.0.1:1',
    );
  });
});
