// Connecting a seller's marketplace account (OAuth 2): a fresh random state bound server-side to the seller and
// the marketplace (stored as its hash, ten minutes, single use), the code exchanged for tokens stored encrypted,
// then the settings the marketplace needs chosen once from what the account offers. Disconnecting revokes the
// tokens where the marketplace can and forgets them; what is live there stays live (decision 033).
import crypto from 'node:crypto';
import {
  type CompleteConnectionRequest,
  type ConnectMarketplaceRequest,
  fieldIssue,
  MARKETPLACE_NAMES,
  type MarketplaceConnection,
  type MarketplaceConnectionsResponse,
  type MarketplaceSetting,
  PUBLISHING_MARKETPLACES,
  type PublishingMarketplace,
  type SaveMarketplaceSettingsRequest,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import { MarketplaceError } from '../../platform/marketplaces/marketplace-adapter';
import type { TokenCipher } from '../../platform/marketplaces/token-cipher';
import type { ConnectionRecord, ConnectionsRepository } from './connections.repository';
import { type MarketplaceAccounts, ReconnectNeeded } from './marketplace-accounts';

/** How long the seller has to grant access on the marketplace and come back. */
export const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;
/** Round trips one seller may have open at once; more is someone (or something) clicking in a loop. */
export const OPEN_AUTHORIZATIONS_PER_SELLER = 10;
/** Revoking is a courtesy to the marketplace: disconnecting never waits long for it. */
const REVOKE_TIMEOUT_MS = 10_000;

const SHOPIFY_SHOP = /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/;

export interface ConnectionsServiceDeps {
  connections: ConnectionsRepository;
  accounts: MarketplaceAccounts;
  cipher: TokenCipher;
  /** The web app's address: the marketplace sends the seller back to its callback page. */
  publicUrl: string;
  log: { warn(object: object, message: string): void };
  now: () => Date;
}

type SettingChoices = Array<Omit<MarketplaceSetting, 'value'>>;

/** A typed-in setting's longest value: an address line or an e-mail address fits well within it. */
const MAX_TYPED_SETTING_LENGTH = 200;

export class ConnectionsService {
  constructor(private readonly deps: ConnectionsServiceDeps) {}

  /** Every marketplace Snaplist publishes to, with the seller's connection and settings for each. */
  async list(ownerId: string): Promise<MarketplaceConnectionsResponse> {
    const connections = await this.deps.connections.listForOwner(ownerId);
    return {
      connections: await Promise.all(
        PUBLISHING_MARKETPLACES.map((marketplace) =>
          this.describe(
            marketplace,
            connections.find((connection) => connection.marketplace === marketplace),
          ),
        ),
      ),
    };
  }

  async connect(
    ownerId: string,
    marketplace: PublishingMarketplace,
    request: ConnectMarketplaceRequest,
  ): Promise<{ authorizeUrl: string }> {
    const adapter = this.deps.accounts.adapter(marketplace);
    const shop = marketplace === 'shopify' ? shopDomain(request.shop) : undefined;
    const now = this.deps.now();
    const { connections } = this.deps;
    if (
      (await connections.countOpenAuthorizations(ownerId, now.toISOString())) >=
      OPEN_AUTHORIZATIONS_PER_SELLER
    ) {
      throw new AppError(
        'rate_limited',
        429,
        'Too many connections started at once. Try again in ten minutes.',
        {
          headers: { 'retry-after': String(AUTHORIZATION_TTL_MS / 1000) },
        },
      );
    }
    const state = crypto.randomBytes(32).toString('base64url');
    const start = adapter.startAuthorization({ state, redirectUri: this.redirectUri(marketplace), shop });
    await connections.insertAuthorization({
      stateHash: hashState(state),
      ownerId,
      marketplace,
      codeVerifier: start.codeVerifier === null ? null : this.deps.cipher.encrypt(start.codeVerifier),
      shop: start.shop,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS).toISOString(),
      usedAt: null,
    });
    return { authorizeUrl: start.url };
  }

  /** What the marketplace sent back to the callback page: checked against the round trip, then exchanged. */
  async complete(
    ownerId: string,
    marketplace: PublishingMarketplace,
    request: CompleteConnectionRequest,
  ): Promise<MarketplaceConnection> {
    const { accounts, connections, cipher } = this.deps;
    const adapter = accounts.adapter(marketplace);
    const name = MARKETPLACE_NAMES[marketplace];
    const stateHash = hashState(request.state);
    const attempt = await connections.findAuthorization(stateHash);
    const now = this.deps.now().toISOString();
    // Someone else's state, or one made up: nothing is consumed, nothing is said about whose it is.
    if (!attempt || attempt.ownerId !== ownerId || attempt.marketplace !== marketplace) {
      throw connectionFailed(`This ${name} connection was not started here. Start connecting again.`);
    }
    if (attempt.expiresAt <= now) {
      throw connectionFailed(`Connecting to ${name} took more than ten minutes. Start connecting again.`);
    }
    if (!(await connections.useAuthorization(stateHash, now))) {
      throw connectionFailed(`This ${name} connection was already completed once. Start connecting again.`);
    }
    if (request.error === 'access_denied') {
      throw connectionFailed(
        `You did not allow Snaplist to use your ${name} account, so nothing was connected.`,
      );
    }
    if (request.error || !request.code) {
      throw connectionFailed(
        `${name} did not grant access (${request.error ?? 'no code'}). Start connecting again.`,
      );
    }
    let account: Awaited<ReturnType<typeof adapter.exchangeCode>>;
    try {
      account = await adapter.exchangeCode({
        code: request.code,
        redirectUri: this.redirectUri(marketplace),
        codeVerifier: attempt.codeVerifier === null ? null : cipher.decrypt(attempt.codeVerifier),
        shop: attempt.shop,
        callbackQuery: request.query ?? {},
      });
    } catch (error) {
      throw exchangeFailure(marketplace, error);
    }
    const existing = await connections.find(ownerId, marketplace);
    // The same account connected again keeps its choices and reads the sales it missed; another account starts over.
    const sameAccount =
      existing !== undefined && existing.accountId === account.accountId && existing.shop === attempt.shop;
    const record: ConnectionRecord = {
      id: existing?.id ?? crypto.randomUUID(),
      ownerId,
      marketplace,
      accountName: account.accountName,
      accountId: account.accountId,
      shop: attempt.shop,
      ...accounts.seal(account),
      settings: sameAccount ? existing.settings : {},
      needsReconnect: false,
      connectedAt: now,
      salesSyncedAt: sameAccount ? existing.salesSyncedAt : now,
      salesSyncProblem: sameAccount ? existing.salesSyncProblem : null,
      updatedAt: now,
    };
    await connections.save(record);
    return this.describe(marketplace, record);
  }

  /** The seller's choices, each checked against what the account offers right now. */
  async saveSettings(
    ownerId: string,
    marketplace: PublishingMarketplace,
    request: SaveMarketplaceSettingsRequest,
  ): Promise<MarketplaceConnection> {
    this.deps.accounts.adapter(marketplace);
    const connection = await this.connected(ownerId, marketplace);
    let choices: SettingChoices;
    try {
      choices = await this.deps.accounts.withSession(connection, (session, adapter) =>
        adapter.settingChoices(session),
      );
    } catch (error) {
      throw asRequestError(marketplace, error);
    }
    const issues = Object.entries(request.settings).flatMap(([name, value]) => {
      const setting = choices.find((candidate) => candidate.name === name);
      // A typed-in setting (eBay's regulatory block) takes any short text; an optional one may be cleared.
      const accepted = setting
        ? (setting.optional === true && value === '') ||
          (setting.input === 'text' && value.length <= MAX_TYPED_SETTING_LENGTH) ||
          setting.choices.some((choice) => choice.value === value)
        : false;
      return accepted ? [] : [fieldIssue(`settings.${name}`, 'marketplace_setting_invalid')];
    });
    if (issues.length > 0) {
      throw new AppError('validation_failed', 400, issues[0]?.message ?? '', { details: issues });
    }
    const settings = { ...connection.settings, ...request.settings };
    await this.deps.connections.saveSettings(connection.id, settings, this.deps.now().toISOString());
    return view(marketplace, true, { ...connection, settings }, withValues(choices, settings));
  }

  async disconnect(ownerId: string, marketplace: PublishingMarketplace): Promise<MarketplaceConnection> {
    const { accounts, connections } = this.deps;
    const connection = await connections.find(ownerId, marketplace);
    if (connection && accounts.isAvailable(marketplace)) await this.revoke(connection);
    await connections.delete(ownerId, marketplace);
    return this.describe(marketplace, undefined);
  }

  /** The seller's connection, usable: 409 when there is none or the marketplace refused it. */
  private async connected(ownerId: string, marketplace: PublishingMarketplace): Promise<ConnectionRecord> {
    const connection = await this.deps.connections.find(ownerId, marketplace);
    if (!connection) {
      throw new AppError(
        'marketplace_not_connected',
        409,
        `Connect ${MARKETPLACE_NAMES[marketplace]} in Settings first.`,
      );
    }
    if (connection.needsReconnect) throw reconnectNeeded(marketplace);
    return connection;
  }

  private async revoke(connection: ConnectionRecord): Promise<void> {
    try {
      const tokens = await this.deps.accounts.open(connection);
      const adapter = this.deps.accounts.adapter(connection.marketplace);
      await withTimeout(adapter.revoke(tokens, connection.shop), REVOKE_TIMEOUT_MS);
    } catch (error) {
      // The tokens are forgotten either way; an unrevoked one expires on the marketplace's own schedule.
      this.deps.log.warn(
        { marketplace: connection.marketplace, err: error },
        'could not revoke marketplace tokens on disconnect',
      );
    }
  }

  /**
   * The connection as the seller sees it, with the choices their account offers. When the marketplace cannot
   * say (down, slow, refusing), the saved values are shown without choices rather than failing the page.
   */
  private async describe(
    marketplace: PublishingMarketplace,
    connection: ConnectionRecord | undefined,
  ): Promise<MarketplaceConnection> {
    const available = this.deps.accounts.isAvailable(marketplace);
    if (!connection || !available || connection.needsReconnect) {
      return view(marketplace, available, connection, savedValues(connection));
    }
    try {
      const choices = await this.deps.accounts.withSession(connection, (session, adapter) =>
        adapter.settingChoices(session),
      );
      return view(marketplace, available, connection, withValues(choices, connection.settings));
    } catch (error) {
      if (error instanceof ReconnectNeeded) {
        return view(marketplace, available, { ...connection, needsReconnect: true }, savedValues(connection));
      }
      this.deps.log.warn({ marketplace, err: error }, 'could not read the marketplace settings choices');
      return view(marketplace, available, connection, savedValues(connection));
    }
  }

  private redirectUri(marketplace: PublishingMarketplace): string {
    return `${this.deps.publicUrl}/marketplaces/callback/${marketplace}`;
  }
}

