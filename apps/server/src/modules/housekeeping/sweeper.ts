// Deletes what nothing will ever use (decision 020): generations whose upload links expired before they were
// started, photos uploaded alone and never attached to a listing, the storage's half-written leftovers, and
// marketplace connections a seller started and never finished (their state expired or was used), and password
// reset and e-mail links expired for over a day.
// It also deletes the files of deleted accounts that their deletion left behind (decision 043), and the files of
// generation runs killed or failed between writing them and committing them, once their hold ends (decision 051).
// Run at start-up, then on a timer or, with Redis, as the workers' repeatable job (decision 020); every step is
// idempotent, so several processes sweeping is harmless.
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { StorageDeletionsRepository } from '../account/storage-deletions.repository';
import type { EmailLinksRepository } from '../account-email/account-email.repository';
import type { PasswordResetTokensRepository } from '../auth/auth.repository';
import type { OidcAttemptsRepository, OidcLinkTokensRepository } from '../auth/oidc.repository';
import type { ConnectionsRepository } from '../crosslisting/connections.repository';
import type { GenerationsRepository } from '../generation/generation.repository';
import type { PhotosRepository } from '../photos/photos.repository';

/** Each module's repository deletes its own expired rows; the sweeper only says when. */
export interface SweeperRepositories {
  generations: GenerationsRepository;
  photos: PhotosRepository;
  deletions: StorageDeletionsRepository;
  resets: PasswordResetTokensRepository;
  attempts: OidcAttemptsRepository;
  linkTokens: OidcLinkTokensRepository;
  emailLinks: EmailLinksRepository;
  connections: ConnectionsRepository;
}

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

export interface SweeperDeps extends SweeperRepositories {
  transaction: <T>(work: (repositories: SweeperRepositories) => Promise<T>) => Promise<T>;
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
    return {
      expiredSignInAttempts: await this.deps.attempts.deleteExpired(now.toISOString()),
      expiredSignInLinks: await this.deps.linkTokens.deleteExpiredBefore(graceBefore(now)),
    };
  }

  private deleteExpiredResetTokens(now: Date): Promise<number> {
    return this.deps.resets.deleteExpiredBefore(graceBefore(now));
  }

  /** E-mail verification and change links (decision 042), on the same terms as reset links. */
  private deleteExpiredEmailLinks(now: Date): Promise<number> {
    return this.deps.emailLinks.deleteExpiredBefore(graceBefore(now));
  }

  /**
   * Files a generation run queued, held, and never committed or cleaned up (it was killed, or the store was
   * away): past their hold no commit may take them any more, claimed here first so that none can.
   */
  private async deleteAbandonedGenerationObjects(now: Date): Promise<number> {
    const { deletions } = this.deps;
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
    const { deletions } = this.deps;
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
  private deleteFinishedAuthorizations(now: Date): Promise<number> {
    return this.deps.connections.deleteFinishedAuthorizations(now.toISOString());
  }

  /** Never started and no longer startable: their links expired, so no photo can arrive any more. */
  private async deleteExpiredGenerations(now: Date): Promise<{ count: number; keys: string[] }> {
    return this.deps.transaction(async ({ generations, photos }) => {
      const ids = await generations.expiredUnstarted(now.toISOString());
      // Photos first: deleting the generation first would turn them into photos attached to nothing.
      const keys = await photos.deleteUnattachedOfGenerations(ids);
      await generations.deleteUnstarted(ids);
      return { count: ids.length, keys };
    });
  }

  /** Uploaded through POST /photos/upload for a listing that never took them in. */
  private deleteUnattachedPhotos(now: Date): Promise<{ count: number; keys: string[] }> {
    const before = new Date(now.getTime() - this.deps.unattachedPhotoGraceMs).toISOString();
    return this.deps.photos.deleteUnattachedBefore(before);
  }
}

function graceBefore(now: Date): string {
  return new Date(now.getTime() - EXPIRED_LINK_GRACE_MS).toISOString();
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
