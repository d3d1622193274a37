// The scale-out deployment end to end: two API processes and one generation worker, separate operating-system
// processes sharing PostgreSQL, Redis and an S3-compatible store, and nothing else. A seller signs up on one
// API and generates through the other; the worker writes the listing; both APIs serve it. Then the worker is
// killed with SIGKILL in the middle of a generation and a new one started: the job is picked up again and
// the generation completes once, with nothing lost (photos, listing, usage) and nothing duplicated.
import crypto from 'node:crypto';
import { routes } from '@snaplist/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  createGeneration,
  createTestSchema,
  createUser,
  expectOk,
  putPhoto,
  renderPhoto12mp,
  type ServerProcess,
  startApiProcess,
  startGeneration,
  startS3Server,
  startWorkerProcess,
  type TestS3Server,
  type TestSchema,
  type TestUser,
  type UploadPhoto,
} from './testing';
import { testDatabaseUrl } from './testing/test-database';
import { findTestRedis, type TestRedis } from './testing/test-redis';

const redis: TestRedis | undefined = await findTestRedis();

let schema: TestSchema;
let s3: TestS3Server;
let redisPrefix: string;
let env: Record<string, string>;
let apis: ApiProcess[] = [];
let worker: ServerProcess | undefined;
let seller: TestUser;
let photos: UploadPhoto[];

beforeAll(async () => {
  const databaseUrl = testDatabaseUrl();
  if (!databaseUrl || !redis) return;
  schema = await createTestSchema(databaseUrl);
  s3 = await startS3Server();
  redisPrefix = redis.uniquePrefix();
  env = {
    ...s3.env,
    DATABASE_URL: schema.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redisPrefix,
    // Every process signs and checks the same tokens: the secret is configuration, not a file in DATA_DIR.
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    OCR_WORKERS: '1',
    // Every generation is charged to the plan, so the allowance below counts exactly what was written.
    FREE_AI_LISTINGS: '0',
    // The API waits for a job at most this long; the test then asks again, as the web app does.
    GENERATION_TIMEOUT_SECONDS: '60',
  };
  apis = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  worker = await startWorkerProcess(env);
  photos = [{ bytes: await renderPhoto12mp('item') }, { bytes: await renderPhoto12mp('label') }];
}, 180_000);

afterAll(async () => {
  await Promise.all([...apis, worker].map((process) => process?.kill('SIGTERM')));
  await s3?.close();
  await schema?.drop();
  if (redis && redisPrefix) await redis.removeKeys(redisPrefix);
}, 60_000);

describe.runIf(testDatabaseUrl() && redis)(
  'two API processes and a worker on PostgreSQL, Redis and S3',
  () => {
    it('signs up on one API, generates through the other, and both serve the listing the worker wrote', async () => {
      const [first, second] = apis as [ApiProcess, ApiProcess];
      seller = await createUser(first.baseUrl, { plan: 'pro_monthly' });

      const listing = expectOk(await generate(second, await upload(second)));
      expect(worker?.logs()).toContain(listing.listingId);

      for (const api of apis) {
        const read = expectOk(
          await api.call(routes.getListing, { token: seller.token, params: { id: listing.listingId } }),
        );
        expect(read.title).toBe(listing.title);
        for (const photo of read.photos) {
          expect((await fetch(photo.url)).status, photo.url).toBe(200);
        }
      }
    }, 120_000);

    it('finishes a generation whose worker was killed mid-job, once, with nothing lost', async () => {
      const [first, second] = apis as [ApiProcess, ApiProcess];
      const generationId = await upload(second);
      const answered = generate(second, generationId);
      const started = new RegExp(`(?=.*generation job started)(?=.*${generationId})`);
      const killed = worker as ServerProcess;
      await killed.waitForLog(started, 60_000);
      await killed.kill('SIGKILL');
      // It died inside the job: it never reported it done.
      expect(killed.logs()).not.toMatch(new RegExp(`(?=.*generation job done)(?=.*${generationId})`));

      // Nothing runs the job now; a new worker finds it stalled once the dead one's lock lapses, and runs it.
      worker = await startWorkerProcess(env);
      let response = await answered;
      while (response.status === 503 && response.body.code === 'generation_busy') {
        response = await generate(second, generationId);
      }
      const listing = expectOk(response);
      expect(worker?.logs()).toMatch(started);
      expect(listing.photos).toHaveLength(photos.length);

      // Served by the other API too, and counted once in the seller's allowance.
      expectOk(
        await first.call(routes.getListing, { token: seller.token, params: { id: listing.listingId } }),
      );
      expect(expectOk(await authCheck(first)).user.usage.aiListingsUsed).toBe(2);

      const rows = await query<{ id: string }>('select id from listings where source = $1', ['generated']);
      expect(rows).toHaveLength(2);
      const [generation] = await query<{ status: string; listing_id: string }>(
        'select status, listing_id from generations where id = $1',
        [generationId],
      );
      expect(generation).toEqual({ status: 'completed', listing_id: listing.listingId });

      // Every stored photo belongs to a photo row of a listing: no upload left, no orphan from the killed run.
      const stored = await query<{ storage_key: string; thumbnail_key: string }>(
        'select storage_key, thumbnail_key from photos where listing_id is not null',
      );
      const expected = stored.flatMap((photo) => [photo.storage_key, photo.thumbnail_key]).sort();
      expect(await s3.listKeys('uploads/')).toEqual([]);
      expect(await s3.listKeys('photos/')).toEqual(expected);
      expect(expected).toHaveLength(2 * 2 * photos.length);
    }, 180_000);

    it('revokes a token everywhere when the seller logs out on one API', async () => {
      const [first, second] = apis as [ApiProcess, ApiProcess];
      expect((await authCheck(first)).status).toBe(200);
      const loggedOut = await second.call(routes.logout, { token: seller.token });
      expect(loggedOut.status, loggedOut.text).toBe(200);
      expect((await authCheck(first)).status).toBe(401);
    });
  },
);

async function upload(api: ApiProcess): Promise<string> {
  const created = expectOk(await createGeneration(api, seller.token, photos));
  for (const [index, presigned] of created.presignedUrls.entries()) {
    const put = await putPhoto(api, presigned.url, photos[index] as UploadPhoto);
    expect(put.status, put.text).toBe(200);
  }
  return created.id;
}

function generate(api: ApiProcess, generationId: string) {
  return startGeneration(api, seller.token, generationId);
}

function authCheck(api: ApiProcess) {
  return api.call(routes.authCheck, { token: seller.token, body: {} });
}

async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: schema.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}
