// The whole app on S3 settings, over HTTP: photos go from the "browser" straight to the object store through
// presigned URLs, the worker side reads and writes them there, and listings serve and delete them there.
import { type Listing, routes } from '@snaplist/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInventoryListing,
  createTestJpeg,
  createUser,
  expectOk,
  generateListing,
  startS3Server,
  startTestServer,
  type TestS3Server,
  type TestServer,
  type TestUser,
  uploadTestPhoto,
} from '../../testing';

let s3: TestS3Server;
let server: TestServer;
let seller: TestUser;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startTestServer(s3.env);
  // Creating inventory listings needs a plan (allowances are tested in modules/plans).
  seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
});

afterAll(async () => {
  await server?.close();
  await s3?.close();
});

/** Fetches every photo of a listing from its URL; answers the formats served. */
async function downloadPhotos(listing: Listing): Promise<string[]> {
  const formats: string[] = [];
  for (const photo of listing.photos) {
    for (const url of [photo.url, photo.thumbnailUrl]) {
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/photos/`), url).toBe(true);
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      const { format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      formats.push(`${format}`);
    }
  }
  return formats;
}

function keysOf(listing: Listing): string[] {
  return listing.photos.flatMap((photo) =>
    [photo.url, photo.thumbnailUrl].map((url) => new URL(url).pathname.slice(`/${s3.bucket}/`.length)),
  );
}

describe('photo storage on S3 settings', () => {
  it('reports the bucket in readiness', async () => {
    const ready = expectOk(await server.call(routes.readiness));
    expect(ready.checks.storage).toMatchObject({ ok: true, adapter: 's3' });
  });

  it('generates a listing from photos uploaded to the bucket, serves them from it, and deletes them with it', async () => {
    const photos = [
      { bytes: await createTestJpeg({ colour: '#1f3a93', width: 600, height: 800 }) },
      { bytes: await createTestJpeg({ colour: '#b03a2e', width: 600, height: 800 }) },
    ];
    // generateListing PUTs each photo to its presigned URL, which points at the object store.
    const listing = expectOk(await generateListing(server, seller.token, photos));
    expect(listing.photos).toHaveLength(2);
    expect(await downloadPhotos(listing)).toEqual(['jpeg', 'webp', 'jpeg', 'webp']);
    // The uploads were read, normalised into photos/ and removed.
    expect(await s3.listKeys('uploads/')).toEqual([]);
    expect(await s3.listKeys('photos/')).toEqual(expect.arrayContaining(keysOf(listing)));

    const read = await server.call(routes.getListing, {
      token: seller.token,
      params: { id: listing.listingId },
    });
    expect(await downloadPhotos(expectOk(read))).toHaveLength(4);

    // An inventory listing made from the generated listing's photo (copied in the bucket) and a new upload.
    const uploaded = await uploadTestPhoto(server.baseUrl, seller);
    expect(uploaded.url.startsWith(`${s3.endpoint}/${s3.bucket}/photos/`)).toBe(true);
    expect((await fetch(uploaded.url)).status).toBe(200);
    const inventory = await createInventoryListing(server.baseUrl, seller, {
      photos: [listing.photos[0]?.id as string, uploaded.id],
    });
    expect(await downloadPhotos(inventory)).toEqual(['jpeg', 'webp', 'jpeg', 'webp']);
    const inventoryKeys = keysOf(inventory);
    expect(inventoryKeys.filter((key) => keysOf(listing).includes(key))).toEqual([]);
    expect(await s3.listKeys('photos/')).toEqual(expect.arrayContaining(inventoryKeys));

    const deleted = await server.call(routes.deleteListing, {
      token: seller.token,
      params: { id: inventory.listingId },
    });
    expect(deleted.status, deleted.text).toBe(200);
    const left = await s3.listKeys('photos/');
    expect(left.filter((key) => inventoryKeys.includes(key))).toEqual([]);
    // The generated listing keeps its own photos.
    expect(left).toEqual(expect.arrayContaining(keysOf(listing)));
    expect(await downloadPhotos(listing)).toHaveLength(4);
  }, 60_000); // OCR on a busy machine: the first generation starts the engine.
});

describe('start-up with S3 settings that do not work', () => {
  it('refuses a store that does not answer, naming the bucket and endpoint', async () => {
    const unreachable = { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' };
    await expect(startTestServer(unreachable)).rejects.toThrow(
      `Cannot reach the S3 bucket "${s3.bucket}" at http://127.0.0.1:1 (S3_BUCKET, S3_ENDPOINT)`,
    );
  });

  it('refuses a bucket that does not exist', async () => {
    await expect(startTestServer({ ...s3.env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      `Cannot reach the S3 bucket "no-such-bucket" at ${s3.endpoint}`,
    );
  });
});
