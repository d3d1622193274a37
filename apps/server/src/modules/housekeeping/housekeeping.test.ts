// Decision 020: what a seller may leave pending, the sweeper that deletes what expired, upload links
// that outlive their generation, and charges given back after an interrupted run. Over real HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  asErrorResponse,
  createGeneration,
  createUser,
  expectOk,
  putPhoto,
  startGeneration,
  type TestUser,
} from '../../testing';
import { userIdOf } from '../../testing/account-data';
import { restartDuringGeneration } from '../../testing/generation-restart';
import { createTestJpeg, uploadTestPhoto } from '../../testing/photos';
import { useTestServer } from '../../testing/test-server-per-suite';

const HOUR_MS = 60 * 60 * 1000;
let clock = new Date();
const server = useTestServer(
  {
    PENDING_GENERATIONS_PER_SELLER: '2',
    PENDING_UPLOAD_MB_PER_SELLER: '1',
    UNATTACHED_PHOTO_GRACE_HOURS: '24',
  },
  { now: () => clock },
);
const db = () => server().app.db;

function idOf(seller: TestUser): Promise<string> {
  return userIdOf(db(), seller.email);
}

function generationCount(ownerId: string) {
  return db()
    .selectFrom('generations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

describe('limits on what a seller leaves pending', () => {
  it('refuses a generation beyond the number allowed to wait for photos, with 429', async () => {
    const seller = await createUser(server().baseUrl);
    const photo = { bytes: Buffer.alloc(1000) };
    expect((await createGeneration(server(), seller.token, [photo])).status).toBe(201);
    expect((await createGeneration(server(), seller.token, [photo])).status).toBe(201);

    const third = await createGeneration(server(), seller.token, [photo]);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('too_many_pending_uploads');
    expect(third.body.message).toMatch(/2 listings waiting for their photos/);
    expect(await generationCount(await idOf(seller))).toBe(2);

    // Another seller is not held by this one's pending uploads.
    const other = await createUser(server().baseUrl);
    expect((await createGeneration(server(), other.token, [photo])).status).toBe(201);
  });

  it('refuses bytes beyond the pending limit, with 413, counting photos uploaded alone', async () => {
    const seller = await createUser(server().baseUrl);
    const unattached = await createTestJpeg({ width: 1200, height: 900 });
    await uploadTestPhoto(server().baseUrl, seller, unattached);
    const half = { bytes: Buffer.alloc(512 * 1024) };
    expect((await createGeneration(server(), seller.token, [half])).status).toBe(201);

    const over = await createGeneration(server(), seller.token, [half]);
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('pending_uploads_too_large');
    expect(over.body.message).toMatch(/over 1 MB/);
  });
});

describe('upload links that outlive their generation', () => {
  it('refuses a PUT once the generation is processing (409) or completed (410), and writes nothing', async () => {
    const seller = await createUser(server().baseUrl);
    const bytes = await createTestJpeg();
    const created = expectOk(await createGeneration(server(), seller.token, [{ bytes }]));
    const url = created.presignedUrls[0]?.url ?? '';
    const uploadFolder = path.join(server().dataDir, 'photos', 'uploads', created.id);
    const setStatus = (status: 'processing' | 'completed') =>
      db().updateTable('generations').set({ status }).where('id', '=', created.id).execute();

    await setStatus('processing');
    const whileProcessing = asErrorResponse(await putPhoto(server(), url, { bytes }));
    expect(whileProcessing.status).toBe(409);
    expect(whileProcessing.body.code).toBe('upload_closed');

    await setStatus('completed');
    const afterCompletion = asErrorResponse(await putPhoto(server(), url, { bytes }));
    expect(afterCompletion.status).toBe(410);
    expect(afterCompletion.body.code).toBe('upload_closed');
    expect(afterCompletion.body.message).toMatch(/no longer in use/);
    expect(fs.existsSync(uploadFolder)).toBe(false);
  });
});

describe('a written generation', () => {
  it('leaves no upload folder behind, and its upload link is refused afterwards with 410', async () => {
    const seller = await createUser(server().baseUrl);
    const bytes = await createTestJpeg();
    const created = expectOk(await createGeneration(server(), seller.token, [{ bytes }]));
    const url = created.presignedUrls[0]?.url ?? '';
    expect((await putPhoto(server(), url, { bytes })).status).toBe(200);
    const uploadFolder = path.join(server().dataDir, 'photos', 'uploads', created.id);
    expect(fs.readdirSync(uploadFolder)).toHaveLength(1);

    const started = await startGeneration(server(), seller.token, created.id);
    expect(started.status, started.text).toBe(200);
    expect(fs.existsSync(uploadFolder)).toBe(false);

    const reused = await putPhoto(server(), url, { bytes });
    expect(reused.status).toBe(410);
    expect(fs.existsSync(uploadFolder)).toBe(false);
  });
});

describe('the sweeper', () => {
  it('deletes expired uploads, unattached photos, .partial files and empty folders', async () => {
    clock = new Date();
    const seller = await createUser(server().baseUrl);
    const bytes = await createTestJpeg();
    const created = expectOk(await createGeneration(server(), seller.token, [{ bytes }, { bytes }]));
    expect((await putPhoto(server(), created.presignedUrls[0]?.url ?? '', { bytes })).status).toBe(200);
    const uploadFolder = path.join(server().dataDir, 'photos', 'uploads', created.id);
    expect(fs.readdirSync(uploadFolder)).toHaveLength(1);
    const alone = await uploadTestPhoto(server().baseUrl, seller);
    const killedWrite = path.join(server().dataDir, 'photos', 'photos', 'killed.jpg.0000.partial');
    fs.writeFileSync(killedWrite, 'half a photo');
    const emptyFolder = path.join(server().dataDir, 'photos', 'uploads', 'left-empty');
    fs.mkdirSync(emptyFolder);

    // Nothing has expired yet: the sweep keeps everything.
    expect(await server().app.sweeper.sweep()).toMatchObject({ expiredGenerations: 0, unattachedPhotos: 0 });
    expect(fs.existsSync(uploadFolder)).toBe(true);

    clock = new Date(clock.getTime() + 25 * HOUR_MS);
    try {
      const removed = await server().app.sweeper.sweep();
      expect(removed.expiredGenerations).toBeGreaterThanOrEqual(1);
      expect(removed.unattachedPhotos).toBeGreaterThanOrEqual(1);
      expect(removed.partialFiles).toBe(1);
      expect(removed.emptyFolders).toBeGreaterThanOrEqual(1);
    } finally {
      clock = new Date();
    }

    expect(await generationCount(await idOf(seller))).toBe(0);
    const photos = await db()
      .selectFrom('photos')
      .select('id')
      .where('owner_id', '=', await idOf(seller))
      .execute();
    expect(photos).toEqual([]);
    expect(fs.existsSync(uploadFolder)).toBe(false);
    expect(fs.existsSync(emptyFolder)).toBe(false);
    expect(fs.existsSync(killedWrite)).toBe(false);
    expect(fs.existsSync(path.join(server().dataDir, 'photos', 'photos', `${alone.id}.jpg`))).toBe(false);
    // The freed allowance is usable again: the limits count only what is still pending.
    expect((await createGeneration(server(), seller.token, [{ bytes }])).status).toBe(201);
  });

  it('forgets marketplace connections that were started and never finished', async () => {
    clock = new Date();
    const ownerId = await idOf(await createUser(server().baseUrl));
    const attempt = (stateHash: string, minutesLeft: number, usedAt: string | null = null) => ({
      state_hash: stateHash,
      owner_id: ownerId,
      marketplace: 'ebay' as const,
      code_verifier: null,
      shop: null,
      created_at: clock.toISOString(),
      expires_at: new Date(clock.getTime() + minutesLeft * 60_000).toISOString(),
      used_at: usedAt,
    });
    await db()
      .insertInto('marketplace_authorizations')
      .values([
        attempt('a'.repeat(64), -1),
        attempt('b'.repeat(64), 9, clock.toISOString()),
        attempt('c'.repeat(64), 9),
      ])
      .execute();

    expect((await server().app.sweeper.sweep()).finishedAuthorizations).toBe(2);
    const left = await db()
      .selectFrom('marketplace_authorizations')
      .select('state_hash')
      .where('owner_id', '=', ownerId)
      .execute();
    expect(left).toEqual([{ state_hash: 'c'.repeat(64) }]);
  });

  it('deletes password reset links expired for over a day, and keeps the rest', async () => {
    clock = new Date();
    const userId = await idOf(await createUser(server().baseUrl));
    const link = (id: string, hoursLeft: number) => ({
      id,
      user_id: userId,
      token_hash: id.repeat(64).slice(0, 64),
      created_at: clock.toISOString(),
      expires_at: new Date(clock.getTime() + hoursLeft * HOUR_MS).toISOString(),
      used_at: null,
    });
    await db()
      .insertInto('password_reset_tokens')
      .values([link('a', -25), link('b', -23), link('c', 1)])
      .execute();

    expect((await server().app.sweeper.sweep()).expiredResetTokens).toBe(1);
    const left = await db()
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(left).toEqual([{ id: 'b' }, { id: 'c' }]);
  });
});

describe('after a restart', () => {
  it('gives back the charge of a generation the restart interrupted', async () => {
    const seller = await createUser(server().baseUrl);
    const bytes = await createTestJpeg();
    const created = expectOk(await createGeneration(server(), seller.token, [{ bytes }]));
    await server().app.services.plans.chargeGeneration(await idOf(seller), created.id);
    const usedBefore = await db()
      .selectFrom('users')
      .select('free_ai_listings_used')
      .where('id', '=', await idOf(seller))
      .executeTakeFirstOrThrow();
    expect(usedBefore.free_ai_listings_used).toBe(1);

    await restartDuringGeneration(server(), created.id, async (restarted) => {
      const generation = await restarted.app.db
        .selectFrom('generations')
        .select(['status', 'charged_to'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(generation).toEqual({ status: 'failed', charged_to: null });
      const usedAfter = await restarted.app.db
        .selectFrom('users')
        .select('free_ai_listings_used')
        .where('id', '=', await idOf(seller))
        .executeTakeFirstOrThrow();
      expect(usedAfter.free_ai_listings_used).toBe(0);
    });
  });
});
