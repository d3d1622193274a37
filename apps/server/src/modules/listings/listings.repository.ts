// Listings: generated and inventory listings, always read through their owner.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ListingsTable } from '../../db/schema';

export type ListingRow = Selectable<ListingsTable>;

export class ListingsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<ListingsTable>): Promise<void> {
    await this.db.insertInto('listings').values(row).execute();
  }

  findOwned(id: string, ownerId: string): Promise<ListingRow | undefined> {
    return this.db
      .selectFrom('listings')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }
}
