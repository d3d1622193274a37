// Generations: one per "photos in, listing out" request, from the upload URLs to the written listing.
// Methods the generation job runs inside its transaction take it as their last argument.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { GenerationStatus, GenerationsTable } from '../../db/schema';
import type { EngineListing } from '../../platform/ai/listing-engine';

export type GenerationRow = GenerationsTable;

/** Who wrote a generation's listing and what it cost, kept with the generation. */
export interface EngineRun extends Pick<EngineListing, 'engine' | 'model' | 'usage' | 'fallback'> {
  /** From the engine call's start to its draft: photo analysis and any model requests. */
  latencyMs: number;
}

export class GenerationsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<GenerationsTable>): Promise<void> {
    await this.db.insertInto('generations').values(row).execute();
  }

  findOwned(id: string, ownerId: string): Promise<GenerationRow | undefined> {
    return this.db
      .selectFrom('generations')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  findById(id: string): Promise<GenerationRow | undefined> {
    return this.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Takes a processing generation for the run that writes its listing (a row lock on PostgreSQL, the write
   * lock on SQLite): a concurrent run waits, then finds it no longer processing. False when it is not.
   */
  async takeProcessing(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('generations')
      .set({ updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Moves a generation to `processing` unless another request already did; true when this one won. */
  async claim(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('generations')
      .set({ status: 'processing', error: null, updated_at: at })
      .where('id', '=', id)
      .where('status', 'in', ['awaiting_photos', 'failed'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(
    id: string,
    status: Exclude<GenerationStatus, 'processing' | 'completed'>,
    error: string,
    at: string,
  ) {
    await this.db
      .updateTable('generations')
      .set({ status, error, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async complete(id: string, listingId: string, at: string, run: EngineRun): Promise<void> {
    await this.db
      .updateTable('generations')
      .set({
        status: 'completed',
        listing_id: listingId,
        error: null,
        updated_at: at,
        engine: run.engine,
        engine_model: run.model,
        engine_fallback: run.fallback,
        engine_latency_ms: run.latencyMs,
        prompt_tokens: run.usage?.promptTokens ?? null,
        completion_tokens: run.usage?.completionTokens ?? null,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Ends a generation that is still processing; false when a run completed it or it was ended already. */
  async endProcessing(
    id: string,
    status: Exclude<GenerationStatus, 'processing' | 'completed'>,
    error: string,
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('generations')
      .set({ status, error, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * After a restart nothing is processing any more: such generations failed and may be started again.
   * Answers their ids, so their charges can be given back.
   */
  async failInterrupted(at: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('generations')
      .set({ status: 'failed', error: 'Interrupted by a server restart; start it again.', updated_at: at })
      .where('status', '=', 'processing')
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The status of the generation an upload key belongs to, or undefined when no photo has that key. */
  async statusOfUpload(uploadKey: string): Promise<GenerationStatus | undefined> {
    const row = await this.db
      .selectFrom('photos')
      .innerJoin('generations', 'generations.id', 'photos.generation_id')
      .select('generations.status')
      .where('photos.upload_key', '=', uploadKey)
      .executeTakeFirst();
    return row?.status;
  }

  /** Generations never started whose upload links expired before `now`: no photo can arrive any more. */
  async expiredUnstarted(now: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('generations')
      .select('id')
      .where('status', '=', 'awaiting_photos')
      .where('uploads_expire_at', '<', now)
      .where('listing_id', 'is', null)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deletes those of `ids` still awaiting their photos. */
  async deleteUnstarted(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('generations')
      .where('id', 'in', ids)
      .where('status', '=', 'awaiting_photos')
      .execute();
  }

  /** How many of the owner's generations still wait for their photos at `at`. */
  async countAwaitingPhotos(ownerId: string, at: string): Promise<number> {
    const row = await this.db
      .selectFrom('generations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'awaiting_photos')
      .where('uploads_expire_at', '>', at)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
