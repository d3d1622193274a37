// Photos: the rows behind every uploaded image, whether it waits in a generation or belongs to a listing.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PhotosTable } from '../../db/schema';

export type PhotoRow = Selectable<PhotosTable>;

export interface StoredPhotoFields {
  storageKey: string;
  thumbnailKey: string;
  bytes: number;
  width: number;
  height: number;
  sha256: string;
}

export class PhotosRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: PhotoRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('photos').values(rows).execute();
  }

  listForGeneration(generationId: string): Promise<PhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('generation_id', '=', generationId)
      .orderBy('position')
      .execute();
  }

  listForListing(listingId: string): Promise<PhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('listing_id', '=', listingId)
      .orderBy('position')
      .execute();
  }

  findOwned(id: string, ownerId: string): Promise<PhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }
}
