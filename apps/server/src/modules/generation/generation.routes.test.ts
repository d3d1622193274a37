import fs from 'node:fs';
import path from 'node:path';
import { issueMessage, ListingSchema, MAX_PHOTO_BYTES, routes } from '@snaplist/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPhotoStorage } from '../../platform/storage/local-storage';
import {
  asErrorResponse,
  createGeneration,
  createUser,
  expectOk,
  generateListing,
  putPhoto,
  startGeneration,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../testing';
import { restartDuringGeneration } from '../../testing/generation-restart';

let server: TestServer;
let seller: TestUser;
let label: Buffer;
let item: Buffer;

async function labelJpeg(lines: string[]): Promise<Buffer> {
  const text = lines
    .map(
      (line, index) =>
        `<text x="400" y="${140 + index * 110}" font-size="${index === 0 ? 96 : 64}" font-family="DejaVu Sans" font-weight="${index === 0 ? 'bold' : 'normal'}" text-anchor="middle">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="${200 + lines.length * 110}"><rect width="100%" height="100%" fill="#f6f1e7"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function flatLayJpeg(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="100%" height="100%" fill="#f2f2f0"/><path d="M250 200 L380 160 Q450 220 520 160 L650 200 L760 380 L660 430 L640 1000 L260 1000 L240 430 L140 380 Z" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

function countRows(table: 'listings' | 'photos' | 'generations') {
  return server.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

function storedFiles(): string[] {
  const root = path.join(server.dataDir, 'photos', 'photos');
  return fs.existsSync(root) ? fs.readdirSync(root) : [];
}

/** How many listings and stored photo files there are: a refused request must leave both as they were. */
async function storedCounts() {
  return { listings: await countRows('listings'), files: storedFiles().length };
}

beforeAll(async () => {
  // One seller leaves more generations waiting for photos than the default limit (tested in modules/housekeeping).
  server = await startTestServer({ PENDING_GENERATIONS_PER_SELLER: '100' });
  // More generations than the free allowance: the seller is on Pro (allowances are tested in modules/plans).
  seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
  label = await labelJpeg(["LEVI'S", 'W32 L34', '100% cotton']);
  item = await flatLayJpeg('#1f3a93');
});

afterAll(async () => {
  await server.close();
});

describe('POST /api/listing', () => {
  it('answers one signed upload URL per photo, in the order given', async () => {
    const created = expectOk(
      await createGeneration(server, seller.token, [{ bytes: item }, { bytes: label }]),
    );
    expect(created.presignedUrls.map((entry) => entry.id)).toEqual(['photo-1', 'photo-2']);
    expect(created.presignedUrls[0]?.url).toMatch(/^\/api\/storage\/uploads\/.+sig=[0-9a-f]{64}$/);
    expect(Date.parse(created.expiresAt)).toBeGreaterThan(Date.now());
  });

  it.each([
    ['no photos', [], issueMessage('no_photos')],
    [
      '25 photos',
      Array.from({ length: 25 }, () => ({ bytes: Buffer.alloc(10) })),
      issueMessage('too_many_images'),
    ],
  ])('refuses %s', async (_name, photos, message) => {
    const response = await createGeneration(server, seller.token, photos);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a photo type other than JPG, PNG or WebP, and an oversized photo', async () => {
    // Raw: a GIF is a photo type the types forbid.
    const create = async (photo: object) =>
      asErrorResponse(
        await server.request('POST', '/api/listing', {
          token: seller.token,
          body: { language: 'en', listingData: { photos: [photo], generationSettings: {} } },
        }),
      );
    const gif = await create({ id: 'a', type: 'image/gif', extension: 'gif', size: 100, position: 0 });
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe(issueMessage('photo_type'));
    const huge = await create({
      id: 'a',
      type: 'image/jpeg',
      extension: 'JPG',
      size: MAX_PHOTO_BYTES + 1,
      position: 0,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe(issueMessage('photo_too_large'));
  });

  it('refuses settings with every generated field turned off, with the spec sentence', async () => {
    const response = await createGeneration(server, seller.token, [{ bytes: item }], {
      generationSettings: { description: false, tags: false, title: false, suggestedPrice: false },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Please enable at least one generation option (description, tags, title, or suggested price)',
    );
  });

  it('takes photos cleaned on the device with their colour, and refuses a colour that is not #rrggbb', async () => {
    const cleaned = await createGeneration(server, seller.token, [{ bytes: item }], {
      generationSettings: { removeBackground: true, removeBackgroundColor: '#eeeeee' },
    });
    expect(cleaned.status).toBe(201);

    const generationsBefore = await countRows('generations');
    for (const colour of ['white', '#fff', '#gggggg', 'url(#x)']) {
      const response = await createGeneration(server, seller.token, [{ bytes: item }], {
        generationSettings: { removeBackground: true, removeBackgroundColor: colour },
      });
      expect(response.status, colour).toBe(400);
      expect(response.body.message, colour).toBe(issueMessage('background_colour'));
    }
    expect(await countRows('generations')).toBe(generationsBefore);
  });

  it('needs a signed-in seller', async () => {
    const response = await createGeneration(server, '', [{ bytes: item }]);
    expect(response.status).toBe(401);
  });
});

describe('uploading to the signed URL', () => {
  it('refuses the wrong content type, a larger file than declared, a tampered signature and an expired link', async () => {
    const created = expectOk(await createGeneration(server, seller.token, [{ bytes: item }]));
    const url = created.presignedUrls[0]?.url ?? '';

    const wrongType = await putPhoto(server, url, { bytes: item, type: 'image/png' });
    expect(wrongType.status).toBe(415);
    const tooBig = await putPhoto(server, url, { bytes: Buffer.concat([item, Buffer.alloc(10)]) });
    expect(tooBig.status).toBe(413);
    const lastHex = url.at(-1);
    const tampered = await putPhoto(server, `${url.slice(0, -1)}${lastHex === '0' ? '1' : '0'}`, {
      bytes: item,
    });
    expect(tampered.status).toBe(403);
    const otherKey = await putPhoto(server, url.replace('/uploads/', '/photos/'), { bytes: item });
    expect(otherKey.status).toBe(403);

    const secret = fs.readFileSync(path.join(server.dataDir, 'secrets', 'storage-secret'), 'utf8');
    const storage = new LocalPhotoStorage(server.dataDir, secret);
    const expired = await storage.createUploadUrl('uploads/x/y', {
      contentType: 'image/jpeg',
      contentLength: 1000,
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = asErrorResponse(await putPhoto(server, expired, { bytes: Buffer.alloc(10) }));
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('link_expired');
  });
});

describe('POST /api/listing/generate', () => {
  it('writes the listing from the photos and serves it to its owner only', async () => {
    const listing = expectOk(
      await generateListing(server, seller.token, [{ bytes: item }, { bytes: label }]),
    );
    expect(listing.listingId).toEqual(expect.any(String));
    expect(listing.title.length).toBeGreaterThan(0);
    expect(listing.title.length).toBeLessThanOrEqual(80);
    expect(listing.brand).toBe("Levi's");
    expect(listing.size).toBe('W32 L34');
    expect(listing.tags[0]).toBe("levi's");
    expect(listing.photos).toHaveLength(2);
    expect(listing.evidence.brand?.[0]).toMatchObject({ source: 'label_text', photo: 2 });
    expect(listing.engine).toBe('local');

    const again = await server.call(routes.getListing, {
      token: seller.token,
      params: { id: listing.listingId },
    });
    expect(again.status).toBe(200);
    expect(again.body.title).toBe(listing.title);

    const stranger = await createUser(server.baseUrl);
    const hidden = await server.call(routes.getListing, {
      token: stranger.token,
      params: { id: listing.listingId },
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Listing not found');
  });

  it('serves normalised photos: oriented, metadata stripped, long side capped, with a WebP thumbnail', async () => {
    const tall = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snap 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(tall).metadata()).exif).toBeDefined();

    const [photo] = expectOk(await generateListing(server, seller.token, [{ bytes: tall }])).photos;
    expect([photo?.width, photo?.height]).toEqual([683, 2048]);

    const served = await server.request('GET', photo?.url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([683, 2048]);

    const thumbnail = await server.request('GET', photo?.thumbnailUrl ?? '');
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(Math.max((await sharp(thumbnail.bytes).metadata()).height ?? 0)).toBe(480);
  });

  it('refuses photos that never arrived, keeps nothing half-made, and works once they arrive', async () => {
    const photos = [{ bytes: item }, { bytes: label }];
    const created = expectOk(await createGeneration(server, seller.token, photos));
    await putPhoto(server, created.presignedUrls[0]?.url ?? '', photos[0] as { bytes: Buffer });
    const before = await storedCounts();

    const early = await startGeneration(server, seller.token, created.id);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      code: 'photo_missing',
      message: 'Photo 2 has not arrived yet. Upload it and try again.',
    });
    expect(await storedCounts()).toEqual(before);

    await putPhoto(server, created.presignedUrls[1]?.url ?? '', photos[1] as { bytes: Buffer });
    const late = await startGeneration(server, seller.token, created.id);
    expect(late.status, late.text).toBe(200);

    const twice = await startGeneration(server, seller.token, created.id);
    expect(twice.status).toBe(200);
    expect(twice.body.listingId).toBe(late.body.listingId);
    expect(await countRows('listings')).toBe(before.listings + 1);
  });

  it('refuses a file that is not an image, whatever it claims, and stores nothing', async () => {
    const fake = { bytes: Buffer.from('GIF89a this is not a jpeg at all'), type: 'image/jpeg' as const };
    const before = await storedCounts();
    const response = await generateListing(server, seller.token, [{ bytes: item }, fake]);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'photo_unreadable',
      message: 'Photo 2 is not a JPG, PNG or WebP image we can read.',
    });
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_PHOTO_BYTES);
    const response = await generateListing(server, seller.token, [{ bytes: bomb, type: 'image/png' }]);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('photo_too_large');
  });

  it("is a 404 for another seller's generation", async () => {
    const created = expectOk(await createGeneration(server, seller.token, [{ bytes: item }]));
    const stranger = await createUser(server.baseUrl);
    const response = await startGeneration(server, stranger.token, created.id);
    expect(response.status).toBe(404);
  });

  it('leaves out every field the seller turned off', async () => {
    const listing = expectOk(
      await generateListing(server, seller.token, [{ bytes: label }], {
        generationSettings: { title: false, tags: false, suggestedPrice: false, description: true },
      }),
    );
    expect(listing.title).toBe('');
    expect(listing.tags).toEqual([]);
    expect(listing.suggestedPriceRange).toBeNull();
    expect(listing.description.length).toBeGreaterThan(0);
  });

  it("uses the seller's brand, size and condition as given", async () => {
    const listing = expectOk(
      await generateListing(server, seller.token, [{ bytes: label }], {
        generationSettings: { brand: 'Patagonia', size: 'L', condition: 'new_with_tags' },
      }),
    );
    expect(listing).toMatchObject({ brand: 'Patagonia', size: 'L', condition: 'New with tags' });
    expect(listing.evidence.brand?.[0]?.source).toBe('seller_hint');
  });

  it("keeps the seller's 'Used' as condition evidence, with no listing grade", async () => {
    const response = await generateListing(server, seller.token, [{ bytes: label }], {
      generationSettings: { condition: 'used' },
    });
    expect(response.status, response.text).toBe(200);
    const listing = ListingSchema.parse(response.body);
    expect(listing.condition).toBeNull();
    expect(listing.evidence.condition).toEqual([{ source: 'seller_hint', rule: 'condition.used' }]);
  });
});

// Plain fetch: these uploads are multipart forms, which the typed client does not send.
describe('POST /api/photos/upload', () => {
  /** Uploads one file under the form field `field`. */
  function upload(field: string, file: Blob, fileName: string) {
    const form = new FormData();
    form.append(field, file, fileName);
    return fetch(`${server.baseUrl}/api/photos/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
      body: form,
    });
  }

  it('stores one checked photo and answers its id and URL', async () => {
    const response = await upload('photo', new Blob([item], { type: 'image/jpeg' }), 'item.jpg');
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; url: string };
    expect((await server.request('GET', body.url)).status).toBe(200);
  });

  it('refuses a file that is not an image, and a form without the photo field', async () => {
    const refused = await upload('photo', new Blob(['hello'], { type: 'image/png' }), 'fake.png');
    expect(refused.status).toBe(422);

    const missing = await upload('file', new Blob([item], { type: 'image/jpeg' }), 'item.jpg');
    expect(missing.status).toBe(400);
  });
});

describe('after a restart', () => {
  it('marks a generation that was being written as failed, and it can be started again', async () => {
    const photos = [{ bytes: label }];
    const created = expectOk(await createGeneration(server, seller.token, photos));
    await putPhoto(server, created.presignedUrls[0]?.url ?? '', photos[0] as { bytes: Buffer });

    await restartDuringGeneration(server, created.id, async (restarted) => {
      const row = await restarted.app.db
        .selectFrom('generations')
        .select(['status', 'error'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      const retried = await startGeneration(restarted, seller.token, created.id);
      expect(retried.status, retried.text).toBe(200);
    });
  });
});
