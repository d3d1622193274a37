// The background's one way to call the Snaplist API: typed from the contract's route descriptors, JSON in and
// out, and every failure turned into an ExtensionFailure whose message is already in the seller's language.
import {
  type ErrorCode,
  isErrorCode,
  type RouteBody,
  type RouteDescriptor,
  type RouteResponse,
} from '@snaplist/contract';
import { t } from '../i18n';
import type { ExtensionError, ExtensionErrorCode } from '../messages';

/** Long enough for a slow self-hosted server, short enough that the popup does not spin for ever. */
const API_TIMEOUT_MS = 30_000;

export class ExtensionFailure extends Error {
  override readonly name = 'ExtensionFailure';

  constructor(
    readonly code: ExtensionErrorCode,
    message: string,
    /** The HTTP status when the server answered; null when it never did. */
    readonly status: number | null = null,
  ) {
    super(message);
  }

  toError(): ExtensionError {
    return { code: this.code, message: this.message };
  }
}

/** The server's codes the extension words itself (the server's `message` is English only). */
const TRANSLATED_CODES: Partial<Record<ErrorCode, string>> = {
  invalid_credentials: 'error_invalid_credentials',
  rate_limited: 'error_rate_limited',
  unauthorized: 'error_signed_out',
  not_found: 'error_not_found',
};

export function unreachable(server: string): ExtensionFailure {
  return new ExtensionFailure('server_unreachable', t('error_server_unreachable', server));
}

/** `fetch` that turns a network failure or a timeout into `server_unreachable`, naming the address. */
export async function fetchFrom(server: string, url: string, init: RequestInit, timeoutMs: number) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw unreachable(server);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failureOf(server: string, response: Response, body: unknown): ExtensionFailure {
  if (isRecord(body) && typeof body.message === 'string' && typeof body.code === 'string') {
    const code = isErrorCode(body.code) ? body.code : 'internal_error';
    const key = TRANSLATED_CODES[code];
    return new ExtensionFailure(code, key ? t(key) : body.message, response.status);
  }
  // Not Snaplist's error shape: a proxy's page while the server is down, or another site at that address.
  if (response.status >= 500) {
    return new ExtensionFailure('server_unreachable', t('error_server_unreachable', server), response.status);
  }
  return new ExtensionFailure('server_invalid', t('error_not_snaplist', server), response.status);
}

function buildPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

export interface ApiInput<R extends RouteDescriptor> {
  body?: RouteBody<R>;
  /** Values for the route's `:param` segments. */
  params?: Record<string, string>;
  token?: string;
}

/**
 * Calls one contract route on `server` (an origin). The server validates its answers against the route's
 * response schema, so the answer is typed by it; a body that is not JSON at all means the address is not a
 * Snaplist server.
 */
export async function callApi<R extends RouteDescriptor>(
  server: string,
  route: R,
  input: ApiInput<R> = {},
): Promise<RouteResponse<R>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (input.token) headers.Authorization = `Bearer ${input.token}`;
  const init: RequestInit = { method: route.method, headers };
  if (input.body !== undefined && route.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  }
  const url = `${server}/api${buildPath(route.path, input.params)}`;
  const response = await fetchFrom(server, url, init, API_TIMEOUT_MS);
  const body = await readJson(response).catch(() => {
    throw unreachable(server);
  });
  if (!response.ok) throw failureOf(server, response, body);
  if (!isRecord(body)) throw new ExtensionFailure('server_invalid', t('error_not_snaplist', server));
  return body as RouteResponse<R>;
}
