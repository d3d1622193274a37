// Chooses the photo-storage adapter from configuration: an S3-compatible bucket when S3_BUCKET is set,
// local disk in DATA_DIR with HMAC-signed URLs otherwise.
import type { Config } from '../../config';
import { loadOrCreateSecret } from '../secrets';
import { LocalPhotoStorage } from './local-storage';
import type { PhotoStorage } from './photo-storage';
import { S3PhotoStorage } from './s3-storage';

export function createPhotoStorage(config: Config, now: () => Date): PhotoStorage {
  if (config.s3) return new S3PhotoStorage(config.s3, now);
  return new LocalPhotoStorage(
    config.dataDir,
    loadOrCreateSecret(config.dataDir, 'storage-secret', undefined),
    now,
  );
}
