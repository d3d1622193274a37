// The generation job run twice for one generation (a stalled job picked up again while its first run goes
// on) and run until it gives up: one listing at most, and never a generation stuck in 'processing'.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationSettingsSchema } from '@snaplist/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EngineListing, ListingEngine } from '../../platform/ai/listing-engine';
import {
  createBullmqQueue,
  type GenerationWorker,
  startGenerationWorker,
} from '../../platform/queue/bullmq-generation-queue';
import type { GenerationQueue } from '../../platform/queue/generation-queue';
import { createPhotoStorage } from '../../platform/storage/create-photo-storage';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import { createGenerationProcessor, createSweeper } from '../../services';
import { insertOwner, useDatabasePerTest } from '../../testing/database-per-test';
import { refuseInsertsInto } from '../../testing/test-database';
import { findTestRedis } from '../../testing/test-redis';
import { PhotosRepository, pendingPhotoRow } from '../photos/photos.repository';
import {
  GENERATION_FAILED_MESSAGE,
  type GenerationProcessor,
  UNCOMMITTED_FILES_HOLD_MS,
} from './generation.processor';
import { GenerationsRepository } from './generation.repository';

const redis = await findTestRedis();
const PHOTOS = 2;

const draft: EngineListing = {
  title: 'Blue denim jacket',
  description: 'A blue denim jacket.',
  tags: ['denim'],
  suggestedPriceRange: null,
  brand: null,
  size: null,
  colours: [],
  category: null,
  condition: null,
  composition: [],
  evidence: {},
  suggestions: [
    {
      field: 'brand',
      value: 'Zara',
      evidence: [{ source: 'label_text', photo: 2, text: 'ZAHA', rule: 'brand.fuzzy', confidence: 0.5 }],
    },
  ],
  variants: {},
  engine: 'fake',
  model: 'fake-model-1',
  usage: { promptTokens: 1200, completionTokens: 300 },
  fallback: null,
  writerInput: null,
};

interface Fixture {
  db: Db;
  storage: PhotoStorage;
  dataDir: string;
}

const openTestDatabase = useDatabasePerTest();

/** A fresh database and the photo storage its configuration names. */
async function openFixture(): Promise<Fixture> {
  const { db, config, dataDir } = await openTestDatabase();
  return { db, storage: createPhotoStorage(config, () => new Date()), dataDir };
}

/** A generation as the API leaves it for its job: photos uploaded, claimed ('processing'). */
async function claimedGeneration({ db, storage }: Fixture): Promise<string> {
  const at = new Date().toISOString();
  const ownerId = await insertOwner(db, at);
  const generationId = crypto.randomUUID();
  await new GenerationsRepository(db).insert({
    id: generationId,
    owner_id: ownerId,
    status: 'processing',
    settings: JSON.stringify(GenerationSettingsSchema.parse({})),
    language: 'en',
    currency: 'GBP',
    listing_id: null,
    error: null,
    uploads_expire_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    created_at: at,
    updated_at: at,
    charged_to: null,
    charged_month: null,
  });
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f3a93' } })
    .jpeg()
    .toBuffer();
  const photos = Array.from({ length: PHOTOS }, (_, position) => {
    return pendingPhotoRow({
      id: crypto.randomUUID(),
      ownerId,
      generationId,
      clientId: `photo-${position + 1}`,
      position,
      declaredType: 'image/jpeg',
      declaredBytes: image.length,
      createdAt: at,
    });
  });
  await new PhotosRepository(db).insert(photos);
  for (const photo of photos) await storage.put(photo.upload_key, image, 'image/jpeg');
  return generationId;
}

function engine(write: () => Promise<EngineListing> = async () => draft): ListingEngine & { calls: number } {
  const fake = {
    name: 'fake',
    calls: 0,
    async write() {
      fake.calls++;
      return write();
    },
    warmUp: async () => {},
    close: async () => {},
  };
  return fake;
}

function processor(fixture: Fixture, listingEngine: ListingEngine) {
  return createGenerationProcessor({ db: fixture.db, storage: fixture.storage, engine: listingEngine });
}

async function listingCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function generationRow(db: Db, id: string) {
  return db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every stored photo and thumbnail, by key, and the originals still waiting. */
function storedObjects(dataDir: string) {
  const list = (folder: string) => {
    const root = path.join(dataDir, 'photos', folder);
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String) : [];
  };
  return { photos: list('photos').sort(), uploads: list('uploads').filter((entry) => entry.includes('/')) };
}

