// Generations: one per "photos in, listing out" request, from the upload URLs to the written listing.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { GenerationStatus, GenerationsTable } from '../../db/schema';
import type { ListingDraft } from '../../platform/ai/listing-engine';

export type GenerationRow = GenerationsTable;

/** Who wrote a generation's listing and what it cost, kept with the generation. */
export interface EngineRun extends Pick<ListingDraft, 'engine' | 'model' | 'usage' | 'fallback'> {
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
}
