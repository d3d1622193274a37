// Deletes what nothing will ever use (issue 13): generations whose upload links expired before they were
// started, photos uploaded alone and never attached to a listing, the storage's half-written leftovers, and
// marketplace connections a seller started and never finished (their state expired or was used), and password
// reset and e-mail links expired for over a day.
// It also deletes the files of deleted accounts that their deletion left behind (decision 043), and the files of
// generation runs killed or failed between writing them and committing them, once their hold ends (decision 051).
// Run at start-up, then on a timer or, with Redis, as the workers' repeatable job (decision 020); every step is
// idempotent, so several processes sweeping is harmless.
import type { Db } from '../../db/database';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import { StorageDeletionsRepository } from '../account/storage-deletions.repository';

export interface SweepResult {
  expiredGenerations: number;
  unattachedPhotos: number;
  objects: number;
  partialFiles: number;
  emptyFolders: number;
  finishedAuthorizations: number;
  /** Files queued for deletion: a deleted account's, and a failed generation run's it could not delete itself. */
  queuedObjects: number;
  /** Files of generation runs that never committed or cleaned up, past their hold. */
  abandonedGenerationObjects: number;
  expiredResetTokens: number;
  expiredSignInAttempts: number;
  expiredSignInLinks: number;
  expiredEmailLinks: number;
}

export interface SweeperDeps {
  db: Db;
  storage: PhotoStorage;
  unattachedPhotoGraceMs: number;
  now: () => Date;
}

/** Storage keys of deleted accounts removed per round: S3 deletes up to 1000 objects per request. */
const QUEUED_DELETIONS_BATCH = 1000;

/** A file still being written is younger than this; an older `.partial` was left by a killed write. */
const PARTIAL_FILE_AGE_MS = 60 * 60 * 1000;

/** Kept a day past expiry: a trace support can read when a seller says their link did not work. */
const EXPIRED_LINK_GRACE_MS = 24 * 60 * 60 * 1000;

/** Sweeps and logs the counts of what went (never what it was). */
export async function sweepAndLog(
  sweeper: Sweeper,
  log: { info(details: object, message: string): void },
): Promise<void> {
  const removed = await sweeper.sweep();
  if (Object.values(removed).some((count) => count > 0)) log.info({ removed }, 'housekeeping sweep');
}

export class Sweeper {
  constructor(private readonly deps: SweeperDeps) {}

  async sweep(): Promise<SweepResult> {
    const now = this.deps.now();
    const expired = await this.deleteExpiredGenerations(now);
    const unattached = await this.deleteUnattachedPhotos(now);
    await this.deps.storage.delete([...expired.keys, ...unattached.keys]);
    const leftovers = (await this.deps.storage.removeLeftovers?.(
      new Date(now.getTime() - PARTIAL_FILE_AGE_MS),
    )) ?? { partialFiles: 0, emptyFolders: 0 };
    return {
      expiredGenerations: expired.count,
      unattachedPhotos: unattached.count,
      objects: expired.keys.length + unattached.keys.length,
      ...leftovers,
      finishedAuthorizations: await this.deleteFinishedAuthorizations(now),
      abandonedGenerationObjects: await this.deleteAbandonedGenerationObjects(now),
      queuedObjects: await this.deleteQueuedObjects(),
      expiredResetTokens: await this.deleteExpiredResetTokens(now),
      ...(await this.deleteExpiredSignInAttempts(now)),
      expiredEmailLinks: await this.deleteExpiredEmailLinks(now),
    };
  }

  /**
   * Google and Apple sign-ins (decision 041): an attempt is useless once expired (a state works only before);
   * an e-mailed link is kept a day past expiry, like reset links.
   */
  private async deleteExpiredSignInAttempts(
    now: Date,
  ): Promise<{ expiredSignInAttempts: number; expiredSignInLinks: number }> {
    const attempts = await this.deps.db
      .deleteFrom('oidc_attempts')
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    const before = new Date(now.getTime() - EXPIRED_LINK_GRACE_MS).toISOString();
    const links = await this.deps.db
      .deleteFrom('oidc_link_tokens')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return {
      expiredSignInAttempts: Number(attempts.numDeletedRows),
      expiredSignInLinks: Number(links.numDeletedRows),
    };
  }

