// Photos: the rows behind every uploaded image, whether it waits in a generation or belongs to a listing.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PhotosTable } from '../../db/schema';

export type PhotoRow = Selectable<PhotosTable>;

/** A generation's photo once normalised and stored: what its row then says about it. */
export interface StoredPhotoFields {
  storageKey: string;
  thumbnailKey: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  sha256: string;
}

/** What a list row shows of a listing's photos: how many, and the first one's thumbnail. */
export interface PhotoSummary {
  listingId: string;
  thumbnailKey: string;
  photoCount: number;
}

/** The stored objects of a photo, to delete once its row is gone. */
export interface StoredPhotoKeys {
  storage_key: string | null;
  thumbnail_key: string | null;
}

/** The row of a photo the browser has yet to upload into a generation: declared, nothing stored yet. */
export function pendingPhotoRow(photo: {
  id: string;
  ownerId: string;
  generationId: string;
  clientId: string;
  position: number;
  declaredType: string;
  declaredBytes: number;
  createdAt: string;
}): PhotoRow & { upload_key: string } {
  return {
    id: photo.id,
    owner_id: photo.ownerId,
    generation_id: photo.generationId,
    listing_id: null,
    client_id: photo.clientId,
    position: photo.position,
    declared_type: photo.declaredType,
    declared_bytes: photo.declaredBytes,
    upload_key: `uploads/${photo.generationId}/${photo.id}`,
    storage_key: null,
    thumbnail_key: null,
    mime: null,
    bytes: null,
    width: null,
    height: null,
    sha256: null,
    status: 'pending',
    created_at: photo.createdAt,
  };
}

