// Photo to listing, from the seller's side: create a generation with one signed upload URL per photo,
// then start it once the photos are up, and get the listing back.
import crypto from 'node:crypto';
import type {
  CreateGenerationResponse,
  GenerationSettings,
  Listing,
  PhotoDescriptor,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import type { GenerationQueue } from '../../platform/queue/generation-queue';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { ListingsService } from '../listings/listings.service';
import type { PendingLimits } from '../photos/pending-limits';
import { type PhotosRepository, pendingPhotoRow } from '../photos/photos.repository';
import type { PlansService } from '../plans/plans.service';
import { GENERATION_FAILED_MESSAGE } from './generation.processor';
import type { GenerationsRepository } from './generation.repository';

export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60;

export interface CreateGenerationInput {
  photos: Array<Required<Pick<PhotoDescriptor, 'id' | 'type' | 'size' | 'position'>>>;
  settings: GenerationSettings;
  language: string;
  currency: string;
}

export interface GenerationServiceDeps {
  generations: GenerationsRepository;
  photos: PhotosRepository;
  listings: ListingsService;
  /** Each generation is charged one AI listing of the seller's allowance. */
  plans: PlansService;
  storage: PhotoStorage;
  queue: GenerationQueue;
  pendingLimits: PendingLimits;
  /** Runs the writes of one creation atomically. */
  transaction: <T>(
    work: (repos: { generations: GenerationsRepository; photos: PhotosRepository }) => Promise<T>,
  ) => Promise<T>;
  now?: () => Date;
}

export class GenerationService {
  private readonly now: () => Date;

  constructor(private readonly deps: GenerationServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async create(ownerId: string, input: CreateGenerationInput): Promise<CreateGenerationResponse> {
    await this.deps.plans.assertMayGenerate(ownerId);
    const now = this.now();
    await this.deps.pendingLimits.assertMayCreateGeneration(ownerId, now);
    await this.deps.pendingLimits.assertMayAddBytes(
      ownerId,
      input.photos.reduce((total, photo) => total + photo.size, 0),
      now,
    );
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_LIFETIME_SECONDS * 1000);
    const generationId = crypto.randomUUID();
    const ordered = [...input.photos].sort((a, b) => a.position - b.position);
    const photos = ordered.map((descriptor, index) => {
      const id = crypto.randomUUID();
      return {
        descriptor,
        row: pendingPhotoRow({
          id,
          ownerId,
          generationId,
          clientId: descriptor.id,
          position: index,
          declaredType: descriptor.type,
          declaredBytes: descriptor.size,
          createdAt: at,
        }),
      };
    });

    await this.deps.transaction(async (repos) => {
      await repos.generations.insert({
        id: generationId,
        owner_id: ownerId,
        status: 'awaiting_photos',
        settings: JSON.stringify(input.settings),
        language: input.language,
        currency: input.currency,
        listing_id: null,
        error: null,
        uploads_expire_at: expiresAt.toISOString(),
        created_at: at,
        updated_at: at,
        charged_to: null,
        charged_month: null,
      });
      await repos.photos.insert(photos.map((photo) => photo.row));
    });

    const presignedUrls = await Promise.all(
      photos.map(async ({ descriptor, row }) => ({
        id: descriptor.id,
        url: await this.deps.storage.createUploadUrl(row.upload_key, {
          contentType: descriptor.type,
          contentLength: descriptor.size,
          expiresAt,
        }),
      })),
    );
    return { id: generationId, presignedUrls, expiresAt: expiresAt.toISOString() };
  }

  async start(ownerId: string, generationId: string): Promise<Listing> {
    const generation = await this.deps.generations.findOwned(generationId, ownerId);
    if (!generation)
      throw new AppError('not_found', 404, 'We could not find that upload. Start again from the photos.');
    // Asking twice is harmless: a finished generation answers with its listing, and is not charged again.
    if (generation.status === 'completed' && generation.listing_id) {
      return this.deps.listings.getView(generation.listing_id, ownerId);
    }
    if (!(await this.deps.generations.claim(generationId, this.now().toISOString()))) {
      throw new AppError(
        'generation_busy',
        409,
        'This listing is already being written. Wait a moment and reload.',
      );
    }
    try {
      // After the claim, so two starts of one generation cannot both be charged.
      await this.deps.plans.chargeGeneration(ownerId, generationId);
    } catch (error) {
      const before = generation.status === 'failed' ? 'failed' : 'awaiting_photos';
      await this.deps.generations.release(generationId, before, describe(error), this.now().toISOString());
      throw error;
    }
    try {
      const listingId = await this.deps.queue.runGeneration(generationId);
      return await this.deps.listings.getView(listingId, ownerId);
    } catch (error) {
      // Still running in the background and may yet finish: it keeps its charge, as a retry would reuse it.
      if (error instanceof AppError && error.code === 'generation_busy') throw error;
      await this.deps.plans.refundGeneration(generationId);
      const at = this.now().toISOString();
      if (error instanceof AppError && error.status < 500) {
        // The seller can fix these (upload the missing photo, or start again): let them retry.
        await this.deps.generations.release(generationId, 'awaiting_photos', error.message, at);
        throw error;
      }
      await this.deps.generations.release(generationId, 'failed', describe(error), at);
      throw new AppError('generation_failed', 503, GENERATION_FAILED_MESSAGE, { cause: error });
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
}
