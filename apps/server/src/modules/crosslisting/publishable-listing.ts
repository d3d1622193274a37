// A listing as an adapter receives it: the marketplace's own variant of the text (its title limit kept), the SKU
// that identifies it there, and its stored photos (bytes on demand, and a signed URL).
import { marketplaceVariants, type PublishingMarketplace } from '@snaplist/contract';
import { AppError } from '../../errors';
import type { PublishableListing, PublishablePhoto } from '../../platform/marketplaces/marketplace-adapter';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { ListingRecord } from '../listings/listings.repository';
import type { PhotoRow } from '../photos/photos.repository';

/** Etsy's shop manager takes SKUs of at most 32 characters: the shortest limit of the three (eBay 50, Shopify 255). */
export const MAX_MARKETPLACE_SKU_LENGTH = 32;
/** What eBay accepts in a SKU (letters, digits, `-` and `_`), which Etsy and Shopify accept too. */
const PORTABLE_SKU = /^[A-Za-z0-9_-]+$/;
const GENERATED_SKU_PREFIX = 'SL-';
/** A marketplace may fetch a photo by URL a while after it is given one. */
const PHOTO_URL_LIFETIME_MS = 2 * 60 * 60 * 1000;

/**
 * The SKU a listing is known by on the marketplaces: the seller's own when every marketplace takes it and it
 * names this listing only, else `SL-` and the start of the listing id (114 of its random bits), unique and stable.
 */
export function marketplaceSku(listing: Pick<ListingRecord, 'id' | 'sku'>, ownSkuShared: boolean): string {
  const own = listing.sku?.trim();
  if (own && own.length <= MAX_MARKETPLACE_SKU_LENGTH && PORTABLE_SKU.test(own) && !ownSkuShared) return own;
  return `${GENERATED_SKU_PREFIX}${listing.id.replaceAll('-', '')}`.slice(0, MAX_MARKETPLACE_SKU_LENGTH);
}

/** What publishing needs from the listing itself, before any marketplace's own requirements. */
export type PublishableFields = ListingRecord & {
  price: number;
  category: NonNullable<ListingRecord['category']>;
  condition: NonNullable<ListingRecord['condition']>;
};

export function hasPublishableFields(listing: ListingRecord): listing is PublishableFields {
  return listing.price !== null && listing.category !== null && listing.condition !== null;
}

export type StoredPhotoRow = PhotoRow & { storage_key: string };

export function storedPhotos(rows: PhotoRow[]): StoredPhotoRow[] {
  return rows.filter((row): row is StoredPhotoRow => row.storage_key !== null && row.status === 'ready');
}

export async function publishablePhotos(
  rows: StoredPhotoRow[],
  storage: PhotoStorage,
  now: Date,
): Promise<PublishablePhoto[]> {
  const expiresAt = new Date(now.getTime() + PHOTO_URL_LIFETIME_MS);
  return Promise.all(
    rows.map(async (row, index) => ({
      id: row.id,
      mimeType: row.mime ?? 'image/jpeg',
      url: await storage.createDownloadUrl(row.storage_key, { expiresAt }),
      async bytes() {
        const bytes = await storage.get(row.storage_key);
        if (!bytes) {
          throw new AppError(
            'photo_missing',
            410,
            `Photo ${index + 1} of this listing is missing from storage: replace it, then publish again.`,
          );
        }
        return bytes;
      },
    })),
  );
}

export function publishableListing(
  listing: PublishableFields,
  marketplace: PublishingMarketplace,
  sku: string,
  photos: PublishablePhoto[],
): PublishableListing {
  const text =
    listing.variants[marketplace] ??
    marketplaceVariants({ title: listing.title, description: listing.description, tags: listing.tags })[
      marketplace
    ];
  return {
    listingId: listing.id,
    sku,
    title: text.title,
    description: text.description,
    tags: text.tags,
    price: listing.price,
    currency: listing.currency,
    quantity: listing.quantity,
    brand: listing.brand,
    size: listing.size,
    colours: listing.colours,
    composition: listing.composition,
    category: listing.category,
    condition: listing.condition,
    barcode: listing.barcode,
    photos,
    language: listing.language,
  };
}
