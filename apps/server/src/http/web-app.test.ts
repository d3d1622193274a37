// The built web app as a phone on a slow network gets it: the compressed copy the browser accepts, the right
// headers for caches, and a page that is never kept stale (decision 027).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing';

const ASSET_URL = '/assets/index-abc123.js';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const PAGE = `<!doctype html><title>Snaplist</title><div id="root"></div><script src="${ASSET_URL}"></script>`;
const PHOTO_UPLOAD_PAGE = PAGE.replace(
  '</title>',
  '</title><link rel="modulepreload" href="/assets/photo-upload.js">',
);

let webDist: string;
let server: TestServer;

/** A file of the build with the copies the build writes beside it. */
function writeBuilt(relativePath: string, content: string): void {
  const file = path.join(webDist, relativePath);
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeBuilt('index.html', PAGE);
  writeBuilt('photo-upload.html', PHOTO_UPLOAD_PAGE);
  writeBuilt(ASSET_URL, SCRIPT);
  server = await startTestServer({ WEB_DIST_DIR: webDist });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Raw bytes as sent: inject does not decompress, unlike fetch. */
function get(url: string, acceptEncoding?: string) {
  return server.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  identity: (body) => body,
};

describe('a hashed asset', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=0.5, br;q=1', 'br'],
  ])('is sent compressed to a browser that accepts %s: %s', async (acceptEncoding, encoding) => {
    const response = await get(ASSET_URL, acceptEncoding);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(decoders[encoding]?.(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('is sent as it is to a client that accepts no compression, still marked as varying by it', async () => {
    const response = await get(ASSET_URL);

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });
});

describe('the page', () => {
  it.each([
    ['/', PAGE],
    ['/dashboard/listings', PAGE],
    ['/photo-upload', PHOTO_UPLOAD_PAGE],
    ['/photo-upload?from=landing', PHOTO_UPLOAD_PAGE],
  ])('at %s is compressed, never served from a cache without asking, under the CSP', async (url, page) => {
    const response = await get(url, 'br, gzip');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });
});
