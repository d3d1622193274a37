// Etsy Open API v3 over fetch: every call carries `x-api-key: {keystring}:{shared secret}` (Etsy's rule since
// February 2026) and, for a seller's data, `Authorization: Bearer {user id}.{token}`. Etsy's answers that are
// not 2xx become MarketplaceErrors the job runner can act on (docs/decisions/031).
import type { EtsyAppConfig } from '../../../config';
import { MarketplaceError } from '../marketplace-adapter';

/** A seller on the other end waits for some of these calls: fail in seconds rather than hang. */
const REQUEST_TIMEOUT_MS = 30_000;

export type EtsyBody = { form: Record<string, string> } | { json: unknown } | { multipart: FormData };

export interface EtsyRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  accessToken?: string;
  query?: Record<string, string>;
  body?: EtsyBody;
}

export interface EtsyTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}

export function etsyClient(options: EtsyAppConfig) {
  const apiKeyHeader = `${options.apiKey}:${options.sharedSecret}`;

  async function send(request: EtsyRequest): Promise<Response> {
    const url = new URL(request.path, options.apiUrl);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { 'x-api-key': apiKeyHeader, accept: 'application/json' };
    if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
    let body: string | FormData | undefined;
    if (request.body && 'form' in request.body) {
      headers['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
      body = new URLSearchParams(request.body.form).toString();
    } else if (request.body && 'json' in request.body) {
      headers['content-type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(request.body.json);
    } else if (request.body) {
      // fetch writes the multipart boundary into the content type itself.
      body = request.body.multipart;
    }
    try {
      return await fetch(url, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new MarketplaceError('transient', `Etsy could not be reached: ${describe(error)}`);
    }
  }

  return {
    /** One API call; its JSON answer, or a MarketplaceError. */
    async call<T>(request: EtsyRequest): Promise<T> {
      const response = await send(request);
      if (!response.ok) throw await errorFrom(response);
      return (await response.json()) as T;
    },

    /** The OAuth token endpoint (`grant_type` authorization_code or refresh_token), form-encoded. */
    async token(form: Record<string, string>): Promise<EtsyTokenResponse> {
      const response = await send({ method: 'POST', path: '/v3/public/oauth/token', body: { form } });
      if (!response.ok) throw await errorFrom(response);
      return (await response.json()) as EtsyTokenResponse;
    },
  };
}

export type EtsyClient = ReturnType<typeof etsyClient>;

/** Etsy's error body: `{ "error": "..." }`, with `error_description` on OAuth errors. */
async function errorFrom(response: Response): Promise<MarketplaceError> {
  const text = await response.text();
  let error: string | undefined;
  let description: string | undefined;
  try {
    const body = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    if (typeof body.error === 'string') error = body.error;
    if (typeof body.error_description === 'string') description = body.error_description;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const status = response.status;
  const message = description ?? error ?? `Etsy answered ${status}`;
  const details = { status, ...(error !== undefined && { marketplaceCode: error }) };
  if (status === 429) {
    const retryAfterMs = retryAfter(response.headers.get('retry-after'));
    return new MarketplaceError('rate_limited', message, {
      ...details,
      ...(retryAfterMs !== null && { retryAfterMs }),
    });
  }
  if (status >= 500) return new MarketplaceError('transient', message, details);
  if (status === 401) return new MarketplaceError('auth', message, details);
  // A token without a scope this call needs: connecting again grants the scopes we ask for now.
  if (status === 403 && error === 'insufficient_scope') return new MarketplaceError('auth', message, details);
  if (status === 404) return new MarketplaceError('not_found', message, details);
  // The token endpoint refuses a code or refresh token with 400 invalid_grant: the seller must connect again.
  if (error === 'invalid_grant') return new MarketplaceError('auth', message, details);
  return new MarketplaceError('rejected', message, details);
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfter(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'no answer in time' : error.message;
  return String(error);
}
