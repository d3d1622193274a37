// Calls to a marketplace in a seller's name: the stored tokens decrypted, refreshed when they expire within five
// minutes, and refreshed once more when the marketplace answers `auth` anyway (revoked early, clock skew). A
// refused refresh marks the connection `needsReconnect`: the seller must connect again (decision 033).
import { MARKETPLACE_NAMES, type PublishingMarketplace } from '@snaplist/contract';
import { AppError } from '../../errors';
import type { MarketplaceAdapters } from '../../platform/marketplaces/create-marketplace-adapters';
import {
  type MarketplaceAdapter,
  MarketplaceError,
  type MarketplaceSession,
  type MarketplaceTokens,
} from '../../platform/marketplaces/marketplace-adapter';
import { type TokenCipher, TokenDecryptionError } from '../../platform/marketplaces/token-cipher';
import type { ConnectionRecord, ConnectionsRepository, SealedTokens } from './connections.repository';

/** Tokens that expire sooner than this are refreshed before a call rather than after its failure. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;

/** The marketplace no longer accepts the seller's tokens: only connecting again helps. */
export class ReconnectNeeded extends Error {
  constructor(readonly marketplace: PublishingMarketplace) {
    super(
      `${MARKETPLACE_NAMES[marketplace]} no longer accepts this connection. Connect it again in Settings.`,
    );
    this.name = 'ReconnectNeeded';
  }
}

export interface MarketplaceAccountsDeps {
  connections: ConnectionsRepository;
  adapters: MarketplaceAdapters;
  cipher: TokenCipher;
  now: () => Date;
}

export class MarketplaceAccounts {
  constructor(private readonly deps: MarketplaceAccountsDeps) {}

  /** The marketplace's adapter; 404 `marketplace_unavailable` when this server has no app registered there. */
  adapter(marketplace: PublishingMarketplace): MarketplaceAdapter {
    const adapter = this.deps.adapters[marketplace];
    if (!adapter) throw marketplaceUnavailable(marketplace);
    return adapter;
  }

  isAvailable(marketplace: PublishingMarketplace): boolean {
    return this.deps.adapters[marketplace] !== undefined;
  }

  seal(tokens: MarketplaceTokens): SealedTokens {
    const { cipher } = this.deps;
    return {
      accessToken: cipher.encrypt(tokens.accessToken),
      refreshToken: tokens.refreshToken === null ? null : cipher.encrypt(tokens.refreshToken),
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    };
  }

  /** The tokens as the marketplace issued them; ReconnectNeeded when they cannot be read with today's key. */
  async open(connection: ConnectionRecord): Promise<MarketplaceTokens> {
    const { cipher } = this.deps;
    try {
      return {
        accessToken: cipher.decrypt(connection.accessToken),
        refreshToken: connection.refreshToken === null ? null : cipher.decrypt(connection.refreshToken),
        accessTokenExpiresAt: connection.accessTokenExpiresAt,
        refreshTokenExpiresAt: connection.refreshTokenExpiresAt,
      };
    } catch (error) {
      if (!(error instanceof TokenDecryptionError)) throw error;
      await this.needsReconnect(connection);
      throw new ReconnectNeeded(connection.marketplace);
    }
  }

  /**
   * Runs `call` with a session that works: refreshed first when it expires soon, and once more, then `call`
   * again, when the marketplace refuses it. Throws ReconnectNeeded when refreshing is refused.
   */
  async withSession<T>(
    connection: ConnectionRecord,
    call: (session: MarketplaceSession, adapter: MarketplaceAdapter) => Promise<T>,
  ): Promise<T> {
    const adapter = this.adapter(connection.marketplace);
    if (connection.needsReconnect) throw new ReconnectNeeded(connection.marketplace);
    let current = { connection, tokens: await this.open(connection) };
    if (this.expiresSoon(current.tokens)) current = await this.refresh(adapter, current);
    try {
      return await call(sessionOf(current), adapter);
    } catch (error) {
      if (!isAuthError(error)) throw error;
    }
    current = await this.refresh(adapter, current);
    try {
      return await call(sessionOf(current), adapter);
    } catch (error) {
      if (!isAuthError(error)) throw error;
      await this.needsReconnect(current.connection);
      throw new ReconnectNeeded(connection.marketplace);
    }
  }

  private expiresSoon(tokens: MarketplaceTokens): boolean {
    if (!tokens.accessTokenExpiresAt) return false;
    return Date.parse(tokens.accessTokenExpiresAt) - this.deps.now().getTime() < REFRESH_BEFORE_EXPIRY_MS;
  }

  private async refresh(
    adapter: MarketplaceAdapter,
    current: { connection: ConnectionRecord; tokens: MarketplaceTokens },
  ): Promise<{ connection: ConnectionRecord; tokens: MarketplaceTokens }> {
    const { connection, tokens } = current;
    if (tokens.refreshToken === null) {
      await this.needsReconnect(connection);
      throw new ReconnectNeeded(connection.marketplace);
    }
    let fresh: MarketplaceTokens;
    try {
      fresh = await adapter.refresh(tokens, connection.shop);
    } catch (error) {
      if (!isAuthError(error)) throw error;
      // Another process may have refreshed first, which spends the refresh token where the marketplace rotates it.
      const refreshedElsewhere = await this.refreshedSince(connection);
      if (refreshedElsewhere) return refreshedElsewhere;
      await this.needsReconnect(connection);
      throw new ReconnectNeeded(connection.marketplace);
    }
    // eBay keeps the refresh token it gave at connection: a refresh answers a new access token only.
    const kept: MarketplaceTokens = {
      ...fresh,
      refreshToken: fresh.refreshToken ?? tokens.refreshToken,
      refreshTokenExpiresAt: fresh.refreshToken ? fresh.refreshTokenExpiresAt : tokens.refreshTokenExpiresAt,
    };
    const sealed = this.seal(kept);
    const at = this.deps.now().toISOString();
    if (await this.deps.connections.replaceTokens(connection.id, connection.accessToken, sealed, at)) {
      return { connection: { ...connection, ...sealed, updatedAt: at }, tokens: kept };
    }
    return (await this.refreshedSince(connection)) ?? { connection, tokens: kept };
  }

  /** The connection as another process left it, when its tokens changed since `connection` was read. */
  private async refreshedSince(
    connection: ConnectionRecord,
  ): Promise<{ connection: ConnectionRecord; tokens: MarketplaceTokens } | undefined> {
    const stored = await this.deps.connections.findById(connection.id);
    if (!stored || stored.needsReconnect || stored.accessToken === connection.accessToken) return undefined;
    return { connection: stored, tokens: await this.open(stored) };
  }

  private needsReconnect(connection: ConnectionRecord): Promise<void> {
    return this.deps.connections.markNeedsReconnect(
      connection.id,
      connection.accessToken,
      this.deps.now().toISOString(),
    );
  }
}

export function marketplaceUnavailable(marketplace: PublishingMarketplace): AppError {
  return new AppError(
    'marketplace_unavailable',
    404,
    `This server has no ${MARKETPLACE_NAMES[marketplace]} app configured: publishing there is not offered.`,
  );
}

function sessionOf(current: { connection: ConnectionRecord; tokens: MarketplaceTokens }): MarketplaceSession {
  return {
    accessToken: current.tokens.accessToken,
    shop: current.connection.shop,
    accountId: current.connection.accountId,
  };
}

function isAuthError(error: unknown): boolean {
  return error instanceof MarketplaceError && error.kind === 'auth';
}
