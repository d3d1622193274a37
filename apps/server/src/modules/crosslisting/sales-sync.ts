// Reads what sold on every connected account since the last read, and applies each sale once (by the
// marketplace's order id and the SKU), exactly as "mark sold" does: quantity down, and at none left the other
// live copies ended. Run on a timer in process, or as one BullMQ repeatable job on the workers (decision 033).
import type { PublishingMarketplace, SalesSyncProblem } from '@snaplist/contract';
import { MarketplaceError, type SoldItem } from '../../platform/marketplaces/marketplace-adapter';
import type { ConnectionRecord, ConnectionsRepository } from './connections.repository';
import type { MarketplaceAccounts } from './marketplace-accounts';
import type { PublicationsRepository } from './publications.repository';
import type { PublishingService } from './publishing.service';

/**
 * Each read starts this long before the previous one did: an order the marketplace shows a little late is still
 * seen, and one seen twice is counted once.
 */
export const SYNC_OVERLAP_MS = 10 * 60 * 1000;
const CONNECTIONS_PER_PAGE = 100;

export interface SalesSyncDeps {
  connections: ConnectionsRepository;
  publications: PublicationsRepository;
  accounts: MarketplaceAccounts;
  publishing: Pick<PublishingService, 'recordSale'>;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  now: () => Date;
}

export interface SyncResult {
  connections: number;
  sales: number;
}

export class SalesSync {
  constructor(private readonly deps: SalesSyncDeps) {}

  /** Every account once; one that fails (down, reconnect needed) is logged and read again next time. */
  async syncAll(): Promise<SyncResult> {
    const connections = this.deps.connections;
    const result: SyncResult = { connections: 0, sales: 0 };
    let after = '';
    for (;;) {
      const page = await connections.pageForSync(after, CONNECTIONS_PER_PAGE);
      for (const connection of page) {
        if (!this.deps.accounts.isAvailable(connection.marketplace)) continue;
        try {
          result.sales += await this.syncConnection(connection);
          result.connections++;
          if (connection.salesSyncProblem !== null)
            await connections.setSalesSyncProblem(connection.id, null);
        } catch (error) {
          const problem = salesSyncProblemOf(error);
          if (problem !== null && problem !== connection.salesSyncProblem) {
            await connections.setSalesSyncProblem(connection.id, problem);
          }
          this.deps.log.warn(
            { marketplace: connection.marketplace, connectionId: connection.id, err: error },
            'could not read the sales of a marketplace account',
          );
        }
      }
      const last = page.at(-1);
      if (!last || page.length < CONNECTIONS_PER_PAGE) break;
      after = last.id;
    }
    if (result.sales > 0) this.deps.log.info({ ...result }, 'marketplace sales synced');
    return result;
  }

  /** Answers how many sales were new. */
  private async syncConnection(connection: ConnectionRecord): Promise<number> {
    const startedAt = this.deps.now().getTime();
    const sold = await this.deps.accounts.withSession(connection, (session, adapter) =>
      adapter.soldSince(session, connection.salesSyncedAt),
    );
    const applied = await applySales(this.deps, connection, sold);
    const next = new Date(Math.max(Date.parse(connection.salesSyncedAt), startedAt - SYNC_OVERLAP_MS));
    await this.deps.connections.setSalesSyncedAt(connection.id, next.toISOString());
    return applied;
  }
}

/**
 * What the seller is told when the sales cannot be read for a reason of the marketplace's that reconnecting would
 * not fix; null for a failure the next sync may get past (down, slow) or one handled elsewhere (reconnect).
 */
function salesSyncProblemOf(error: unknown): SalesSyncProblem | null {
  const orderAccessDenied =
    error instanceof MarketplaceError &&
    error.kind === 'rejected' &&
    error.details.marketplaceCode === 'ACCESS_DENIED';
  return orderAccessDenied ? 'order_access_denied' : null;
}

/**
 * Applies what sold on one of the seller's accounts, each (order, SKU) once, as the sync does: quantity down and,
 * at none left, the other live copies ended at once. Also the path of a marketplace's own notification of a sale
 * (Shopify's orders/create webhook). Answers how many sales were new.
 */
export async function applySales(
  deps: Pick<SalesSyncDeps, 'publications' | 'publishing'>,
  account: { ownerId: string; marketplace: PublishingMarketplace },
  sold: SoldItem[],
): Promise<number> {
  let applied = 0;
  for (const item of sold) {
    // The seller's own SKU only: an order for another seller's item never touches this one's listings.
    const publication = await deps.publications.findBySku(account.ownerId, item.sku);
    if (!publication) continue;
    const recorded = await deps.publishing.recordSale({
      ownerId: account.ownerId,
      listingId: publication.listingId,
      soldOn: account.marketplace,
      quantity: item.quantity,
      order: { orderId: item.orderId, sku: item.sku, soldAt: item.soldAt },
    });
    if (recorded) applied++;
  }
  return applied;
}

/**
 * Syncs every `intervalMs` (the first after one interval: start-up has enough to do), logging failures; answers
 * a function that stops the timer and waits for a sync under way, so it never outlives the database.
 */
export function startSalesSyncTimer(
  sync: SalesSync,
  intervalMs: number,
  log: { error(object: object, message: string): void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    // A slow marketplace must not stack syncs up.
    if (busy) return;
    busy = true;
    running = sync
      .syncAll()
      .catch((error: unknown) => log.error({ err: error }, 'sales sync failed'))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