async function expectOneListing(fixture: Fixture, generationId: string, listingId: string) {
  expect(await listingCount(fixture.db)).toBe(1);
  expect(await generationRow(fixture.db, generationId)).toMatchObject({
    status: 'completed',
    listing_id: listingId,
  });
  const photos = await fixture.db
    .selectFrom('photos')
    .select(['listing_id', 'storage_key', 'thumbnail_key'])
    .execute();
  expect(photos.every((photo) => photo.listing_id === listingId)).toBe(true);
  // Only the winning run's objects are left, and the originals are gone.
  const keys = photos.flatMap((photo) => [photo.storage_key, photo.thumbnail_key]);
  expect(storedObjects(fixture.dataDir)).toEqual({
    photos: keys.map((key) => String(key).replace(/^photos\//, '')).sort(),
    uploads: [],
  });
}

describe('GenerationProcessor records who wrote the listing', () => {
  it('keeps the engine, model, tokens and time with the generation, and the engine and questions with the listing', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    const stoodIn = engine(async () => ({ ...draft, engine: 'local', fallback: 'invalid_output' as const }));
    const listingId = await processor(fixture, stoodIn).process(generationId);

    const generation = await generationRow(fixture.db, generationId);
    expect(generation).toMatchObject({
      engine: 'local',
      engine_model: 'fake-model-1',
      engine_fallback: 'invalid_output',
      prompt_tokens: 1200,
      completion_tokens: 300,
    });
    expect(generation.engine_latency_ms).toEqual(expect.any(Number));
    const listing = await fixture.db
      .selectFrom('listings')
      .select(['engine', 'engine_model', 'engine_fallback', 'suggestions'])
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(listing).toEqual({
      engine: 'local',
      engine_model: 'fake-model-1',
      engine_fallback: 'invalid_output',
      suggestions: JSON.stringify(draft.suggestions),
    });
  });
});

describe('GenerationProcessor run twice for one generation', () => {
  it('writes one listing when two runs overlap, and both return it', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    // Both runs are inside the engine before either stores anything.
    let arrived = 0;
    let bothArrived: () => void = () => {};
    const together = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    const slow = engine(async () => {
      if (++arrived === 2) bothArrived();
      await together;
      return draft;
    });
    const [first, second] = await Promise.all([
      processor(fixture, slow).process(generationId),
      processor(fixture, slow).process(generationId),
    ]);
    expect(slow.calls).toBe(2);
    expect(second).toBe(first);
    await expectOneListing(fixture, generationId, first);
  });

  it('returns the written listing when run again after it completed, and writes nothing', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    const counting = engine();
    const listingId = await processor(fixture, counting).process(generationId);
    await expect(processor(fixture, counting).process(generationId)).resolves.toBe(listingId);
    expect(counting.calls).toBe(1);
    await expectOneListing(fixture, generationId, listingId);
  });
});

