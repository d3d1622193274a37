// Whether this process's photo storage is the one its database was set up with (decision 051). On
// local disk, every API and worker sharing a database must share its DATA_DIR too: one on another DATA_DIR
// finds none of the uploaded photos and tells sellers theirs never arrived. The storage keeps a random id of
// its own, the database records the first one used with it, and a storage with another id, or none, is named.
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { InstanceSettingsRepository } from './instance-settings.repository';

const SAME_DATA_DIR =
  'Every API and worker process sharing this database must use the same DATA_DIR (one shared disk), or store ' +
  'photos in S3 (S3_BUCKET).';

export const STORAGE_WITHOUT_ID =
  "This process's photo storage (DATA_DIR) holds no photos of this database, which was set up with another " +
  `DATA_DIR. ${SAME_DATA_DIR}`;

export const STORAGE_OF_ANOTHER_DATABASE =
  "This process's photo storage (DATA_DIR) belongs to another database: this one was set up with another " +
  `DATA_DIR. ${SAME_DATA_DIR}`;

export class StorageIdentity {
  constructor(
    private readonly settings: InstanceSettingsRepository,
    private readonly storage: PhotoStorage,
    private readonly now: () => Date,
  ) {}

  /**
   * Why the storage is not the database's, or null when it is (or names itself by configuration). The first
   * process of a new database, or of one older than this check, records its storage's id.
   */
  async mismatch(): Promise<string | null> {
    const { storage } = this;
    if (!storage.readIdentity || !storage.createIdentity) return null;
    const recorded = await this.settings.get('photo_storage_id');
    if (recorded === undefined) {
      const created = await storage.createIdentity();
      const kept = await this.settings.setOnce('photo_storage_id', created, this.now().toISOString());
      return kept === created ? null : STORAGE_OF_ANOTHER_DATABASE;
    }
    const own = await storage.readIdentity();
    if (own === recorded) return null;
    return own === null ? STORAGE_WITHOUT_ID : STORAGE_OF_ANOTHER_DATABASE;
  }

  /** Throws the mismatch: readiness reports its message. */
  async check(): Promise<void> {
    const mismatch = await this.mismatch();
    if (mismatch !== null) throw new Error(mismatch);
  }
}
