// What one seller has uploaded or announced that is not part of a listing yet: generations waiting for their
// photos, and photos uploaded alone and never attached. Bounded per seller, so one account cannot fill the
// disk (decision 020); the sweeper deletes what expires.

import { AppError } from '../../errors';
import type { GenerationsRepository } from '../generation/generation.repository';
import type { PhotosRepository } from './photos.repository';

export interface PendingLimitsConfig {
  generations: number;
  bytes: number;
}

export class PendingLimits {
  constructor(
    private readonly repositories: { generations: GenerationsRepository; photos: PhotosRepository },
    private readonly limits: PendingLimitsConfig,
  ) {}

  /** Refuses a new generation (429) when the seller already has as many waiting for photos as allowed. */
  async assertMayCreateGeneration(ownerId: string, at: Date): Promise<void> {
    const waiting = await this.repositories.generations.countAwaitingPhotos(ownerId, at.toISOString());
    if (waiting >= this.limits.generations) {
      throw new AppError(
        'too_many_pending_uploads',
        429,
        `You already have ${this.limits.generations} listings waiting for their photos. Finish one, or wait for their upload links to expire, then try again.`,
      );
    }
  }

  /** Refuses (413) when `adding` more bytes would take the seller's pending uploads over the limit. */
  async assertMayAddBytes(ownerId: string, adding: number, at: Date): Promise<void> {
    const pending = await this.repositories.photos.pendingBytes(ownerId, at.toISOString());
    if (pending + adding > this.limits.bytes) {
      const megabytes = Math.floor(this.limits.bytes / (1024 * 1024));
      throw new AppError(
        'pending_uploads_too_large',
        413,
        `Your photos waiting to become listings would go over ${megabytes} MB. Finish or remove some listings in progress, then try again.`,
      );
    }
  }
}
