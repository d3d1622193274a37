// What one seller has uploaded or announced that is not part of a listing yet: generations waiting for their
// photos, and photos uploaded alone and never attached. Bounded per seller, so one account cannot fill the
// disk (issue 13); the sweeper deletes what expires.

import type { Db } from '../../db/database';
import { AppError } from '../../errors';

export interface PendingLimitsConfig {
  generations: number;
  bytes: number;
}

export class PendingLimits {
  constructor(
    private readonly db: Db,
    private readonly limits: PendingLimitsConfig,
  ) {}

  /** Refuses a new generation (429) when the seller already has as many waiting for photos as allowed. */
  async assertMayCreateGeneration(ownerId: string, at: Date): Promise<void> {
    const row = await this.db
      .selectFrom('generations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'awaiting_photos')
      .where('uploads_expire_at', '>', at.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(row.count) >= this.limits.generations) {
      throw new AppError(
        'too_many_pending_uploads',
        429,
        `You already have ${this.limits.generations} listings waiting for their photos. Finish one, or wait for their upload links to expire, then try again.`,
      );
    }
  }

  /** Refuses (413) when `adding` more bytes would take the seller's pending uploads over the limit. */
  async assertMayAddBytes(ownerId: string, adding: number, at: Date): Promise<void> {
    const [announced, unattached] = await Promise.all([
      this.db
        .selectFrom('photos')
        .innerJoin('generations', 'generations.id', 'photos.generation_id')
        .select((eb) => eb.fn.sum<number | string | null>('photos.declared_bytes').as('bytes'))
        .where('generations.owner_id', '=', ownerId)
        .where('generations.status', '=', 'awaiting_photos')
        .where('generations.uploads_expire_at', '>', at.toISOString())
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('photos')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
        .where('owner_id', '=', ownerId)
        .where('generation_id', 'is', null)
        .where('listing_id', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const pending = Number(announced.bytes ?? 0) + Number(unattached.bytes ?? 0);
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
