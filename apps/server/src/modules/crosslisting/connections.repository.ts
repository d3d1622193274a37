// Sellers' marketplace connections and the OAuth round trips under way. Tokens stay sealed here (the service
// encrypts and decrypts them); this file only knows how they are stored.
import type { PublishingMarketplace, SalesSyncProblem } from '@snaplist/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import {
  decodeJson,
  encodeJson,
  type MarketplaceAuthorizationsTable,
  type MarketplaceConnectionsTable,
} from '../../db/schema';

export interface ConnectionRecord {
  id: string;
  ownerId: string;
  marketplace: PublishingMarketplace;
  accountName: string | null;
  accountId: string | null;
  shop: string | null;
  /** Encrypted (token-cipher.ts). */
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  settings: Record<string, string>;
  needsReconnect: boolean;
  connectedAt: string;
  salesSyncedAt: string;
  /** Why the last sync could not read the sales, when the seller can be told; kept across a reconnection. */
  salesSyncProblem: SalesSyncProblem | null;
  updatedAt: string;
}

export interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
}

export interface AuthorizationRecord {
  stateHash: string;
  ownerId: string;
  marketplace: PublishingMarketplace;
  /** Encrypted. */
  codeVerifier: string | null;
  shop: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export class ConnectionsRepository {
  constructor(private readonly db: Db) {}

  async find(ownerId: string, marketplace: PublishingMarketplace): Promise<ConnectionRecord | undefined> {
    const row = await this.db
      .selectFrom('marketplace_connections')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('marketplace', '=', marketplace)
      .executeTakeFirst();
    return row && connectionRecord(row);
  }

  async listForOwner(ownerId: string): Promise<ConnectionRecord[]> {
    const rows = await this.db
      .selectFrom('marketplace_connections')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .execute();
    return rows.map(connectionRecord);
  }

  /** Connections whose sales can be read, in id order after `afterId`, for the sync. */
  async pageForSync(afterId: string, limit: number): Promise<ConnectionRecord[]> {
    const rows = await this.db
      .selectFrom('marketplace_connections')
      .selectAll()
      .where('needs_reconnect', '=', 0)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(connectionRecord);
  }

  /** The seller's one connection to the marketplace, made or replaced (a reconnection). */
  async save(record: ConnectionRecord): Promise<void> {
    const row = connectionRow(record);
    const { id: _keptId, owner_id: _owner, marketplace: _marketplace, ...replaced } = row;
    await this.db
      .insertInto('marketplace_connections')
      .values(row)
      .onConflict((conflict) => conflict.columns(['owner_id', 'marketplace']).doUpdateSet(replaced))
      .execute();
  }

  /**
   * Stores refreshed tokens, unless another process refreshed them first (the stored access token is no
   * longer `previousAccessToken`); answers whether these were stored.
   */
  async replaceTokens(
    id: string,
    previousAccessToken: string,
    tokens: SealedTokens,
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('marketplace_connections')
      .set({
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        access_token_expires_at: tokens.accessTokenExpiresAt,
        refresh_token_expires_at: tokens.refreshTokenExpiresAt,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('access_token', '=', previousAccessToken)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async findById(id: string): Promise<ConnectionRecord | undefined> {
    const row = await this.db
      .selectFrom('marketplace_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && connectionRecord(row);
  }

  /** The tokens were refused, unless they changed since `accessToken` was read (another process refreshed). */
  async markNeedsReconnect(id: string, accessToken: string, at: string): Promise<void> {
    await this.db
      .updateTable('marketplace_connections')
      .set({ needs_reconnect: 1, updated_at: at })
      .where('id', '=', id)
      .where('access_token', '=', accessToken)
      .execute();
  }

  async saveSettings(id: string, settings: Record<string, string>, at: string): Promise<void> {
    await this.db
      .updateTable('marketplace_connections')
      .set({ settings: encodeJson(settings), updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setSalesSyncedAt(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('marketplace_connections')
      .set({ sales_synced_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setSalesSyncProblem(id: string, problem: SalesSyncProblem | null): Promise<void> {
    await this.db
      .updateTable('marketplace_connections')
      .set({ sales_sync_problem: problem })
      .where('id', '=', id)
      .execute();
  }

  /** Answers the connection removed, if there was one. */
  async delete(ownerId: string, marketplace: PublishingMarketplace): Promise<ConnectionRecord | undefined> {
    const row = await this.db
      .deleteFrom('marketplace_connections')
      .where('owner_id', '=', ownerId)
      .where('marketplace', '=', marketplace)
      .returningAll()
      .executeTakeFirst();
    return row && connectionRecord(row);
  }

  async insertAuthorization(record: AuthorizationRecord): Promise<void> {
    await this.db
      .insertInto('marketplace_authorizations')
      .values({
        state_hash: record.stateHash,
        owner_id: record.ownerId,
        marketplace: record.marketplace,
        code_verifier: record.codeVerifier,
        shop: record.shop,
        created_at: record.createdAt,
        expires_at: record.expiresAt,
        used_at: record.usedAt,
      })
      .execute();
  }

  /** Round trips the seller started that may still come back. */
  async countOpenAuthorizations(ownerId: string, now: string): Promise<number> {
    const row = await this.db
      .selectFrom('marketplace_authorizations')
      .select((eb) => eb.fn.countAll<number>().as('open'))
      .where('owner_id', '=', ownerId)
      .where('expires_at', '>', now)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.open);
  }

  async findAuthorization(stateHash: string): Promise<AuthorizationRecord | undefined> {
    const row = await this.db
      .selectFrom('marketplace_authorizations')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    return row && authorizationRecord(row);
  }

  /** Single use: true for the one caller that marks it, false when it was already used. */
  async useAuthorization(stateHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('marketplace_authorizations')
      .set({ used_at: at })
      .where('state_hash', '=', stateHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Consent round trips that expired or were used: nothing can complete them any more (the sweeper). */
  async deleteFinishedAuthorizations(now: string): Promise<number> {
    const result = await this.db
      .deleteFrom('marketplace_authorizations')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function connectionRecord(row: Selectable<MarketplaceConnectionsTable>): ConnectionRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    marketplace: row.marketplace,
    accountName: row.account_name,
    accountId: row.account_id,
    shop: row.shop,
    accessToken: row.access_token,
    refreshToken: row.refresh_token,
    accessTokenExpiresAt: row.access_token_expires_at,
    refreshTokenExpiresAt: row.refresh_token_expires_at,
    settings: decodeJson(row.settings),
    needsReconnect: row.needs_reconnect === 1,
    connectedAt: row.connected_at,
    salesSyncedAt: row.sales_synced_at,
    salesSyncProblem: row.sales_sync_problem,
    updatedAt: row.updated_at,
  };
}

function connectionRow(record: ConnectionRecord) {
  return {
    id: record.id,
    owner_id: record.ownerId,
    marketplace: record.marketplace,
    account_name: record.accountName,
    account_id: record.accountId,
    shop: record.shop,
    access_token: record.accessToken,
    refresh_token: record.refreshToken,
    access_token_expires_at: record.accessTokenExpiresAt,
    refresh_token_expires_at: record.refreshTokenExpiresAt,
    settings: encodeJson(record.settings),
    needs_reconnect: record.needsReconnect ? 1 : 0,
    connected_at: record.connectedAt,
    sales_synced_at: record.salesSyncedAt,
    sales_sync_problem: record.salesSyncProblem,
    updated_at: record.updatedAt,
  };
}

function authorizationRecord(row: Selectable<MarketplaceAuthorizationsTable>): AuthorizationRecord {
  return {
    stateHash: row.state_hash,
    ownerId: row.owner_id,
    marketplace: row.marketplace,
    codeVerifier: row.code_verifier,
    shop: row.shop,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}
