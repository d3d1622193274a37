// Starts the real app on a random port with its own SQLite file in a temporary DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import { type Env, loadConfig } from '../config';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  dataDir: string;
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

export async function startTestServer(
  env: Env & Record<string, string | undefined> = {},
  prepare?: (app: FastifyInstance) => void,
  options: Pick<BuildOptions, 'now'> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...env,
  } as Record<string, string | undefined>);
  const logStream = new PassThrough();
  let logText = '';
  logStream.on('data', (chunk: Buffer) => {
    logText += chunk.toString('utf8');
  });
  const app = await buildApp(config, { logStream, ...options });
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    app,
    baseUrl,
    dataDir,
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
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function encodeBody(body: unknown): string | Uint8Array<ArrayBuffer> | undefined {
  if (body === undefined || typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return new Uint8Array(body);
  return JSON.stringify(body);
}