export class PhotosRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: PhotoRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('photos').values(rows).execute();
  }

  listForGeneration(generationId: string): Promise<PhotoRow[]> {
    return this.listInOrder('generation_id', generationId);
  }

  listForListing(listingId: string): Promise<PhotoRow[]> {
    return this.listInOrder('listing_id', listingId);
  }

  private listInOrder(column: 'generation_id' | 'listing_id', id: string): Promise<PhotoRow[]> {
    return this.db.selectFrom('photos').selectAll().where(column, '=', id).orderBy('position').execute();
  }

  findOwnedMany(ids: readonly string[], ownerId: string): Promise<PhotoRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.ownedBy(ownerId).where('id', 'in', ids).execute();
  }

  /** Photo count and first thumbnail of each listing, in one query for a whole page. */
  async summariseForListings(listingIds: readonly string[]): Promise<PhotoSummary[]> {
    if (listingIds.length === 0) return [];
    const counts = this.db
      .selectFrom('photos')
      .select((eb) => [
        'listing_id',
        eb.fn.countAll().as('photo_count'),
        eb.fn.min('position').as('first_position'),
      ])
      .where('listing_id', 'in', listingIds)
      .where('thumbnail_key', 'is not', null)
      .groupBy('listing_id')
      .as('counts');
    const rows = await this.db
      .selectFrom('photos')
      .innerJoin(counts, (join) =>
        join
          .onRef('counts.listing_id', '=', 'photos.listing_id')
          .onRef('counts.first_position', '=', 'photos.position'),
      )
      .select(['photos.listing_id', 'photos.thumbnail_key', 'counts.photo_count'])
      .where('photos.thumbnail_key', 'is not', null)
      .execute();
    return rows.flatMap((row) =>
      row.listing_id && row.thumbnail_key
        ? [
            {
              listingId: row.listing_id,
              thumbnailKey: row.thumbnail_key,
              photoCount: Number(row.photo_count),
            },
          ]
        : [],
    );
  }

  /** Makes a generation's photo the listing's, normalised and stored; its original is gone. */
  async store(photoId: string, listingId: string, stored: StoredPhotoFields): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({
        listing_id: listingId,
        storage_key: stored.storageKey,
        thumbnail_key: stored.thumbnailKey,
        mime: stored.mime,
        bytes: stored.bytes,
        width: stored.width,
        height: stored.height,
        sha256: stored.sha256,
        upload_key: null,
        status: 'ready',
      })
      .where('id', '=', photoId)
      .execute();
  }

  /**
   * Puts a photo at `position` in a listing: one it already belongs to, or an uploaded one that belongs to
   * nothing yet. False when the photo is neither (taken by another listing or a generation meanwhile).
   */
  async attach(photoId: string, ownerId: string, listingId: string, position: number): Promise<boolean> {
    const result = await this.db
      .updateTable('photos')
      .set({ listing_id: listingId, position })
      .where('id', '=', photoId)
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'ready')
      .where((eb) =>
        eb.or([
          eb('listing_id', '=', listingId),
          eb.and([eb('listing_id', 'is', null), eb('generation_id', 'is', null)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the photos of a listing that are not in `keepIds`; answers their stored keys. */
  deleteFromListingExcept(listingId: string, keepIds: readonly string[]): Promise<StoredPhotoKeys[]> {
    let query = this.db.deleteFrom('photos').where('listing_id', '=', listingId);
    if (keepIds.length > 0) query = query.where('id', 'not in', keepIds);
    return query.returning(['storage_key', 'thumbnail_key']).execute();
  }

  /** Deletes every photo of the owner's listings among `listingIds`; answers their stored keys. */
  deleteForListings(ownerId: string, listingIds: readonly string[]): Promise<StoredPhotoKeys[]> {
    if (listingIds.length === 0) return Promise.resolve([]);
    return this.db
      .deleteFrom('photos')
      .where('owner_id', '=', ownerId)
      .where('listing_id', 'in', listingIds)
      .returning(['storage_key', 'thumbnail_key'])
      .execute();
  }

  findOwned(id: string, ownerId: string): Promise<PhotoRow | undefined> {
    return this.ownedBy(ownerId).where('id', '=', id).executeTakeFirst();
  }

  private ownedBy(ownerId: string) {
    return this.db.selectFrom('photos').selectAll().where('owner_id', '=', ownerId);
  }

  /** Deletes the photos of these generations that no listing took in; answers their storage keys. */
  async deleteUnattachedOfGenerations(generationIds: readonly string[]): Promise<string[]> {
    if (generationIds.length === 0) return [];
    const photos = await this.db
      .deleteFrom('photos')
      .where('generation_id', 'in', generationIds)
      .where('listing_id', 'is', null)
      .returning(['upload_key', 'storage_key', 'thumbnail_key'])
      .execute();
    return photos.flatMap(objectKeysOf);
  }

  /**
   * Deletes photos uploaded alone (no generation) before `before` that no listing took in; answers how many and
   * their storage keys.
   */
  async deleteUnattachedBefore(before: string): Promise<{ count: number; keys: string[] }> {
    const photos = await this.db
      .deleteFrom('photos')
      .where('generation_id', 'is', null)
      .where('listing_id', 'is', null)
      .where('created_at', '<', before)
      .returning(['upload_key', 'storage_key', 'thumbnail_key'])
      .execute();
    return { count: photos.length, keys: photos.flatMap(objectKeysOf) };
  }

  /**
   * The bytes the owner has waiting to become part of a listing at `at`: photos announced for generations still
   * awaiting them, and photos uploaded alone and never attached.
   */
  async pendingBytes(ownerId: string, at: string): Promise<number> {
    const [announced, unattached] = await Promise.all([
      this.db
        .selectFrom('photos')
        .innerJoin('generations', 'generations.id', 'photos.generation_id')
        .select((eb) => eb.fn.sum<number | string | null>('photos.declared_bytes').as('bytes'))
        .where('generations.owner_id', '=', ownerId)
        .where('generations.status', '=', 'awaiting_photos')
        .where('generations.uploads_expire_at', '>', at)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('photos')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
        .where('owner_id', '=', ownerId)
        .where('generation_id', 'is', null)
        .where('listing_id', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return Number(announced.bytes ?? 0) + Number(unattached.bytes ?? 0);
  }
}

/** The stored files of a photo row: its original upload, its JPEG and its thumbnail, those it has. */
function objectKeysOf(photo: {
  upload_key: string | null;
  storage_key: string | null;
  thumbnail_key: string | null;
}): string[] {
  return [photo.upload_key, photo.storage_key, photo.thumbnail_key].filter(
    (key): key is string => key !== null,
  );
}
