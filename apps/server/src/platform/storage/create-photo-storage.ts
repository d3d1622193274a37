// Chooses the photo-storage adapter from configuration: an S3-compatible bucket when S3_BUCKET is set,
// local disk in DATA_DIR with HMAC-signed URLs otherwise.
import type { Config } from '../../config';
import { errorReason } from '../../errors';
import { loadOrCreateSecret } from '../secrets';
import { LocalPhotoStorage } from './local-storage';
import type { PhotoStorage } from './photo-storage';
import { S3PhotoStorage } from './s3-storage';

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

export function createPhotoStorage(config: Config, now: () => Date): PhotoStorage {
  if (config.s3) return new S3PhotoStorage(config.s3, now);
  return new LocalPhotoStorage(
    config.dataDir,
    loadOrCreateSecret(config.dataDir, 'storage-secret', undefined),
    now,
  );
}