describe('GenerationProcessor files left between their writing and the commit (decision 051)', () => {
  const runKeys = (fixture: Fixture) =>
    fixture.db
      .selectFrom('storage_deletions')
      .select('key')
      .orderBy('key')
      .execute()
      .then((rows) => rows.map((row) => row.key));
  const sweepAt = (fixture: Fixture, moment: Date) =>
    createSweeper({
      db: fixture.db,
      storage: fixture.storage,
      unattachedPhotoGraceMs: 24 * 60 * 60 * 1000,
      now: () => moment,
    }).sweep();
  const pastTheHold = () => new Date(Date.now() + UNCOMMITTED_FILES_HOLD_MS + 60_000);
  /** The fixture's storage with some of its calls replaced. */
  const storageWith = (fixture: Fixture, calls: Partial<PhotoStorage>): PhotoStorage =>
    Object.assign(Object.create(fixture.storage), calls);
  /** The fixture's storage, waiting on `then` once the run has written its last thumbnail. */
  const storageAfterLastThumbnail = (fixture: Fixture, then: () => Promise<unknown>): PhotoStorage => {
    let thumbnails = 0;
    return storageWith(fixture, {
      put: async (key, body, contentType) => {
        await fixture.storage.put(key, body, contentType);
        if (key.endsWith('.thumb.webp') && ++thumbnails === PHOTOS) await then();
      },
    });
  };
  const storedKeys = (fixture: Fixture) =>
    storedObjects(fixture.dataDir).photos.map((file) => `photos/${file}`);

  it('leaves the files of a failed commit queued when the store is away, and the next sweep deletes just them', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    const allowInserts = await refuseInsertsInto(fixture.db, 'listings');
    const storeAway = storageWith(fixture, {
      delete: async () => {
        throw new Error('the store is away');
      },
    });
    const failing = createGenerationProcessor({ db: fixture.db, storage: storeAway, engine: engine() });
    await expect(failing.process(generationId)).rejects.toThrow('forced failure');
    await allowInserts();

    const written = storedKeys(fixture);
    expect(written).toHaveLength(2 * PHOTOS);
    expect(await runKeys(fixture)).toEqual(written);

    // No commit can take them any more: they need not wait for the hold to end.
    expect(await sweepAt(fixture, new Date())).toMatchObject({
      queuedObjects: 2 * PHOTOS,
      abandonedGenerationObjects: 0,
    });
    expect(storedObjects(fixture.dataDir).photos).toEqual([]);
    // The originals stay for the retry.
    expect(storedObjects(fixture.dataDir).uploads).toHaveLength(PHOTOS);
    expect(await runKeys(fixture)).toEqual([]);
  });

  it('sweeps the files of a run killed before its commit, never those the retry committed', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    // The run stops for good once its last file is written, as a killed process does.
    const killedAfterWriting = storageAfterLastThumbnail(fixture, () => new Promise(() => {}));
    void createGenerationProcessor({ db: fixture.db, storage: killedAfterWriting, engine: engine() }).process(
      generationId,
    );
    await expect.poll(() => storedKeys(fixture).length, { timeout: 5_000 }).toBe(2 * PHOTOS);
    const killed = storedKeys(fixture);
    expect(await runKeys(fixture)).toEqual(killed);

    // The job's retry writes files of its own and commits them.
    const listingId = await processor(fixture, engine()).process(generationId);
    expect(await runKeys(fixture)).toEqual(killed);

    expect((await sweepAt(fixture, new Date())).abandonedGenerationObjects).toBe(0);
    expect((await sweepAt(fixture, pastTheHold())).abandonedGenerationObjects).toBe(2 * PHOTOS);
    await expectOneListing(fixture, generationId, listingId);
    const muchLater = new Date(Date.now() + 100 * UNCOMMITTED_FILES_HOLD_MS);
    expect((await sweepAt(fixture, muchLater)).abandonedGenerationObjects).toBe(0);
    await expectOneListing(fixture, generationId, listingId);
    expect(await runKeys(fixture)).toEqual([]);
  });

  it('commits nothing of a run that outlived its hold and whose files a sweep claimed', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    const slow = storageAfterLastThumbnail(fixture, () => sweepAt(fixture, pastTheHold()));
    const late = createGenerationProcessor({ db: fixture.db, storage: slow, engine: engine() });
    await expect(late.process(generationId)).rejects.toThrow(/past its hold/);
    expect(await listingCount(fixture.db)).toBe(0);
    expect(await generationRow(fixture.db, generationId)).toMatchObject({ status: 'processing' });
    expect(storedObjects(fixture.dataDir).photos).toEqual([]);
    expect(await runKeys(fixture)).toEqual([]);
  });
});

describe('GenerationProcessor.fail', () => {
  it('ends a processing generation as failed, with the message the seller sees', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    await processor(fixture, engine()).fail(generationId, new Error('job stalled more than allowable limit'));
    expect(await generationRow(fixture.db, generationId)).toMatchObject({
      status: 'failed',
      error: GENERATION_FAILED_MESSAGE,
      listing_id: null,
    });
  });

  it('lets the seller start again after an error they can fix', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    const missing = new AppError(
      'photo_missing',
      400,
      'Photo 2 has not arrived yet. Upload it and try again.',
    );
    await processor(fixture, engine()).fail(generationId, missing);
    expect(await generationRow(fixture.db, generationId)).toMatchObject({
      status: 'awaiting_photos',
      error: missing.message,
    });
  });

  it('gives the charge back of a generation it ended, and only of that one', async () => {
    const fixture = await openFixture();
    const refunded: string[] = [];
    const refunding = createGenerationProcessor({
      db: fixture.db,
      storage: fixture.storage,
      engine: engine(),
      refund: async (generationId) => {
        refunded.push(generationId);
      },
    });
    const stalled = await claimedGeneration(fixture);
    await refunding.fail(stalled, new Error('job stalled more than allowable limit'));
    const completed = await claimedGeneration(fixture);
    await refunding.process(completed);
    await refunding.fail(completed, new Error('late failure of a stale run'));
    expect(refunded).toEqual([stalled]);
  });

  it('leaves a generation alone once another run completed it', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    const listingId = await processor(fixture, engine()).process(generationId);
    await processor(fixture, engine()).fail(generationId, new Error('late failure of a stale run'));
    expect(await generationRow(fixture.db, generationId)).toMatchObject({
      status: 'completed',
      listing_id: listingId,
      error: null,
    });
  });
});

