// Shopify's authorization-code grant for one shop: the shop the seller typed, the authorize URL, the signed
// callback (its `hmac` checked with the app's secret before the code is used) and the token endpoint, asking for
// expiring offline tokens (an hour, with a refresh token) as Shopify requires of public apps from 2027; a shop
// that answers with a non-expiring token still works, it just has nothing to refresh.
import crypto from 'node:crypto';
import { MarketplaceError, type MarketplaceTokens } from '../marketplace-adapter';

/**
 * What Snaplist asks each shop for: products (with their media) and inventory to publish and update, locations
 * to stock, orders to see sales, publications to put the product on the Online Store. Write implies read.
 */
export const SHOPIFY_SCOPES = [
  'write_products',
  'write_inventory',
  'read_locations',
  'read_orders',
  'write_publications',
] as const;

export interface ShopifyAppCredentials {
  clientId: string;
  clientSecret: string;
  /** The shop's base URL with `{shop}` for its domain: `https://{shop}`, or a test server's. */
  shopUrl: string;
}

const SHOP_NAME = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
const SHOP_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?\.myshopify\.com$/;
const TOKEN_TIMEOUT_MS = 30_000;

/**
 * The shop's `name.myshopify.com` domain from what a seller types or pastes: `name`, `name.myshopify.com`,
 * `https://name.myshopify.com/admin` or the admin's `https://admin.shopify.com/store/name`; null for anything
 * else (a custom domain cannot be told apart from any other site, so it is not accepted).
 */
export function normaliseShopDomain(input: string): string | null {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '');
  const admin = /^admin\.shopify\.com\/store\/([^/?#]+)/.exec(text);
  const host = admin ? (admin[1] ?? '') : text.replace(/[/?#].*$/, '');
  const name = host.endsWith('.myshopify.com') ? host.slice(0, -'.myshopify.com'.length) : host;
  return SHOP_NAME.test(name) ? `${name}.myshopify.com` : null;
}

export function isShopDomain(value: string): boolean {
  return SHOP_DOMAIN.test(value);
}

/** The shop's base URL (Admin API, OAuth) from the configured template. */
export function shopBase(shopUrl: string, shop: string): string {
  return shopUrl.replaceAll('{shop}', shop).replace(/\/+$/, '');
}

export function authorizeUrl(
  app: ShopifyAppCredentials,
  shop: string,
  input: { state: string; redirectUri: string },
): string {
  const url = new URL(`${shopBase(app.shopUrl, shop)}/admin/oauth/authorize`);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('scope', SHOPIFY_SCOPES.join(','));
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.toString();
}

/**
 * Shopify signs the callback: HMAC-SHA256, with the app's secret, of every other query parameter sorted by name
 * and joined as `name=value&...`, in hex. Compared in constant time.
 */
export function callbackSignatureValid(query: Record<string, string>, clientSecret: string): boolean {
  const given = query.hmac;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const message = Object.keys(query)
    .filter((name) => name !== 'hmac' && name !== 'signature')
    .sort()
    .map((name) => `${name}=${query[name]}`)
    .join('&');
  const expected = crypto.createHmac('sha256', clientSecret).update(message).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** Whether every scope Snaplist needs was granted (a write scope grants its read scope). */
export function missingScopes(granted: string): string[] {
  const scopes = new Set(granted.split(',').map((scope) => scope.trim()));
  return SHOPIFY_SCOPES.filter((scope) => !scopes.has(scope));
}

interface TokenResponse {
  access_token?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * POST /admin/oauth/access_token. A refusal (400 with Shopify's `{ error, error_description }`) becomes a
 * MarketplaceError of `refusedAs`: `rejected` for a code the seller must get again, `auth` for a refresh token
 * that no longer works (the seller connects again).
 */
export async function requestTokens(
  app: ShopifyAppCredentials,
  shop: string,
  grant: { code: string } | { refreshToken: string },
  refusedAs: 'rejected' | 'auth',
): Promise<MarketplaceTokens & { scope: string }> {
  const body =
    'code' in grant
      ? { client_id: app.clientId, client_secret: app.clientSecret, code: grant.code, expiring: '1' }
      : {
          client_id: app.clientId,
          client_secret: app.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: grant.refreshToken,
        };
  let response: Response;
  try {
    response = await fetch(`${shopBase(app.shopUrl, shop)}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    throw new MarketplaceError('transient', `Shopify could not be reached: ${describe(error)}`);
  }
  const json = (await response.json().catch(() => ({}))) as TokenResponse;
  if (response.status >= 500 || response.status === 429) {
    throw new MarketplaceError(
      response.status === 429 ? 'rate_limited' : 'transient',
      'Shopify is not answering.',
      {
        status: response.status,
      },
    );
  }
  if (!response.ok || typeof json.access_token !== 'string') {
    const reason =
      typeof json.error_description === 'string' ? json.error_description : 'Shopify refused the request.';
    throw new MarketplaceError(refusedAs, reason, {
      status: response.status,
      marketplaceCode: typeof json.error === 'string' ? json.error : undefined,
    });
  }
  const now = Date.now();
  const expiresAt = (seconds: unknown) =>
    typeof seconds === 'number' && seconds > 0 ? new Date(now + seconds * 1000).toISOString() : null;
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : null,
    accessTokenExpiresAt: expiresAt(json.expires_in),
    refreshTokenExpiresAt: expiresAt(json.refresh_token_expires_in),
    scope: typeof json.scope === 'string' ? json.scope : '',
  };
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
