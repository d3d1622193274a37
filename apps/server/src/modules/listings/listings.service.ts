// Listings: reading, paging and searching both kinds, and creating, editing, deleting and exporting the
// seller's inventory. Everything is owner-scoped (another seller's listing is a 404, never a leak), photos are
// served through signed, expiring URLs, and each save is one transaction with its stored files handled around
// it: copies made before and removed again on failure, removed photos deleted only after commit.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type AnswerSuggestionRequest,
  type DeleteListingsResponse,
  fieldIssue,
  LIST_PAGE_SIZE,
  type ListedOn,
  type Listing,
  type ListingPhoto,
  type ListingSource,
  type ListingSummary,
  type ListingType,
  type ListListingsResponse,
  MARKETPLACES,
  type Marketplace,
  type PriceRange,
  SEARCH_PAGE_STEP,
  type SearchListingsResponse,
  type ValidListingInput,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { PhotoRow, PhotosRepository, StoredPhotoKeys } from '../photos/photos.repository';
import type { PlansService } from '../plans/plans.service';
import { decodeCursor, encodeCursor } from './listing-cursor';
import { editedFields, inventoryListingRecord } from './listing-records';
import type {
  ListingKeyset,
  ListingRecord,
  ListingSummaryRecord,
  ListingsRepository,
  MarketplaceLink,
} from './listings.repository';
import { csvChunks, type ExportedListing, exportFileName } from './listings-export';
import { searchWords } from './search-key';
import { answeredFields } from './suggestion-answer';

/** Photo URLs live for one to two hours; rounding the expiry keeps URLs stable so browsers can cache them. */
const URL_LIFETIME_SECONDS = 3600;
/** Listings read per query while exporting: memory stays flat however big the inventory is. */
const EXPORT_BATCH_SIZE = 500;

const SOURCE_OF_TYPE: Record<ListingType, ListingSource> = {
  generations: 'generated',
  inventory: 'inventory',
};

export interface ListingsRepositories {
  listings: ListingsRepository;
  photos: PhotosRepository;
}

export interface ListingsServiceDeps extends ListingsRepositories {
  storage: PhotoStorage;
  /** Creating a listing needs an active plan (decision 011); editing and deleting do not. */
  plans: Pick<PlansService, 'assertMayCreateListing'>;
  /** Runs the writes of one save or delete atomically. */
  transaction: <T>(work: (repositories: ListingsRepositories) => Promise<T>) => Promise<T>;
  /**
   * Crosslisting (decision 033): the copies Snaplist published stay in `listedOn` through an edit, whatever
   * the form sends for them, and a new price or quantity is pushed to them.
   */
  publications?: {
    publishedLinks(listingIds: readonly string[]): Promise<MarketplaceLink[]>;
    listingEdited(ownerId: string, listingId: string): Promise<void>;
  };
  now?: () => Date;
  exportBatchSize?: number;
}

export interface ListRequest {
  cursor?: string | null;
  type: ListingType;
  limit?: number;
}

export interface SearchRequest {
  searchString: string;
  searchOffset: number;
  type: ListingType;
}

export interface CsvExport {
  fileName: string;
  body: Readable;
}

/** How the photos of a save get into the listing, in display order. */
interface PhotoPlan {
  /** Photos already in the listing or uploaded and unattached: attached (again) at their new position. */
  attach: Array<{ id: string; position: number }>;
  /** Photos of another listing: new rows over copies of their stored objects. */
  copies: Array<{ from: StoredPhoto; row: StoredPhoto }>;
}

export class ListingsService {
  private readonly now: () => Date;
  private readonly exportBatchSize: number;

  constructor(private readonly deps: ListingsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.exportBatchSize = deps.exportBatchSize ?? EXPORT_BATCH_SIZE;
  }

  async getView(id: string, ownerId: string): Promise<Listing> {
    const listing = await this.deps.listings.findOwned(id, ownerId);
    if (!listing) throw notFound();
    const [photos, links] = await Promise.all([
      this.deps.photos.listForListing(id),
      this.deps.listings.linksFor([id]),
    ]);
    return this.toView(listing, photos, links);
  }