  private async deleteExpiredResetTokens(now: Date): Promise<number> {
    const before = new Date(now.getTime() - EXPIRED_LINK_GRACE_MS).toISOString();
    const result = await this.deps.db
      .deleteFrom('password_reset_tokens')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** E-mail verification and change links (decision 042), on the same terms as reset links. */
  private async deleteExpiredEmailLinks(now: Date): Promise<number> {
    const before = new Date(now.getTime() - EXPIRED_LINK_GRACE_MS).toISOString();
    const result = await this.deps.db
      .deleteFrom('email_links')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Files a generation run queued, held, and never committed or cleaned up (it was killed, or the store was
   * away): past their hold no commit may take them any more, claimed here first so that none can.
   */
  private async deleteAbandonedGenerationObjects(now: Date): Promise<number> {
    const deletions = new StorageDeletionsRepository(this.deps.db);
    let deleted = 0;
    for (;;) {
      const expired = await deletions.heldPast(now.toISOString(), QUEUED_DELETIONS_BATCH);
      const keys = await deletions.claim(expired);
      await this.deps.storage.delete(keys);
      await deletions.forget(keys);
      deleted += keys.length;
      if (expired.length < QUEUED_DELETIONS_BATCH) return deleted;
    }
  }

  /**
   * Files of deleted accounts that the deletion could not remove itself (it crashed, the store was away), and
   * files of generation runs claimed for deletion and cut off the same way.
   */
  private async deleteQueuedObjects(): Promise<number> {
    const deletions = new StorageDeletionsRepository(this.deps.db);
    let deleted = 0;
    for (;;) {
      const keys = await deletions.waiting(QUEUED_DELETIONS_BATCH);
      await this.deps.storage.delete(keys);
      await deletions.forget(keys);
      deleted += keys.length;
      if (keys.length < QUEUED_DELETIONS_BATCH) return deleted;
    }
  }

  /** A marketplace's consent round trip that expired or was used: nothing can complete it any more. */
  private async deleteFinishedAuthorizations(now: Date): Promise<number> {
    const result = await this.deps.db
      .deleteFrom('marketplace_authorizations')
      .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Never started and no longer startable: their links expired, so no photo can arrive any more. */
  private async deleteExpiredGenerations(now: Date): Promise<{ count: number; keys: string[] }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const generations = await trx
        .selectFrom('generations')
        .select('id')
        .where('status', '=', 'awaiting_photos')
        .where('uploads_expire_at', '<', now.toISOString())
        .where('listing_id', 'is', null)
        .execute();
      const ids = generations.map((generation) => generation.id);
      if (ids.length === 0) return { count: 0, keys: [] };
      // Photos first: deleting the generation first would turn them into photos attached to nothing.
      const photos = await trx
        .deleteFrom('photos')
        .where('generation_id', 'in', ids)
        .where('listing_id', 'is', null)
        .returning(['upload_key', 'storage_key', 'thumbnail_key'])
        .execute();
      await trx
        .deleteFrom('generations')
        .where('id', 'in', ids)
        .where('status', '=', 'awaiting_photos')
        .execute();
      return { count: ids.length, keys: photos.flatMap(objectKeys) };
    });
  }

  /** Uploaded through POST /photos/upload for a listing that never took them in. */
  private async deleteUnattachedPhotos(now: Date): Promise<{ count: number; keys: string[] }> {
    const before = new Date(now.getTime() - this.deps.unattachedPhotoGraceMs).toISOString();
    const photos = await this.deps.db
      .deleteFrom('photos')
      .where('generation_id', 'is', null)
      .where('listing_id', 'is', null)
      .where('created_at', '<', before)
      .returning(['upload_key', 'storage_key', 'thumbnail_key'])
      .execute();
    return { count: photos.length, keys: photos.flatMap(objectKeys) };
  }
}

function objectKeys(photo: {
  upload_key: string | null;
  storage_key: string | null;
  thumbnail_key: string | null;
}): string[] {
  return [photo.upload_key, photo.storage_key, photo.thumbnail_key].filter(
    (key): key is string => key !== null,
  );
}

/**
 * Sweeps now and then every `intervalMs` (null: now only, when a worker's repeatable job sweeps after),
 * logging what went; answers a function that stops the timer and waits for a sweep under way, so it never
 * outlives the database it uses.
 */
export function startSweeping(
  sweeper: Sweeper,
  intervalMs: number | null,
  log: { info(details: object, message: string): void; error(details: object, message: string): void },
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweepAndLog(sweeper, log).catch((error: unknown) =>
      log.error({ err: error }, 'housekeeping sweep failed'),
    );
  };
  run();
  const timer = intervalMs === null ? undefined : setInterval(run, intervalMs);
  // The timer alone must not keep a process alive that has nothing else to do.
  timer?.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
