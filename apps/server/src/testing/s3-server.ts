// An S3-compatible server for tests: s3rver in this process, on 127.0.0.1 and a random port, with its own
// temporary directory and a fresh bucket, and the S3_* environment that points the app at it.
//
// s3rver 3.7 checks that a presigned URL has not expired and names a known access key, but it does not check
// SigV4 signatures at all (its code says so: "Signature version 4 calculation is unimplemented"), so on its own
// it would take an upload of any type or size. S3 and MinIO check them, and that check is what refuses a wrong
// Content-Type or Content-Length; so this helper checks presigned (query-string) SigV4 requests itself, with
// its own implementation of the algorithm (not the SDK's signer), before s3rver sees them. Requests the SDK
// signs in an Authorization header (the server's own put, get, copy, delete) are still not checked.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';
const REGION = 'us-east-1';

/** Lets a browser (Playwright) upload and read photos; Node's fetch does not need it. */
const CORS_CONFIGURATION = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface TestS3Server {
  /** S3_* variables for startTestServer (or loadConfig). */
  env: Record<string, string>;
  /** The same settings as an S3Config, to build an S3PhotoStorage directly. */
  config: S3Config;
  endpoint: string;
  bucket: string;
  /** Every key in the bucket under `prefix`, sorted. */
  listKeys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-s3-'));
  const bucket = `snaplist-test-${crypto.randomBytes(6).toString('hex')}`;
  // Loaded here, not on import: everything that imports the testing helpers would load s3rver (Koa, winston).
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [CORS_CONFIGURATION] }],
  });
  // Before every s3rver middleware, so a bad signature never reaches it.
  server.middleware.unshift(verifyPresignedSignature);
  readAfterWrite(server.store);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    bucket,
    endpoint,
    publicEndpoint: endpoint,
    region: REGION,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint,
    region: REGION,
    credentials: config.credentials,
    forcePathStyle: true,
  });

  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    config,
    endpoint,
    bucket,
    async listKeys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

// s3rver ships no types: the little of it (and of Koa, which it extends) that this file uses.
interface KoaContext {
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  querystring: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
  set(name: string, value: string): void;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string; configs: string[] }>;
}
interface S3rverStore {
  putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}
interface S3rverInstance {
  middleware: KoaMiddleware[];
  store: S3rverStore;
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;

/** How long a PUT waits at most for its bytes to reach the file; then it answers anyway, as before. */
const FLUSH_WAIT_MS = 5_000;

/**
 * s3rver 3.7 answers a PUT once the bytes have passed through its MD5 hash, before its write stream has
 * flushed them to the object's file, so a GET right after may read a short or empty file. S3 reads a write
 * back whole at once: each PUT waits here until the file holds every byte.
 */
function readAfterWrite(store: S3rverStore): void {
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const stored = await putObject(object);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    const deadline = Date.now() + FLUSH_WAIT_MS;
    while ((await fs.promises.stat(file)).size < stored.size && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 1));
    return stored;
  };
}

/** Refuses a presigned request whose SigV4 signature does not cover what was sent, as S3 does. */
async function verifyPresignedSignature(ctx: KoaContext, next: () => Promise<void>): Promise<void> {
  const query = parseQuery(ctx.querystring);
  const given = query.find(([name]) => name === 'X-Amz-Signature')?.[1];
  // Not presigned (the SDK's own signed requests, CORS preflights): s3rver's own checks apply.
  if (ctx.method === 'OPTIONS' || !query.some(([name]) => name === 'X-Amz-Algorithm') || !given) {
    return next();
  }
  const param = (name: string) => query.find(([key]) => key === name)?.[1] ?? '';
  const [accessKey, ...scopeParts] = param('X-Amz-Credential').split('/');
  const scope = scopeParts.join('/');
  const [date = '', region = '', service = ''] = scopeParts;
  const signedHeaders = param('X-Amz-SignedHeaders');
  const canonicalRequest = [
    ctx.method,
    ctx.path,
    query
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)])
      .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? compare(x, y) : compare(a, b)))
      .map(([name, value]) => `${name}=${value}`)
      .join('&'),
    ...signedHeaders.split(';').map((name) => `${name}:${headerValue(ctx, name)}`),
    '',
    signedHeaders,
    param('X-Amz-Content-Sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    param('X-Amz-Date'),
    scope,
    crypto.createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key: Buffer = hmac(`AWS4${SECRET_KEY}`, date);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const expected = crypto.createHmac('sha256', key).update(stringToSign).digest('hex');
  if (accessKey === ACCESS_KEY && expected === given) return next();

  ctx.status = 403;
  ctx.type = 'application/xml';
  if (ctx.headers.origin) ctx.set('Access-Control-Allow-Origin', '*');
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request ' +
    'signature we calculated does not match the signature you provided.</Message></Error>';
}

function parseQuery(raw: string): Array<[string, string]> {
  return raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      const value = at < 0 ? '' : pair.slice(at + 1);
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
}

function headerValue(ctx: KoaContext, name: string): string {
  const value = ctx.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hmac(key: string | Buffer, data: string): Buffer {
  return crypto.createHmac('sha256', key).update(data).digest();
}