describe.skipIf(!redis)('generation jobs on BullMQ workers (Redis)', () => {
  const workers: GenerationWorker[] = [];
  const queues: GenerationQueue[] = [];
  let prefix = '';

  afterEach(async () => {
    for (const started of workers.splice(0)) await started.close(true);
    for (const created of queues.splice(0)) await created.close();
    if (redis) await redis.removeKeys(prefix);
  });

  const log = { info: () => {}, warn: () => {}, error: () => {} };

  async function queue(attempts: number) {
    prefix = redis?.uniquePrefix() ?? '';
    const created = await createBullmqQueue({
      redisUrl: redis?.url ?? '',
      prefix,
      attempts,
      timeoutMs: 10_000,
      backoffMs: 10,
    });
    queues.push(created);
    return created;
  }

  async function worker(jobs: GenerationProcessor, timing: { lockDurationMs?: number } = {}) {
    const started = await startGenerationWorker({
      redisUrl: redis?.url ?? '',
      prefix,
      concurrency: 1,
      process: (id) => jobs.process(id),
      onFinalFailure: (id, error) => jobs.fail(id, error),
      log,
      lockDurationMs: timing.lockDurationMs,
      stalledIntervalMs: timing.lockDurationMs ? timing.lockDurationMs / 2 : undefined,
    });
    workers.push(started);
    return started;
  }

  it('ends a generation whose job fails on every attempt as failed, never stuck in processing', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    const broken = engine(async () => {
      throw new Error('the model ran out of memory');
    });
    const generations = await queue(2);
    await worker(processor(fixture, broken));
    await expect(generations.runGeneration(generationId)).rejects.toThrow('the model ran out of memory');
    expect(broken.calls).toBe(2);
    await expect
      .poll(() => generationRow(fixture.db, generationId), { timeout: 5_000 })
      .toMatchObject({ status: 'failed', error: GENERATION_FAILED_MESSAGE, listing_id: null });
    expect(await listingCount(fixture.db)).toBe(0);
    // The originals stay, so that starting it again can work.
    expect(storedObjects(fixture.dataDir).uploads).toHaveLength(PHOTOS);
  });

  it('finishes a job on another worker when its worker dies, and the dead run writes no second listing', async () => {
    const fixture = await openFixture();
    const generationId = await claimedGeneration(fixture);
    let resume: () => void = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let reachedEngine: () => void = () => {};
    const inEngine = new Promise<void>((resolve) => {
      reachedEngine = resolve;
    });
    const hanging = engine(async () => {
      reachedEngine();
      await paused;
      return draft;
    });
    const firstRuns: Array<Promise<string>> = [];
    const dying = processor(fixture, hanging);
    const generations = await queue(3);
    const first = await startGenerationWorker({
      redisUrl: redis?.url ?? '',
      prefix,
      concurrency: 1,
      process: (id) => {
        const run = dying.process(id);
        firstRuns.push(run);
        return run;
      },
      onFinalFailure: async () => {},
      log,
      lockDurationMs: 600,
      stalledIntervalMs: 300,
    });
    workers.push(first);
    const result = generations.runGeneration(generationId);
    await inEngine;
    await first.close(true);

    await worker(processor(fixture, engine()), { lockDurationMs: 600 });
    const listingId = await result;
    await expectOneListing(fixture, generationId, listingId);

    // The first run was only cut off from Redis: it goes on, loses the race, and cleans up after itself.
    resume();
    await expect(firstRuns[0]).resolves.toBe(listingId);
    await expectOneListing(fixture, generationId, listingId);
  });
});