function view(
  marketplace: PublishingMarketplace,
  available: boolean,
  connection: ConnectionRecord | undefined,
  settings: MarketplaceSetting[],
): MarketplaceConnection {
  return {
    marketplace,
    available,
    connected: connection !== undefined,
    accountName: connection?.accountName ?? null,
    connectedAt: connection?.connectedAt ?? null,
    needsReconnect: connection?.needsReconnect ?? false,
    salesSyncProblem: connection?.salesSyncProblem ?? null,
    settings,
  };
}

function withValues(choices: SettingChoices, values: Record<string, string>): MarketplaceSetting[] {
  return choices.map((setting) => ({ ...setting, value: values[setting.name] ?? null }));
}

function savedValues(connection: ConnectionRecord | undefined): MarketplaceSetting[] {
  return Object.entries(connection?.settings ?? {}).map(([name, value]) => ({ name, choices: [], value }));
}

/** The shop as Shopify names it (`name.myshopify.com`), from what a seller types; 400 `shop_invalid` otherwise. */
export function shopDomain(typed: string | undefined): string {
  const cleaned = (typed ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const domain = cleaned.includes('.') ? cleaned : `${cleaned}.myshopify.com`;
  if (!SHOPIFY_SHOP.test(domain)) {
    const issue = fieldIssue('shop', 'shop_invalid');
    throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
  }
  return domain;
}

function hashState(state: string): string {
  return crypto.createHash('sha256').update(state).digest('hex');
}

function connectionFailed(message: string): AppError {
  return new AppError('marketplace_connection_failed', 400, message);
}

function reconnectNeeded(marketplace: PublishingMarketplace): AppError {
  return new AppError('marketplace_reconnect_needed', 409, new ReconnectNeeded(marketplace).message);
}

/** The code exchange failed: refused (a stale or forged code) is the seller's to retry; down is ours to say. */
function exchangeFailure(marketplace: PublishingMarketplace, error: unknown): Error {
  if (!(error instanceof MarketplaceError)) return error instanceof Error ? error : new Error(String(error));
  const name = MARKETPLACE_NAMES[marketplace];
  if (error.kind === 'transient' || error.kind === 'rate_limited') {
    return new AppError(
      'marketplace_unreachable',
      502,
      `${name} did not answer. Try connecting again in a minute.`,
      {
        cause: error,
      },
    );
  }
  return connectionFailed(`${name} refused the connection: ${error.message}. Start connecting again.`);
}

/** A marketplace failure while serving a request, as the seller's answer. */
function asRequestError(marketplace: PublishingMarketplace, error: unknown): unknown {
  if (error instanceof ReconnectNeeded) return reconnectNeeded(marketplace);
  if (error instanceof MarketplaceError) {
    return new AppError(
      'marketplace_unreachable',
      502,
      `${MARKETPLACE_NAMES[marketplace]} did not give the choices for your account. Try again in a minute.`,
      { cause: error },
    );
  }
  return error;
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