  signedPhotoUrl(key: string, fileName?: string): Promise<string> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const expires = (Math.floor(nowSeconds / URL_LIFETIME_SECONDS) + 2) * URL_LIFETIME_SECONDS;
    return this.deps.storage.createDownloadUrl(key, { expiresAt: new Date(expires * 1000), fileName });
  }

  /** One page of a tab, newest first; the cursor continues after the page's last row. */
  async list(ownerId: string, request: ListRequest): Promise<ListListingsResponse> {
    const limit = request.limit ?? LIST_PAGE_SIZE;
    const after = request.cursor ? decodeCursor(request.cursor) : null;
    const rows = await this.deps.listings.summaryPage(
      ownerId,
      SOURCE_OF_TYPE[request.type],
      after,
      limit + 1,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const done = rows.length <= limit || !last;
    return {
      data: await this.summarise(page),
      cursor: done ? null : encodeCursor({ createdAt: last.createdAt, id: last.id }),
      done,
    };
  }

  /** Listings holding every word of the search, newest first, SEARCH_PAGE_STEP at a time. */
  async search(ownerId: string, request: SearchRequest): Promise<SearchListingsResponse> {
    const words = searchWords(request.searchString);
    // Nothing searchable left after folding (only apostrophes): nothing matches, rather than everything.
    if (words.length === 0) return { data: [], done: true };
    const rows = await this.deps.listings.searchSummaries(
      ownerId,
      SOURCE_OF_TYPE[request.type],
      words,
      request.searchOffset,
      SEARCH_PAGE_STEP + 1,
    );
    return {
      data: await this.summarise(rows.slice(0, SEARCH_PAGE_STEP)),
      done: rows.length <= SEARCH_PAGE_STEP,
    };
  }

  async create(ownerId: string, input: ValidListingInput): Promise<Listing> {
    await this.deps.plans.assertMayCreateListing(ownerId);
    // The contract's `sourceId` is the listing this one is made from, not a source kind.
    const madeFrom = input.sourceId ? await this.deps.listings.findOwned(input.sourceId, ownerId) : null;
    if (input.sourceId && !madeFrom) throw notFound();
    const id = crypto.randomUUID();
    const at = this.now().toISOString();
    await this.save(ownerId, id, input, async (repositories) => {
      await repositories.listings.insert(inventoryListingRecord(id, ownerId, input, madeFrom ?? null, at));
    });
    return this.getView(id, ownerId);
  }

  async update(ownerId: string, id: string, input: ValidListingInput): Promise<Listing> {
    const current = await this.deps.listings.findOwned(id, ownerId);
    if (!current) throw notFound();
    if (current.source !== 'inventory') {
      throw new AppError(
        'bad_request',
        400,
        'Only inventory listings can be edited: use List Item to make one.',
      );
    }
    const at = this.now().toISOString();
    await this.save(ownerId, id, input, async (repositories) => {
      // Deleted since it was read (another tab): nothing to edit any more.
      if (!(await repositories.listings.updateOwned(id, ownerId, editedFields(current, input, at)))) {
        throw notFound();
      }
    });
    // Crosslisting (decision 033): the marketplaces where it is live get the new price or quantity.
    const priceOrQuantityChanged =
      current.price !== input.price ||
      current.currency !== input.currency ||
      current.quantity !== input.quantity;
    if (priceOrQuantityChanged) await this.deps.publications?.listingEdited(ownerId, id);
    return this.getView(id, ownerId);
  }

  /**
   * The seller's yes or no to a suggested brand or size, on a listing of either kind. Read and written in one
   * transaction that takes the row first, so two answers at once cannot both act on the same question.
   */
  async answerSuggestion(ownerId: string, id: string, answer: AnswerSuggestionRequest): Promise<Listing> {
    const at = this.now().toISOString();
    await this.deps.transaction(async ({ listings }) => {
      // Taking the row (a row lock on PostgreSQL, the write lock on SQLite) before reading it.
      if (!(await listings.updateOwned(id, ownerId, { updatedAt: at }))) throw notFound();
      const current = await listings.findOwned(id, ownerId);
      if (!current) throw notFound();
      await listings.updateOwned(id, ownerId, answeredFields(current, answer, at));
    });
    return this.getView(id, ownerId);
  }

  async deleteOne(ownerId: string, id: string): Promise<DeleteListingsResponse> {
    const result = await this.deleteMany(ownerId, [id]);
    if (result.deletedIds.length === 0) throw notFound();
    return result;
  }

  /** Deletes those of `ids` that are the seller's, with their photos; others are skipped without a word. */
  async deleteMany(ownerId: string, ids: readonly string[]): Promise<DeleteListingsResponse> {
    const unique = [...new Set(ids)];
    const { deletedIds, removedPhotos } = await this.deps.transaction(async ({ listings, photos }) => {
      // Photos first: their rows point at the listing and would otherwise be left behind, unattached.
      const removedPhotos = await photos.deleteForListings(ownerId, unique);
      return { deletedIds: await listings.deleteOwned(ownerId, unique), removedPhotos };
    });
    await this.deps.storage.delete(storedKeys(removedPhotos));
    return { deletedIds };
  }

  /** Every listing of a tab as CSV, read in keyset batches as the client downloads it. */
  exportCsv(ownerId: string, type: ListingType): CsvExport {
    return {
      fileName: exportFileName(type, this.now()),
      body: Readable.from(csvChunks(this.exportBatches(ownerId, SOURCE_OF_TYPE[type])), {
        objectMode: false,
      }),
    };
  }

  /** Every listing of both tabs as one CSV, inventory first (the account export, decision 043). */
  exportEveryListingCsv(ownerId: string): Readable {
    return Readable.from(csvChunks(this.everyExportBatch(ownerId)), { objectMode: false });
  }

  private async *everyExportBatch(ownerId: string): AsyncGenerator<ExportedListing[]> {
    yield* this.exportBatches(ownerId, 'inventory');
    yield* this.exportBatches(ownerId, 'generated');
  }

  private async *exportBatches(ownerId: string, source: ListingSource): AsyncGenerator<ExportedListing[]> {
    let after: ListingKeyset | null = null;
    for (;;) {
      const rows = await this.deps.listings.exportPage(ownerId, source, after, this.exportBatchSize);
      const last = rows.at(-1);
      if (!last) return;
      const ids = rows.map((row) => row.id);
      const [photos, links] = await Promise.all([
        this.deps.photos.summariseForListings(ids),
        this.deps.listings.linksFor(ids),
      ]);
      const photoCounts = new Map(photos.map((photo) => [photo.listingId, photo.photoCount]));
      const listedOn = listedOnByListing(links);
      yield rows.map((listing) => ({
        listing,
        photoCount: photoCounts.get(listing.id) ?? 0,
        listedOn: listedOn.get(listing.id) ?? {},
      }));
      if (rows.length < this.exportBatchSize) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  /**
   * The part of a create or edit that is the same for both: the photos, then `writeListing`, the photos'
   * rows and the links in one transaction. Copies are made before it and removed if it fails; photos the
   * edit dropped are deleted from storage once it has committed.
   */
  private async save(
    ownerId: string,
    listingId: string,
    input: ValidListingInput,
    writeListing: (repositories: ListingsRepositories) => Promise<void>,
  ): Promise<void> {
    const plan = await this.planPhotos(ownerId, listingId, input.photos);
    // Crosslisting (decision 033): a copy Snaplist published keeps its link, whatever the form sent for it.
    const links = withPublishedLinks(
      linksOf(input.listedOn),
      (await this.deps.publications?.publishedLinks([listingId])) ?? [],
    );
    const copiedKeys = await this.copyPhotos(plan.copies);
    let removedPhotos: StoredPhotoKeys[];
    try {
      removedPhotos = await this.deps.transaction(async (repositories) => {
        await writeListing(repositories);
        await repositories.photos.insert(plan.copies.map((copy) => copy.row));
        for (const { id, position } of plan.attach) {
          // Checked again here: an uploaded photo may have gone into another listing since it was read.
          if (!(await repositories.photos.attach(id, ownerId, listingId, position))) throw photoUnavailable();
        }
        const at = this.now().toISOString();
        await repositories.listings.replaceLinks(listingId, links, at);
        const kept = [...plan.attach.map((photo) => photo.id), ...plan.copies.map((copy) => copy.row.id)];
        return repositories.photos.deleteFromListingExcept(listingId, kept);
      });
    } catch (error) {
      await this.deps.storage.delete(copiedKeys);
      throw error;
    }
    await this.deps.storage.delete(storedKeys(removedPhotos));
  }

  private async planPhotos(
    ownerId: string,
    listingId: string,
    photoIds: readonly string[],
  ): Promise<PhotoPlan> {
    const found = new Map(
      (await this.deps.photos.findOwnedMany(photoIds, ownerId)).map((photo) => [photo.id, photo]),
    );
    const plan: PhotoPlan = { attach: [], copies: [] };
    const at = this.now().toISOString();
    for (const [position, id] of photoIds.entries()) {
      const photo = found.get(id);
      if (!photo || !isStored(photo) || photo.status !== 'ready') throw photoUnavailable();
      if (photo.listing_id === listingId) {
        plan.attach.push({ id, position });
      } else if (photo.listing_id !== null) {
        plan.copies.push({ from: photo, row: copiedPhotoRow(photo, listingId, position, at) });
      } else if (photo.generation_id === null) {
        plan.attach.push({ id, position });
      } else {
        // Still waiting in a generation: it becomes the generated listing's photo, not this one's.
        throw photoUnavailable();
      }
    }
    return plan;
  }

  /** Copies the stored objects of each photo to its new keys; answers the keys written. */
  private async copyPhotos(copies: PhotoPlan['copies']): Promise<string[]> {
    const written: string[] = [];
    try {
      for (const { from, row } of copies) {
        await this.deps.storage.copy(from.storage_key, row.storage_key);
        written.push(row.storage_key);
        await this.deps.storage.copy(from.thumbnail_key, row.thumbnail_key);
        written.push(row.thumbnail_key);
      }
    } catch (error) {
      await this.deps.storage.delete(written);
      throw error;
    }
    return written;
  }

  /** List rows with their first thumbnail, photo count and links, each fetched once for the whole page. */
  private async summarise(rows: ListingSummaryRecord[]): Promise<ListingSummary[]> {
    const ids = rows.map((row) => row.id);
    const [photos, links] = await Promise.all([
      this.deps.photos.summariseForListings(ids),
      this.deps.listings.linksFor(ids),
    ]);
    const photoByListing = new Map(photos.map((photo) => [photo.listingId, photo]));
    const listedOn = listedOnByListing(links);
    return Promise.all(
      rows.map(async (row) => {
        const photo = photoByListing.get(row.id);
        return {
          listingId: row.id,
          source: row.source,
          title: row.title,
          brand: row.brand,
          size: row.size,
          sku: row.sku,
          price: row.price,
          suggestedPriceRange: priceRange(row),
          currency: row.currency,
          quantity: row.quantity,
          stockStatus: row.stockStatus,
          listedOn: listedOn.get(row.id) ?? {},
          thumbnailUrl: photo ? await this.signedPhotoUrl(photo.thumbnailKey) : null,
          photoCount: photo?.photoCount ?? 0,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        };
      }),
    );
  }

  private async toView(
    listing: ListingRecord,
    photos: PhotoRow[],
    links: MarketplaceLink[],
  ): Promise<Listing> {
    return {
      listingId: listing.id,
      source: listing.source,
      sourceListingId: listing.madeFromId,
      title: listing.title,
      description: listing.description,
      tags: listing.tags,
      suggestedPriceRange: priceRange(listing),
      price: listing.price,
      currency: listing.currency,
      photos: await Promise.all(photos.filter(isStored).map((photo) => this.photoView(photo))),
      brand: listing.brand,
      size: listing.size,
      colours: listing.colours,
      category: listing.category,
      condition: listing.condition,
      composition: listing.composition,
      sku: listing.sku,
      cogs: listing.cogs,
      barcode: listing.barcode,
      quantity: listing.quantity,
      stockStatus: listing.stockStatus,
      listedOn: listedOnByListing(links).get(listing.id) ?? {},
      evidence: listing.evidence,
      suggestions: listing.suggestions,
      variants: listing.variants,
      language: listing.language,
      engine: listing.engine,
      engineModel: listing.engineModel,
      engineFallback: listing.engineFallback,
      createdAt: listing.createdAt,
      updatedAt: listing.updatedAt,
    };
  }

  private async photoView(photo: StoredPhoto): Promise<ListingPhoto> {
    const [url, thumbnailUrl] = await Promise.all([
      this.signedPhotoUrl(photo.storage_key),
      this.signedPhotoUrl(photo.thumbnail_key),
    ]);
    return { id: photo.id, url, thumbnailUrl, width: photo.width ?? 0, height: photo.height ?? 0 };
  }
}

type StoredPhoto = PhotoRow & { storage_key: string; thumbnail_key: string };

function isStored(photo: PhotoRow): photo is StoredPhoto {
  return photo.storage_key !== null && photo.thumbnail_key !== null;
}

function notFound(): AppError {
  return new AppError('not_found', 404, 'Listing not found');
}

function photoUnavailable(): AppError {
  const issue = fieldIssue('photos', 'photo_unavailable');
  return new AppError('validation_failed', 400, issue.message, { details: [issue] });
}

/** A new photo row for a copy of `photo` in another listing, with storage keys of its own. */
function copiedPhotoRow(photo: StoredPhoto, listingId: string, position: number, at: string): StoredPhoto {
  const id = crypto.randomUUID();
  return {
    ...photo,
    id,
    generation_id: null,
    listing_id: listingId,
    client_id: null,
    position,
    declared_type: null,
    declared_bytes: null,
    upload_key: null,
    storage_key: `photos/${id}.jpg`,
    thumbnail_key: `photos/${id}.thumb.webp`,
    created_at: at,
  };
}

function storedKeys(photos: StoredPhotoKeys[]): string[] {
  return photos.flatMap((photo) => [photo.storage_key, photo.thumbnail_key].filter((key) => key !== null));
}

function linksOf(listedOn: ValidListingInput['listedOn']): Array<{ marketplace: Marketplace; url: string }> {
  return MARKETPLACES.flatMap((marketplace) => {
    const link = listedOn[marketplace];
    return link ? [{ marketplace, url: link.url }] : [];
  });
}

/** The form's links, with each marketplace where Snaplist published the listing taking its publication's. */
function withPublishedLinks(
  links: Array<{ marketplace: Marketplace; url: string }>,
  published: MarketplaceLink[],
): Array<{ marketplace: Marketplace; url: string }> {
  const byMarketplace = new Map(links.map((link) => [link.marketplace, link.url]));
  for (const link of published) byMarketplace.set(link.marketplace, link.url);
  return [...byMarketplace].map(([marketplace, url]) => ({ marketplace, url }));
}

function listedOnByListing(links: MarketplaceLink[]): Map<string, ListedOn> {
  const byListing = new Map<string, ListedOn>();
  for (const link of links) {
    const listedOn = byListing.get(link.listingId) ?? {};
    listedOn[link.marketplace] = { url: link.url };
    byListing.set(link.listingId, listedOn);
  }
  return byListing;
}

function priceRange(listing: Pick<ListingRecord, 'priceMin' | 'priceMax' | 'currency'>): PriceRange | null {
  return listing.priceMin !== null && listing.priceMax !== null
    ? { currency: listing.currency, min: listing.priceMin, max: listing.priceMax }
    : null;
}
