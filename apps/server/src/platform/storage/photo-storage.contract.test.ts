// One contract for both photo-storage adapters, each against a real backend: local disk behind its own
// routes, and an S3-compatible server (s3rver, with presigned signatures checked as S3 checks them: see
// testing/s3-server.ts). What only one adapter promises is tested after the contract.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleError } from '../../http/error-handler';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';
import { LocalPhotoStorage } from './local-storage';
import { localStorageRoutes } from './local-storage.routes';
import type { PhotoStorage } from './photo-storage';
import { DELETE_BATCH_SIZE, S3PhotoStorage } from './s3-storage';

interface Backend {
  storage: PhotoStorage;
  /** The same store, through an adapter whose clock reads `now`: how a test gets a URL that has expired. */
  atTime(now: Date): PhotoStorage;
  /** A signed URL as fetch needs it (the local adapter's are paths on this server). */
  absolute(url: string): string;
  close(): Promise<void>;
}

async function startLocal(): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-storage-'));
  const secret = crypto.randomBytes(32).toString('hex');
  const storage = new LocalPhotoStorage(dataDir, secret);
  const app = Fastify();
  app.setErrorHandler(handleError);
  await app.register(localStorageRoutes(storage));
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    storage,
    atTime: (now) => new LocalPhotoStorage(dataDir, secret, () => now),
    absolute: (url) => `${baseUrl}${url}`,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startS3(): Promise<Backend> {
  const server = await startS3Server();
  return {
    storage: new S3PhotoStorage(server.config),
    atTime: (now) => new S3PhotoStorage(server.config, () => now),
    absolute: (url) => url,
    close: () => server.close(),
  };
}

const newKey = (prefix: string, suffix = '') => `${prefix}/${crypto.randomUUID()}${suffix}`;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000)]);

function upload(url: string, body: Buffer, contentType: string): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(body) });
}

describe.each([
  ['local', startLocal],
  ['s3', startS3],
])('%s photo storage', (_name, start) => {
  let backend: Backend;
  let storage: PhotoStorage;

  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });

  afterAll(async () => {
    await backend?.close();
  });

  async function uploadUrl(key: string, body: Buffer, expiresAt = inMinutes(15), via = storage) {
    const url = await via.createUploadUrl(key, {
      contentType: 'image/jpeg',
      contentLength: body.length,
      expiresAt,
    });
    return backend.absolute(url);
  }

  it('answers its backend is reachable', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('puts and gets bytes, and answers null for a key that holds nothing', async () => {
    const key = newKey('photos', '.jpg');
    await storage.put(key, jpeg, 'image/jpeg');
    expect(await storage.get(key)).toEqual(jpeg);
    expect(await storage.get(newKey('photos', '.jpg'))).toBeNull();
  });

  it('copies an object to a new key, and refuses to copy one that does not exist', async () => {
    const from = newKey('photos', '.jpg');
    const to = newKey('photos', '.jpg');
    await storage.put(from, jpeg, 'image/jpeg');
    await storage.copy(from, to);
    expect(await storage.get(to)).toEqual(jpeg);
    expect(await storage.get(from)).toEqual(jpeg);
    await expect(storage.copy(newKey('photos', '.jpg'), newKey('photos', '.jpg'))).rejects.toThrow();
  });

  it('deletes the keys it is given, whether or not they hold anything', async () => {
    const kept = newKey('photos', '.jpg');
    const gone = [newKey('photos', '.jpg'), newKey('photos', '.thumb.webp')];
    await storage.put(kept, jpeg, 'image/jpeg');
    for (const key of gone) await storage.put(key, jpeg, 'image/jpeg');
    await storage.delete([...gone, newKey('photos', '.jpg')]);
    await storage.delete([]);
    expect(await storage.get(gone[0] as string)).toBeNull();
    expect(await storage.get(gone[1] as string)).toBeNull();
    expect(await storage.get(kept)).toEqual(jpeg);
  });

  it('refuses keys it did not make', async () => {
    await expect(storage.put('../escape', jpeg, 'image/jpeg')).rejects.toThrow(/Unsafe storage key/);
    await expect(
      storage.createUploadUrl('uploads/../x', {
        contentType: 'image/jpeg',
        contentLength: 1,
        expiresAt: inMinutes(1),
      }),
    ).rejects.toThrow(/Unsafe storage key/);
  });

  describe('an upload URL', () => {
    it('takes exactly the declared bytes of the declared type', async () => {
      const key = newKey('uploads');
      const response = await upload(await uploadUrl(key, jpeg), jpeg, 'image/jpeg');
      expect(response.status, await response.text()).toBe(200);
      expect(await storage.get(key)).toEqual(jpeg);
    });

    it('refuses another content type, and stores nothing', async () => {
      const key = newKey('uploads');
      const response = await upload(await uploadUrl(key, jpeg), jpeg, 'image/png');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await storage.get(key)).toBeNull();
    });

    it('refuses more bytes than declared, and stores nothing', async () => {
      const key = newKey('uploads');
      const response = await upload(await uploadUrl(key, jpeg), Buffer.concat([jpeg, jpeg]), 'image/jpeg');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await storage.get(key)).toBeNull();
    });

    it('is for its own key only', async () => {
      const key = newKey('uploads');
      const other = newKey('uploads');
      const url = (await uploadUrl(key, jpeg)).replace(key, other);
      const response = await upload(url, jpeg, 'image/jpeg');
      expect(response.status).toBe(403);
      expect(await storage.get(other)).toBeNull();
    });

    it('is refused once it has expired', async () => {
      const key = newKey('uploads');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      const url = await uploadUrl(
        key,
        jpeg,
        new Date(twoHoursAgo.getTime() + 60_000),
        backend.atTime(twoHoursAgo),
      );
      const response = await upload(url, jpeg, 'image/jpeg');
      expect(response.status).toBe(403);
      expect(await storage.get(key)).toBeNull();
    });
  });

  describe('a download URL', () => {
    it('serves the bytes with their type, and offers a file name when given one', async () => {
      const key = newKey('photos', '.jpg');
      await storage.put(key, jpeg, 'image/jpeg');

      const shown = await fetch(
        backend.absolute(await storage.createDownloadUrl(key, { expiresAt: inMinutes(60) })),
      );
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/jpeg');
      expect(shown.headers.get('content-disposition')).toBeNull();
      expect(Buffer.from(await shown.arrayBuffer())).toEqual(jpeg);

      const downloaded = await fetch(
        backend.absolute(
          await storage.createDownloadUrl(key, { expiresAt: inMinutes(60), fileName: 'Levi jeans 1.jpg' }),
        ),
      );
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-disposition')).toBe('attachment; filename="Levi_jeans_1.jpg"');
      expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(jpeg);
    });

    it('is refused once it has expired', async () => {
      const key = newKey('photos', '.jpg');
      await storage.put(key, jpeg, 'image/jpeg');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      const url = await backend
        .atTime(twoHoursAgo)
        .createDownloadUrl(key, { expiresAt: new Date(twoHoursAgo.getTime() + 60_000) });
      const response = await fetch(backend.absolute(url));
      expect(response.status).toBe(403);
    });
  });
});

