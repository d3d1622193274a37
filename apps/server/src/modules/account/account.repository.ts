// What leaving needs of the database (decision 043): the seller's listings, photos, marketplace connections
// and crosslisting activity read for the export, and the account deleted with everything that references it.
import type { Activity, PublishingMarketplace } from '@snaplist/contract';
import { type Db, isPostgres } from '../../db/database';
import { decodeJson } from '../../db/schema';
import { readActivity } from '../crosslisting/publications.repository';

export interface ListingPageItem {
  id: string;
  title: string;
  createdAt: string;
}

/** A photo of a listing whose normalised file and thumbnail are stored (what the listing shows). */
export interface StoredListingPhoto {
  id: string;
  storageKey: string;
  mime: string | null;
}

/** A marketplace connection as the export shows it: never its tokens, sealed or not. */
export interface ExportedConnection {
  marketplace: PublishingMarketplace;
  accountName: string | null;
  accountId: string | null;
  shop: string | null;
  settings: Record<string, string>;
  needsReconnect: boolean;
  connectedAt: string;
}

export class AccountRepository {
  constructor(private readonly db: Db) {}

  /** Listings of both kinds, oldest first, after `after` (the previous page's last). */
  listingPage(ownerId: string, after: ListingPageItem | null, limit: number): Promise<ListingPageItem[]> {
    let query = this.db
      .selectFrom('listings')
      .select(['id', 'title', 'created_at as createdAt'])
      .where('owner_id', '=', ownerId);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
        ]),
      );
    }
    return query.orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  /** In the order the listing shows them, with the same rule as the listing's view: file and thumbnail stored. */
  async storedPhotos(listingId: string): Promise<StoredListingPhoto[]> {
    const rows = await this.db
      .selectFrom('photos')
      .select(['id', 'storage_key', 'mime'])
      .where('listing_id', '=', listingId)
      .where('storage_key', 'is not', null)
      .where('thumbnail_key', 'is not', null)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ id: row.id, storageKey: row.storage_key as string, mime: row.mime }));
  }

  async connections(ownerId: string): Promise<ExportedConnection[]> {
    const rows = await this.db
      .selectFrom('marketplace_connections')
      .select([
        'marketplace',
        'account_name',
        'account_id',
        'shop',
        'settings',
        'needs_reconnect',
        'connected_at',
      ])
      .where('owner_id', '=', ownerId)
      .orderBy('marketplace')
      .execute();
    return rows.map((row) => ({
      marketplace: row.marketplace,
      accountName: row.account_name,
      accountId: row.account_id,
      shop: row.shop,
      settings: decodeJson(row.settings),
      needsReconnect: row.needs_reconnect === 1,
      connectedAt: row.connected_at,
    }));
  }

  /** AI listings counted per calendar month, oldest first. */
  usageByMonth(userId: string): Promise<Array<{ month: string; aiListingsUsed: number }>> {
    return this.db
      .selectFrom('usage')
      .select(['month', 'ai_listings_used as aiListingsUsed'])
      .where('user_id', '=', userId)
      .orderBy('month')
      .execute();
  }

  /** Every crosslisting event of the seller's, oldest first. */
  activity(ownerId: string): Promise<Activity[]> {
    return readActivity(this.db, ownerId, (query) =>
      query.orderBy('crosslisting_activity.at').orderBy('crosslisting_activity.id'),
    );
  }

  /**
   * Takes the user's row until the transaction ends, so that nothing new can reference it meanwhile (an upload
   * committing between reading the photos' keys and deleting the row would leave its file behind). On
   * PostgreSQL a row lock, which the foreign-key checks of other writers wait for; SQLite runs one write
   * transaction at a time already.
   */
  async lockUser(userId: string): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('id', '=', userId);
    if (isPostgres(this.db)) query = query.forUpdate();
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Every storage key of the user's photos: listing photos and their thumbnails, originals still waiting in a
   * generation, photos uploaded alone. Generations and listings keep no files of their own.
   */
  async objectKeys(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('photos')
      .select(['upload_key', 'storage_key', 'thumbnail_key'])
      .where('owner_id', '=', userId)
      .execute();
    return rows.flatMap((row) =>
      [row.upload_key, row.storage_key, row.thumbnail_key].filter((key): key is string => key !== null),
    );
  }

  /**
   * Deletes the user; every table that references a user does so with ON DELETE CASCADE (sessions, listings and
   * what hangs off them, photos, generations, usage, marketplace connections and their tokens, publications,
   * sales, activity, reset and e-mail links, sign-in identities), so the rest goes in the same statement.
   */
  async deleteUser(userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
