// The one way the web app talks to the API: typed from the contract's route descriptors, JSON in and out,
// bearer token attached, and every failed response turned into an ApiError.
import {
  type ErrorBody,
  type ErrorCode,
  isErrorCode,
  type RouteBody,
  type RouteDescriptor,
  type RouteResponse,
} from '@snaplist/contract';
import { currentToken } from '@/stores/auth';

export const API_BASE = '/api';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /**
   * The server's code (`invalid_credentials`, `email_taken`...), what the app decides and translates by;
   * undefined when the body had none of ours (a proxy's error page).
   */
  readonly code: ErrorCode | undefined;
  /** The parsed response body, or the raw text when it was not JSON. */
  readonly body: unknown;

  constructor(message: string, status: number, code: string | undefined, body: unknown) {
    super(message);
    this.status = status;
    this.code = isErrorCode(code) ? code : undefined;
    this.body = body;
  }

  /** Field issues from a validation_failed answer. */
  get details(): ErrorBody['details'] {
    const details = isRecord(this.body) ? this.body.details : undefined;
    return Array.isArray(details) ? (details as ErrorBody['details']) : undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The response body: parsed JSON, the raw text when it is not JSON, or undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The ApiError for a failed response: the body's message, else the status text. */
export function toApiError(response: Response, body: unknown): ApiError {
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message !== ''
      ? body.message
      : response.statusText || `Request failed with status ${response.status}`;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(message, response.status, code, body);
}

/** What every call sends: it wants JSON back, and it carries the seller's bearer token when there is one. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export interface CallOptions {
  /** Values for the route's `:param` segments. */
  params?: Record<string, string>;
  signal?: AbortSignal;
}

function buildPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * Calls one contract route. The answer is typed by the route's response schema; the server validates its
 * answers against the same schema, so the client does not parse them twice.
 */
export async function callApi<R extends RouteDescriptor>(
  route: R,
  body?: RouteBody<R>,
  options: CallOptions = {},
): Promise<RouteResponse<R>> {
  const headers = requestHeaders();
  const init: RequestInit = { method: route.method, headers };
  if (options.signal) init.signal = options.signal;
  if (body !== undefined && route.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  const response = await fetch(`${API_BASE}${buildPath(route.path, options.params)}`, init);
  const data = await readBody(response);
  if (!response.ok) throw toApiError(response, data);
  return data as RouteResponse<R>;
}
