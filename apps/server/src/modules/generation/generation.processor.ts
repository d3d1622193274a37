// The generation job: check that every photo arrived and is a real image, normalise each once, have the
// listing engine write the listing, then store photos and rows together. It is all or nothing: a failure
// leaves no listing row and no new stored object behind, and the originals stay for a retry. A run killed
// between writing its files and committing them cannot clean up: their keys were queued, held, before the
// first write, and the sweeper deletes them once the hold ends (decision 051).
// One generation's job may run twice (on Redis, a worker that seemed dead is replaced while it still
// runs): the run that completes the generation first wins, the other returns the same listing.
// Every write goes through the generations, photos, listings and storage-deletions repositories, and the
// listing's rows are written in one transaction.
import crypto from 'node:crypto';
import { CURRENCIES, type GenerationSettings, GenerationSettingsSchema, LANGUAGES } from '@snaplist/contract';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { EngineListing, ListingEngine } from '../../platform/ai/listing-engine';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { StorageDeletionsRepository } from '../account/storage-deletions.repository';
import { generatedListingRecord, type ListingLocale } from '../listings/listing-records';
import type { ListingsRepository } from '../listings/listings.repository';
import { type NormalisedPhoto, normaliseUpload } from '../photos/photo-processing';
import type { PhotoRow, PhotosRepository, StoredPhotoFields } from '../photos/photos.repository';
import type { GenerationRow, GenerationsRepository } from './generation.repository';

/** What a run reads and writes, over the database or bound to the transaction that commits it. */
export interface GenerationRunRepositories {
  generations: GenerationsRepository;
  photos: PhotosRepository;
  listings: ListingsRepository;
  deletions: StorageDeletionsRepository;
}

export interface GenerationProcessorDeps extends GenerationRunRepositories {
  transaction: <T>(work: (repositories: GenerationRunRepositories) => Promise<T>) => Promise<T>;
  storage: PhotoStorage;
  engine: ListingEngine;
  /**
   * Gives a generation's charge back once `fail` ended it. Only the worker needs it: in-process, the API's
   * start() refunds a failed run itself.
   */
  refund?: (generationId: string) => Promise<void>;
  now?: () => Date;
}

export class GenerationProcessor {
  private readonly now: () => Date;
  private readonly generations: GenerationsRepository;
  private readonly photos: PhotosRepository;
  private readonly deletions: StorageDeletionsRepository;

  constructor(private readonly deps: GenerationProcessorDeps) {
    this.now = deps.now ?? (() => new Date());
    this.generations = deps.generations;
    this.photos = deps.photos;
    this.deletions = deps.deletions;
  }

  /** Writes the listing for a claimed generation and returns its id. */
  async process(generationId: string): Promise<string> {
    try {
      return await this.run(generationId);
    } catch (error) {
      // Another run of the same job may have completed it meanwhile (and removed the originals under us).
      const done = await this.completedListing(generationId).catch(() => null);
      if (done) return done;
      throw error;
    }
  }

  /**
   * Ends a generation whose job will not run again (every attempt failed), unless a run completed it or a
   * new start claimed it since. An error the seller can fix lets them start it again as it is.
   */
  async fail(generationId: string, error: unknown): Promise<void> {
    const fixable = error instanceof AppError && error.status < 500;
    const ended = await this.generations.endProcessing(
      generationId,
      fixable ? 'awaiting_photos' : 'failed',
      fixable ? error.message : GENERATION_FAILED_MESSAGE,
      this.now().toISOString(),
    );
    // The seller got no listing: the charge goes back, whether they may retry or not.
    if (ended) await this.deps.refund?.(generationId);
  }

  private async run(generationId: string): Promise<string> {
    const generation = await this.generations.findById(generationId);
    if (!generation)
      throw new AppError('not_found', 404, 'We could not find that upload. Start again from the photos.');
    // A run that stopped after its commit (its worker died before reporting) is done: do not write it again.
    if (generation.status === 'completed' && generation.listing_id) return generation.listing_id;
    const photos = await this.photos.listForGeneration(generationId);
    const originals = await this.fetchOriginals(generation, photos);
    const normalised = await normaliseAll(originals);
    const settings: GenerationSettings = GenerationSettingsSchema.parse(JSON.parse(generation.settings));
    const asked: ListingLocale = {
      language: z.enum(LANGUAGES).parse(generation.language),
      currency: z.enum(CURRENCIES).parse(generation.currency),
    };
    const writing = performance.now();
    const listing = await this.deps.engine.write({
      photos: normalised.map((photo, index) => ({
        number: index + 1,
        jpeg: photo.jpeg,
        width: photo.width,
        height: photo.height,
      })),
      settings,
      ...asked,
    });
    const latencyMs = Math.round(performance.now() - writing);
    const listingId = await this.store(generation, photos, normalised, { listing, asked, latencyMs });
    // The commit queued the originals, held: a kill before this leaves them to the sweeper.
    await this.discard(uploadKeys(photos));
    return listingId;
  }