describe('s3 photo storage, beyond the contract', () => {
  let server: TestS3Server;
  let storage: S3PhotoStorage;

  beforeAll(async () => {
    server = await startS3Server();
    storage = new S3PhotoStorage(server.config);
  });

  afterAll(async () => {
    await server?.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('signs the type and the exact length, and puts no checksum in the URL', async () => {
    const url = new URL(
      await storage.createUploadUrl('uploads/a/b', {
        contentType: 'image/webp',
        contentLength: 1234,
        expiresAt: inMinutes(15),
      }),
    );
    expect(url.origin).toBe(server.endpoint);
    expect(url.pathname).toBe(`/${server.bucket}/uploads/a/b`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    // The SDK's default puts the CRC32 of an empty body here, and S3 would refuse every photo for it.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });

  it('refuses fewer bytes than declared (the local adapter takes those)', async () => {
    const key = newKey('uploads');
    const url = await storage.createUploadUrl(key, {
      contentType: 'image/jpeg',
      contentLength: jpeg.length,
      expiresAt: inMinutes(15),
    });
    const response = await upload(url, jpeg.subarray(1), 'image/jpeg');
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('SignatureDoesNotMatch');
    expect(await storage.get(key)).toBeNull();
  });

  it('gives the same photo the same URL within the hour, so browsers can cache it', async () => {
    const hour = Math.floor(Date.now() / 3600_000) * 3600_000;
    const expiresAt = new Date(hour + 2 * 3600_000);
    const early = new S3PhotoStorage(server.config, () => new Date(hour + 60_000));
    const late = new S3PhotoStorage(server.config, () => new Date(hour + 59 * 60_000));
    const first = await early.createDownloadUrl('photos/x.jpg', { expiresAt });
    expect(await late.createDownloadUrl('photos/x.jpg', { expiresAt })).toBe(first);
    // S3 reads the expiry as signing time plus lifetime: that must be the expiry asked for.
    const signed = new URL(first).searchParams;
    expect(signed.get('X-Amz-Expires')).toBe('7200');
  });

  it('refuses to sign a URL that has already expired or would outlive SigV4', async () => {
    const options = { contentType: 'image/jpeg', contentLength: 1 };
    await expect(
      storage.createUploadUrl('uploads/a/b', { ...options, expiresAt: new Date(Date.now() - 1000) }),
    ).rejects.toThrow(/future/);
    await expect(
      storage.createDownloadUrl('photos/x.jpg', { expiresAt: new Date(Date.now() + 8 * 24 * 3600_000) }),
    ).rejects.toThrow(/at most/);
  });

  it(`deletes in batches of at most ${DELETE_BATCH_SIZE} keys, as S3 requires`, async () => {
    // s3rver takes any number of keys in one request, so the batches are counted on the way out.
    const send = vi.spyOn(S3Client.prototype, 'send');
    const keys = Array.from({ length: DELETE_BATCH_SIZE + 1 }, (_, index) => `photos/batch-${index}.jpg`);
    await storage.put(keys[0] as string, jpeg, 'image/jpeg');
    await storage.put(keys[DELETE_BATCH_SIZE] as string, jpeg, 'image/jpeg');
    await storage.delete(keys);
    const batches = send.mock.calls
      .map(([command]) => command)
      .filter((command) => command instanceof DeleteObjectsCommand)
      .map((command) => command.input.Delete?.Objects?.length);
    expect(batches).toEqual([DELETE_BATCH_SIZE, 1]);
    expect(await server.listKeys('photos/batch-')).toEqual([]);
  });

  it('fails its ping when the bucket does not exist', async () => {
    const missing = new S3PhotoStorage({ ...server.config, bucket: 'snaplist-no-such-bucket' });
    await expect(missing.ping()).rejects.toThrow();
  });
});
