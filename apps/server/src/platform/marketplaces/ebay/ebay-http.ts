// Calls to eBay's REST APIs and its OAuth token endpoint, and every way they fail turned into a MarketplaceError
// the job runner can act on (docs/decisions/030): 5xx and a dropped connection are transient, 429 is rate
// limited, a refused token is auth, an unknown id is not_found, and anything else eBay refuses is rejected
// with eBay's own message.
import { MarketplaceError } from '../marketplace-adapter';

/** eBay answers within seconds; a call that hangs is better retried by the job runner than waited on. */
const REQUEST_TIMEOUT_MS = 30_000;

/** eBay's "Invalid access token": an expired, revoked or unknown user token, whatever the HTTP status. */
const INVALID_ACCESS_TOKEN = 1001;

/** One entry of eBay's error envelope `{ errors: [...] }`, as far as Snaplist reads it. */
export interface EbayErrorDetail {
  errorId?: number;
  message?: string;
  longMessage?: string;
  parameters?: Array<{ name?: string; value?: string }>;
}

export interface EbayRequestOptions {
  query?: Record<string, string>;
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
}

/** One seller's calls to eBay's REST APIs with their user access token. */
export class EbayApi {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  /** The raw answer, for callers that read a particular refusal (an offer that already exists). */
  async send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: EbayRequestOptions = {},
  ): Promise<Response> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.accessToken}`,
      accept: 'application/json',
      ...options.headers,
    };
    let body: string | FormData | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    return ebayFetch(url, { method, headers, body });
  }

  /** The parsed JSON answer (null when eBay answers without a body, as 204 does); throws on any failure. */
  async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: EbayRequestOptions = {},
  ): Promise<unknown> {
    const response = await this.send(method, path, options);
    if (!response.ok) throw failureOf(response, await readErrors(response));
    return readJson(response);
  }
}

/** fetch with a deadline; a network failure or a timeout is transient. */
export async function ebayFetch(url: URL | string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MarketplaceError('transient', `eBay could not be reached: ${reason}`);
  }
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A 2xx that is not JSON comes from something in front of eBay (a proxy's error page), not from eBay.
    throw new MarketplaceError(
      'transient',
      `eBay answered ${response.status} with something that is not JSON`,
      {
        status: response.status,
      },
    );
  }
}

/** The `errors` of eBay's envelope; empty when the body is not one. */
export async function readErrors(response: Response): Promise<EbayErrorDetail[]> {
  const text = await response.text().catch(() => '');
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'errors' in parsed && Array.isArray(parsed.errors)) {
      return parsed.errors.filter(
        (entry): entry is EbayErrorDetail => typeof entry === 'object' && entry !== null,
      );
    }
  } catch {
    // Not eBay's envelope (an HTML error page from a proxy): the status alone decides.
  }
  return [];
}

/** A failed API call as the job runner sees it. */
export function failureOf(response: Response, errors: EbayErrorDetail[]): MarketplaceError {
  const status = response.status;
  const marketplaceCode = errors[0]?.errorId === undefined ? undefined : String(errors[0].errorId);
  const details = { status, marketplaceCode };
  const said = messagesOf(errors);
  if (status === 429) {
    return new MarketplaceError('rate_limited', said ?? 'eBay asks to slow down: too many requests.', {
      ...details,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }
  if (status === 401 || errors.some((error) => error.errorId === INVALID_ACCESS_TOKEN)) {
    return new MarketplaceError('auth', said ?? 'eBay refused the access token.', details);
  }
  // Access denied: the token lacks a scope this call needs, which only connecting again can grant.
  if (status === 403)
    return new MarketplaceError('auth', said ?? 'eBay denied access to this call.', details);
  if (status >= 500) {
    return new MarketplaceError(
      'transient',
      said ?? `eBay answered with an error (HTTP ${status}).`,
      details,
    );
  }
  if (status === 404)
    return new MarketplaceError('not_found', said ?? 'eBay does not know this item.', details);
  return new MarketplaceError('rejected', said ?? `eBay refused the request (HTTP ${status}).`, details);
}

/** eBay's OAuth endpoint answers `{ error, error_description }` rather than the API's envelope. */
export async function oauthFailureOf(response: Response): Promise<MarketplaceError> {
  const status = response.status;
  if (status === 429) {
    return new MarketplaceError('rate_limited', 'eBay asks to slow down: too many token requests.', {
      status,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }
  if (status >= 500)
    return new MarketplaceError('transient', `eBay's sign-in service answered ${status}.`, { status });
  const body = await readJson(response).catch(() => null);
  const error = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : undefined;
  const description =
    typeof body === 'object' && body !== null && 'error_description' in body
      ? String(body.error_description)
      : undefined;
  const message = description ?? error ?? `eBay refused the token request (HTTP ${status}).`;
  // invalid_grant: the code or refresh token is spent, expired or revoked; only the seller can grant access again.
  const kind = error === 'invalid_grant' ? 'auth' : 'rejected';
  return new MarketplaceError(kind, message, { status, marketplaceCode: error });
}

function messagesOf(errors: EbayErrorDetail[]): string | undefined {
  const messages = [...new Set(errors.map((error) => error.message?.trim()).filter((text) => !!text))];
  return messages.length > 0 ? messages.join(' ') : undefined;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