  private async fetchOriginals(generation: GenerationRow, photos: PhotoRow[]): Promise<Buffer[]> {
    const originals = await Promise.all(
      photos.map((photo) => (photo.upload_key ? this.deps.storage.get(photo.upload_key) : null)),
    );
    const missing = originals.map((original, index) => (original ? 0 : index + 1)).filter(Boolean);
    if (missing.length > 0) {
      const which = missing.length === 1 ? `Photo ${missing[0]} has` : `Photos ${missing.join(', ')} have`;
      const expired = generation.uploads_expire_at < this.now().toISOString();
      throw expired
        ? new AppError(
            'link_expired',
            410,
            `${which} not arrived and the upload links have expired. Start again.`,
          )
        : new AppError(
            'photo_missing',
            400,
            `${which} not arrived yet. Upload ${missing.length === 1 ? 'it' : 'them'} and try again.`,
          );
    }
    return originals as Buffer[];
  }

  private async store(
    generation: GenerationRow,
    photos: PhotoRow[],
    normalised: NormalisedPhoto[],
    run: { listing: EngineListing; asked: ListingLocale; latencyMs: number },
  ): Promise<string> {
    const listingId = crypto.randomUUID();
    const at = this.now().toISOString();
    // Keys of this run only: a concurrent run of the same job never overwrites or deletes them.
    const runKey = listingId.slice(0, 8);
    const stored = photos.map((photo, index) => {
      const normalisedPhoto = normalised[index] as NormalisedPhoto;
      const fields: StoredPhotoFields = {
        storageKey: `photos/${photo.id}.${runKey}.jpg`,
        thumbnailKey: `photos/${photo.id}.${runKey}.thumb.webp`,
        mime: 'image/jpeg',
        bytes: normalisedPhoto.jpeg.length,
        width: normalisedPhoto.width,
        height: normalisedPhoto.height,
        sha256: normalisedPhoto.sha256,
      };
      return { photoId: photo.id, normalised: normalisedPhoto, fields };
    });
    const keys = stored.flatMap(({ fields }) => [fields.storageKey, fields.thumbnailKey]);
    const heldUntil = new Date(this.now().getTime() + UNCOMMITTED_FILES_HOLD_MS).toISOString();
    await this.deletions.hold(keys, at, heldUntil);
    try {
      for (const { normalised: photo, fields } of stored) {
        await this.deps.storage.put(fields.storageKey, photo.jpeg, fields.mime);
        await this.deps.storage.put(fields.thumbnailKey, photo.thumbnail, 'image/webp');
      }
      await this.deps.transaction(async ({ generations, photos: photoRows, listings, deletions }) => {
        // First, take the generation: a concurrent run waits here, then finds it no longer processing and
        // writes nothing.
        if (!(await generations.takeProcessing(generation.id, at))) throw new NotProcessingError();
        // This run outlived its hold and a sweep claimed its files: they may be gone, so none is committed.
        if (!(await deletions.release(keys)))
          throw new Error('the sweeper claimed files of a run past its hold');
        await deletions.hold(uploadKeys(photos), at, heldUntil);
        await listings.insert(
          generatedListingRecord(listingId, generation.owner_id, run.listing, run.asked, at),
        );
        for (const { photoId, fields } of stored) await photoRows.store(photoId, listingId, fields);
        await generations.complete(generation.id, listingId, at, {
          ...run.listing,
          latencyMs: run.latencyMs,
        });
      });
    } catch (error) {
      await this.discard(keys);
      if (error instanceof NotProcessingError) {
        const done = await this.completedListing(generation.id);
        if (done) return done;
        throw new AppError(
          'generation_busy',
          409,
          'This listing is no longer being written. Start it again from the photos.',
        );
      }
      throw error;
    }
    return listingId;
  }

  /**
   * Deletes the files of held keys and forgets them, the keys a commit released excepted (the commit may have
   * gone through although this run saw an error). What it cannot delete stays queued for the sweeper.
   */
  private async discard(keys: string[]): Promise<void> {
    try {
      const claimed = await this.deletions.claim(keys);
      await this.deps.storage.delete(claimed);
      await this.deletions.forget(claimed);
    } catch {
      // Queued still, so the sweeper deletes them; the run's own outcome is what its caller needs to hear.
    }
  }

  private async completedListing(generationId: string): Promise<string | null> {
    const generation = await this.generations.findById(generationId);
    return generation?.status === 'completed' ? generation.listing_id : null;
  }
}

/** What a seller reads on a generation whose job failed on every attempt. */
export const GENERATION_FAILED_MESSAGE = 'We could not write this listing. Please try again.';

/**
 * How long a run's files wait for its commit before the sweeper may delete them: far beyond the seconds from the
 * first write to the commit, so only a run that was killed (or hangs) loses them.
 */
export const UNCOMMITTED_FILES_HOLD_MS = 60 * 60 * 1000;

/** The generation was completed or given up by another run while this one worked. */
class NotProcessingError extends Error {}

function uploadKeys(photos: PhotoRow[]): string[] {
  return photos.flatMap((photo) => (photo.upload_key ? [photo.upload_key] : []));
}

function normaliseAll(originals: Buffer[]): Promise<NormalisedPhoto[]> {
  return Promise.all(originals.map((original, index) => normaliseUpload(original, `Photo ${index + 1}`)));
}
