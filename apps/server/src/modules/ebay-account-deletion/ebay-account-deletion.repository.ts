// What Snaplist holds about one eBay account, forgotten when eBay says the account was deleted: the connection
// (and with it the seller's eBay tokens), and in the seller's eBay publications everything that points at that
// account on eBay (item ids, listing addresses, the adapter's progress, the `listedOn` links). The listings stay:
// they are the seller's own, not eBay's. One transaction, so a notification that fails half-way changes nothing
// and eBay's retry does it all.
import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { encodeJson } from '../../db/schema';

/** Who eBay says closed their account. */
export interface DeletedEbayAccount {
  /** eBay's immutable user id, the one the Identity API gave when the seller connected. */
  userId: string;
  username: string;
}

/** Publications with a copy on eBay, or on its way there: that copy went with the account. */
const ACTIVE_STATUSES = ['queued', 'publishing', 'live', 'ending'] as const;

export class EbayAccountDeletionRepository {
  constructor(private readonly db: Db) {}

  /** Answers how many connections were removed: 0 when there was none (a repeated notification). */
  async forget(account: DeletedEbayAccount, at: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const connections = await trx
        .selectFrom('marketplace_connections')
        .select(['id', 'owner_id'])
        .where('marketplace', '=', 'ebay')
        .where((eb) =>
          eb.or([
            eb('account_id', '=', account.userId),
            // A user name can change hands; it identifies the account only where no user id was recorded.
            eb.and([eb('account_id', 'is', null), eb('account_name', '=', account.username)]),
          ]),
        )
        .execute();
      for (const connection of connections) {
        const ownerId = connection.owner_id;
        const ended = await trx
          .selectFrom('publications')
          .select(['listing_id'])
          .where('owner_id', '=', ownerId)
          .where('marketplace', '=', 'ebay')
          .where('status', 'in', ACTIVE_STATUSES)
          .execute();
        if (ended.length > 0) {
          await trx
            .insertInto('crosslisting_activity')
            .values(
              ended.map((publication) => ({
                id: crypto.randomUUID(),
                owner_id: ownerId,
                listing_id: publication.listing_id,
                marketplace: 'ebay' as const,
                kind: 'ended' as const,
                detail: 'The eBay account was closed: its listings went with it.',
                at,
              })),
            )
            .execute();
        }
        await trx
          .updateTable('publications')
          .set({ status: 'ended', error_code: null, error_message: null, needs_update: 0 })
          .where('owner_id', '=', ownerId)
          .where('marketplace', '=', 'ebay')
          .where('status', 'in', ACTIVE_STATUSES)
          .execute();
        await trx
          .updateTable('publications')
          .set({ external_id: null, url: null, progress: encodeJson({}), updated_at: at })
          .where('owner_id', '=', ownerId)
          .where('marketplace', '=', 'ebay')
          .execute();
        await trx
          .deleteFrom('marketplace_links')
          .where('marketplace', '=', 'ebay')
          .where('listing_id', 'in', (eb) =>
            eb.selectFrom('listings').select('id').where('owner_id', '=', ownerId),
          )
          .execute();
        await trx.deleteFrom('marketplace_connections').where('id', '=', connection.id).execute();
      }
      return connections.length;
    });
  }
}
