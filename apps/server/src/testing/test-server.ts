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
import { createTestSchema, type TestSchema, testDatabaseUrl, urlForSchema } from './test-database';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  dataDir: string;
  /** The PostgreSQL URL the server runs on (search_path set to its schema); undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Everything the server logged so far. */
  logs(): string;
  request(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
  body: any;
  text: string;
  bytes: Buffer;
}

const SCHEMA_FILE = 'test-database-schema';

/**
 * The database for a server on `dataDir`: none to make on SQLite; on PostgreSQL the schema recorded in that
 * DATA_DIR when a server ran there before (a restart, which leaves dropping it to the first server), else a
 * new one, recorded there and dropped on close.
 */
async function testDatabase(dataDir: string): Promise<{ url: string | undefined; schema?: TestSchema }> {
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
  options: Pick<BuildOptions, 'now'> = {},
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
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    app,
    baseUrl,
    dataDir,
    databaseUrl,
    logs: () => logText,
    async request(method, urlPath, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers['content-type'] ??= 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}${urlPath}`, {
        method,
        headers,
        body: encodeBody(options.body),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = bytes.toString('utf8');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the test reads `text` or `bytes`.
      }
      return { status: response.status, headers: response.headers, body: parsed, text, bytes };
    },
    async close() {
      try {
        await app.close();
      } finally {
        await cleanUp();
      }
    },
  };
}

function encodeBody(body: unknown): string | Uint8Array<ArrayBuffer> | undefined {
  if (body === undefined || typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return new Uint8Array(body);
  return JSON.stringify(body);
}
