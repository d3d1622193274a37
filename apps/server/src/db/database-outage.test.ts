// The database going away under a running server (decision 050): every call that needs it answers 503
// `not_ready` with Retry-After, as readiness does, never a 500; once it is back, the same calls answer as
// before with no restart. PostgreSQL is taken away for real through a TCP proxy the test cuts; SQLite by
// another process holding the write lock past the busy timeout.
import crypto from 'node:crypto';
import path from 'node:path';
import { type ErrorBody, routes } from '@snaplist/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  expectOk,
  startTcpProxy,
  startTestServer,
  type TcpProxy,
  type TestResponse,
  type TestServer,
  type TestUser,
  uniqueEmail,
} from '../testing';
import { createTestSchema, type TestSchema, testDatabaseUrl } from '../testing/test-database';

const postgresUrl = testDatabaseUrl();
const NEW_PASSWORD = `pw-${crypto.randomUUID()}`;

function expectUnavailable(response: TestResponse, call: string): void {
  expect(response.status, `${call}: ${response.text}`).toBe(503);
  expect((response.body as ErrorBody).code, call).toBe('not_ready');
  expect(Number(response.headers.get('retry-after')), call).toBeGreaterThan(0);
}

describe.runIf(postgresUrl)('PostgreSQL away', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let server: TestServer;
  let seller: TestUser;

  beforeAll(async () => {
    const base = new URL(postgresUrl ?? '');
    schema = await createTestSchema(base.toString());
    proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
    const proxied = new URL(schema.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startTestServer({ DATABASE_URL: proxied.toString() });
    seller = await createUser(server.baseUrl);
  });

  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await schema?.drop();
  });

  /** The calls the outage probe saw answer 500: a list, the auth check, log-in and sign-up. */
  function calls(): [string, () => Promise<TestResponse>][] {
    const token = seller.token;
    return [
      ['list', () => server.call(routes.listListings, { token, body: { type: 'inventory' } })],
      ['auth check', () => server.call(routes.authCheck, { token, body: { product: 'crosslister' } })],
      [
        'log-in',
        () => server.call(routes.login, { body: { email: seller.email, password: seller.password } }),
      ],
      [
        'sign-up',
        () => server.call(routes.signup, { body: { email: uniqueEmail(), password: NEW_PASSWORD } }),
      ],
    ];
  }

  it('answers 503 with Retry-After while it is away, and as before once it is back', async () => {
    await proxy.cut();
    try {
      // Twice: the first round meets the pool's dropped connections, the second finds no server at all.
      for (let round = 0; round < 2; round++) {
        for (const [call, send] of calls()) expectUnavailable(await send(), call);
      }
      expect((await server.call(routes.readiness)).status).toBe(503);
    } finally {
      await proxy.restore();
    }

    const [list, check, login, signup] = await Promise.all(calls().map(([, send]) => send()));
    expect(list?.status, list?.text).toBe(200);
    expect(check?.status, check?.text).toBe(200);
    expect(login?.status, login?.text).toBe(200);
    expect(signup?.status, signup?.text).toBe(201);
    expectOk(await server.call(routes.readiness));
  });
});

describe.skipIf(postgresUrl)('SQLite locked by another process', () => {
  let server: TestServer;
  let seller: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    seller = await createUser(server.baseUrl);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a write 503 with Retry-After once the busy timeout passes, and takes it once the lock goes', async () => {
    const other = new SQLite(path.join(server.dataDir, 'snaplist.db'));
    const signUp = () =>
      server.call(routes.signup, { body: { email: uniqueEmail(), password: NEW_PASSWORD } });
    const logIn = () =>
      server.call(routes.login, { body: { email: seller.email, password: seller.password } });
    try {
      // Holds the write lock, as a backup or a stuck script would: the server's writes wait out its busy timeout.
      other.exec('begin immediate');
      expectUnavailable(await signUp(), 'sign-up');
      expectUnavailable(await logIn(), 'log-in');
      other.exec('rollback');
      expect((await signUp()).status).toBe(201);
      expect((await logIn()).status).toBe(200);
    } finally {
      other.close();
    }
  }, 30_000);
});
