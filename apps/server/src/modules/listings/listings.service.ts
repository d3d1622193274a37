// Reading listings: owner-scoped (another seller's listing is a 404, never a leak), with photos served
// through signed, expiring URLs.
import type {
  Category,
  Colour,
  Evidence,
  FibreShare,
  GeneratedListing,
  Language,
  ListingCondition,
  Marketplace,
  MarketplaceVariant,
  PriceRange,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { PhotoRow, PhotosRepository } from '../photos/photos.repository';
import type { ListingRow, ListingsRepository } from './listings.repository';

/** Photo URLs live for one to two hours; rounding the expiry keeps URLs stable so browsers can cache them. */
const URL_LIFETIME_SECONDS = 3600;

export class ListingsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly photos: PhotosRepository,
    private readonly storage: PhotoStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async getView(id: string, ownerId: string): Promise<GeneratedListing> {
    const listing = await this.listings.findOwned(id, ownerId);
    if (!listing) throw new AppError('not_found', 404, 'Listing not found');
    return this.toView(listing, await this.photos.listForListing(id));
  }

  signedPhotoUrl(key: string, fileName?: string): Promise<string> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const expires = (Math.floor(nowSeconds / URL_LIFETIME_SECONDS) + 2) * URL_LIFETIME_SECONDS;
    return this.storage.createDownloadUrl(key, { expiresAt: new Date(expires * 1000), fileName });
  }

  private async toView(listing: ListingRow, photos: PhotoRow[]): Promise<GeneratedListing> {
    const price: PriceRange | null =
      listing.price_min !== null && listing.price_max !== null
        ? {
            currency: listing.currency as PriceRange['currency'],
            min: listing.price_min,
            max: listing.price_max,
          }
        : null;
    return {
      listingId: listing.id,
      title: listing.title,
      description: listing.description,
      tags: (JSON.parse(listing.tags) as string[]).join(', '),
      suggestedPriceRange: price,
      photos: await Promise.all(
        photos
          .filter((photo) => photo.storage_key && photo.thumbnail_key)
          .map(async (photo) => ({
            url: await this.signedPhotoUrl(photo.storage_key as string),
            thumbnailUrl: await this.signedPhotoUrl(photo.thumbnail_key as string),
            width: photo.width ?? 0,
            height: photo.height ?? 0,
          })),
      ),
      brand: listing.brand,
      size: listing.size,
      colours: JSON.parse(listing.colours) as Colour[],
      category: listing.category as Category | null,
      condition: listing.condition as ListingCondition | null,
      composition: JSON.parse(listing.composition) as FibreShare[],
      evidence: JSON.parse(listing.evidence) as Evidence,
      variants: JSON.parse(listing.variants) as Partial<Record<Marketplace, MarketplaceVariant>>,
      language: listing.language as Language,
      engine: listing.engine,
      createdAt: listing.created_at,
    };
  }
}
