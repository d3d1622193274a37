// Chooses the photo-storage adapter from configuration: an S3-compatible bucket when S3_BUCKET is set,
// local disk in DATA_DIR with HMAC-signed URLs otherwise.
import type { Config } from '../../config';
import { errorReason } from '../../errors';
import { loadOrCreateSecret } from '../secrets';
import { LocalPhotoStorage } from './local-storage';
import type { PhotoStorage } from './photo-storage';
import { S3PhotoStorage } from './s3-storage';

/**
 * Throws before anything opens when several processes may share local photo storage (REDIS_URL or
 * DATABASE_URL is set) but STORAGE_SECRET is not: each would sign photo links with a secret of its own and
 * refuse the others' links.
 */
export function assertLocalStorageShareable(config: Config): void {
  const shared = config.redisUrl !== undefined || config.databaseUrl !== undefined;
  if (!config.s3 && shared && !config.storageSecret) throw new Error(LOCAL_STORAGE_NEEDS_SECRET);
}

/** Throws a message naming the bucket and endpoint when S3_BUCKET is set but the store does not answer. */
export async function assertStorageReachable(config: Config, storage: PhotoStorage): Promise<void> {
  if (!config.s3) return;
  try {
    await storage.ping();
  } catch (error) {
    const where = config.s3.endpoint ?? `AWS S3 in ${config.s3.region}`;
    throw new Error(
      `Cannot reach the S3 bucket "${config.s3.bucket}" at ${where} (S3_BUCKET, S3_ENDPOINT): ${errorReason(error)}`,
      {
        cause: error,
      },
    );
  }
}

const LOCAL_STORAGE_NEEDS_SECRET =
  'Photos are on local disk (S3_BUCKET is not set) while REDIS_URL or DATABASE_URL lets several processes ' +
  'run, and each would sign photo links with a secret of its own. Store photos in S3 (S3_BUCKET), or set ' +
  'the same STORAGE_SECRET (at least 32 characters) on every API and worker process sharing DATA_DIR.';

export function createPhotoStorage(config: Config, now: () => Date): PhotoStorage {
  if (config.s3) return new S3PhotoStorage(config.s3, now);
  return new LocalPhotoStorage(
    config.dataDir,
    loadOrCreateSecret(config.dataDir, 'storage-secret', config.storageSecret),
    now,
  );
}

/** What readiness says about the store beyond "it answers": where local photo links get their secret. */
export function describePhotoStorage(config: Config): string | undefined {
  if (config.s3) return undefined;
  return config.storageSecret
    ? 'local disk; photo links signed with STORAGE_SECRET, shared by every process'
    : 'local disk; photo links signed with a secret kept in DATA_DIR: one API process only';
}
