// What Snaplist holds for one Shopify shop, found by the shop's domain as Shopify's webhooks name it: the sellers'
// connections to it (with their encrypted tokens) and the consent round trips started for it.
import type { Db } from '../../db/database';

export interface ShopConnection {
  id: string;
  ownerId: string;
}

export class ShopifyShopsRepository {
  constructor(private readonly db: Db) {}

  /** Every seller's connection to this shop (a shop may be connected by more than one Snaplist account). */
  async connections(shop: string): Promise<ShopConnection[]> {
    const rows = await this.db
      .selectFrom('marketplace_connections')
      .select(['id', 'owner_id'])
      .where('marketplace', '=', 'shopify')
      .where('shop', '=', shop)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, ownerId: row.owner_id }));
  }

  /** The app is gone from the shop, and its tokens with it: each seller must connect the shop again. */
  async markUninstalled(shop: string, at: string): Promise<number> {
    const result = await this.db
      .updateTable('marketplace_connections')
      .set({ needs_reconnect: 1, updated_at: at })
      .where('marketplace', '=', 'shopify')
      .where('shop', '=', shop)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Forgets the shop: its connections and their tokens, and any consent round trip started for it. */
  async deleteShop(shop: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('marketplace_authorizations')
        .where('marketplace', '=', 'shopify')
        .where('shop', '=', shop)
        .execute();
      const result = await trx
        .deleteFrom('marketplace_connections')
        .where('marketplace', '=', 'shopify')
        .where('shop', '=', shop)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
