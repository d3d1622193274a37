// A single photo uploaded through the API (the listing editor's "add photo"): checked by its content,
// normalised, stored, and handed back with a signed URL.
import crypto from 'node:crypto';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { PendingLimits } from './pending-limits';
import { normaliseUpload } from './photo-processing';
import type { PhotosRepository } from './photos.repository';

export class PhotosService {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly storage: PhotoStorage,
    private readonly signUrl: (key: string) => Promise<string>,
    private readonly pendingLimits: PendingLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upload(ownerId: string, original: Buffer): Promise<{ id: string; url: string }> {
    const normalised = await normaliseUpload(original, 'This photo');
    await this.pendingLimits.assertMayAddBytes(ownerId, normalised.jpeg.length, this.now());
    const id = crypto.randomUUID();
    const storageKey = `photos/${id}.jpg`;
    const thumbnailKey = `photos/${id}.thumb.webp`;
    await this.storage.put(storageKey, normalised.jpeg, 'image/jpeg');
    await this.storage.put(thumbnailKey, normalised.thumbnail, 'image/webp');
    try {
      await this.photos.insert([
        {
          id,
          owner_id: ownerId,
          generation_id: null,
          listing_id: null,
          client_id: null,
          position: 0,
          declared_type: null,
          declared_bytes: null,
          upload_key: null,
          storage_key: storageKey,
          thumbnail_key: thumbnailKey,
          mime: 'image/jpeg',
          bytes: normalised.jpeg.length,
          width: normalised.width,
          height: normalised.height,
          sha256: normalised.sha256,
          status: 'ready',
          created_at: this.now().toISOString(),
        },
      ]);
    } catch (error) {
      await this.storage.delete([storageKey, thumbnailKey]);
      throw error;
    }
    return { id, url: await this.signUrl(storageKey) };
  }
}
