// One call to Shopify's Admin GraphQL API, and Shopify's ways of failing turned into MarketplaceError kinds:
// HTTP 401/403 (token refused, app uninstalled) → auth; 429 and `THROTTLED` (answered with 200 and the cost
// extension) → rate_limited, waiting as long as the bucket needs to refill; 5xx, timeouts, dropped connections and
// INTERNAL_SERVER_ERROR → transient; any other top-level error and every `userErrors` entry → rejected with
// Shopify's words. ACCESS_DENIED is rejected too, not auth: the token is good, the app lacks an approval (orders
// need Shopify's "protected customer data" access, granted to the app in the Partner Dashboard), so refreshing or
// connecting again cannot help, and treating it as a lost login would block publishing as well.
import { MarketplaceError } from '../marketplace-adapter';
import { describe } from './shopify-auth';

const REQUEST_TIMEOUT_MS = 30_000;
/** The least a throttled call waits: the bucket refills continuously, so very short waits just fail again. */
const MIN_THROTTLE_WAIT_MS = 1000;

interface GraphQLResponse {
  data?: unknown;
  errors?: unknown;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
    };
  };
}

/** Shopify's code for a field the app may not read: a missing scope or protected customer data not granted. */
export const SHOPIFY_ACCESS_DENIED = 'ACCESS_DENIED';

export interface ShopifyUserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

export type ShopifyClient = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** A client for one shop and token: `endpoint` is `{shop base}/admin/api/{version}/graphql.json`. */
export function shopifyClient(endpoint: string, accessToken: string): ShopifyClient {
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-shopify-access-token': accessToken,
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new MarketplaceError('transient', `Shopify could not be reached: ${describe(error)}`);
    }
    const body = (await response.json().catch(() => null)) as GraphQLResponse | null;
    const details = { status: response.status };
    if (response.status === 401 || response.status === 403) {
      throw new MarketplaceError('auth', 'Shopify refused the access token.', details);
    }
    if (response.status === 429) {
      throw new MarketplaceError('rate_limited', 'Shopify asked to slow down.', {
        ...details,
        retryAfterMs: retryAfterHeader(response.headers.get('retry-after')),
      });
    }
    if (response.status >= 500) throw new MarketplaceError('transient', 'Shopify is not answering.', details);
    if (response.status === 404)
      throw new MarketplaceError('not_found', 'Shopify does not know this shop.', details);
    if (!response.ok || body === null) {
      const reason =
        typeof body?.errors === 'string' ? body.errors : `Shopify refused the request (${response.status}).`;
      throw new MarketplaceError('rejected', reason, details);
    }
    if (Array.isArray(body.errors) && body.errors.length > 0) throw topLevelError(body);
    return body.data as T;
  };
}

function topLevelError(body: GraphQLResponse): MarketplaceError {
  const errors = (body.errors as Array<{ message?: string; extensions?: { code?: string } }>).map(
    (error) => ({
      message: error.message ?? 'Shopify refused the request.',
      code: error.extensions?.code ?? null,
    }),
  );
  const codes = new Set(errors.map((error) => error.code));
  const message = errors.map((error) => error.message).join('; ');
  if (codes.has('THROTTLED')) {
    return new MarketplaceError('rate_limited', 'Shopify asked to slow down.', {
      marketplaceCode: 'THROTTLED',
      retryAfterMs: throttleWait(body.extensions?.cost),
    });
  }
  if (codes.has('ACCESS_DENIED')) {
    return new MarketplaceError('rejected', message, { marketplaceCode: SHOPIFY_ACCESS_DENIED });
  }
  if (codes.has('INTERNAL_SERVER_ERROR')) {
    return new MarketplaceError('transient', message, { marketplaceCode: 'INTERNAL_SERVER_ERROR' });
  }
  return new MarketplaceError('rejected', message, { marketplaceCode: errors[0]?.code ?? undefined });
}

/** How long until the bucket holds the cost of the refused query again. */
function throttleWait(cost: NonNullable<GraphQLResponse['extensions']>['cost']): number {
  const requested = cost?.requestedQueryCost ?? 0;
  const available = cost?.throttleStatus?.currentlyAvailable ?? 0;
  const restoreRate = cost?.throttleStatus?.restoreRate ?? 0;
  if (restoreRate <= 0) return MIN_THROTTLE_WAIT_MS;
  return Math.max(MIN_THROTTLE_WAIT_MS, Math.ceil(((requested - available) / restoreRate) * 1000));
}

function retryAfterHeader(value: string | null): number | undefined {
  const seconds = Number(value);
  return value !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}

/** A mutation's `userErrors` as the `rejected` error the seller reads: Shopify's messages, its first code. */
export function throwUserErrors(userErrors: ShopifyUserError[] | null | undefined): void {
  if (!userErrors || userErrors.length === 0) return;
  throw new MarketplaceError('rejected', userErrors.map((error) => error.message).join('; '), {
    marketplaceCode: userErrors.find((error) => error.code)?.code ?? undefined,
  });
}
