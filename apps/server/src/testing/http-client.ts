// Calls a running Snaplist over real HTTP the way a browser or script does. `call` goes through the
// contract's route table, typed both ways: the compiler checks what a test sends and what it reads back.
// `request` sends anything to any path: for what the types forbid (malformed JSON, wrong types, raw bytes,
// multipart) and for URLs outside the route table (pages, signed photo links, the OpenAPI document).
// Test servers in this process and server processes started by a test both speak through it.
import {
  type ErrorBody,
  ErrorBodySchema,
  type RouteBody,
  type RouteDescriptor,
  type RouteResponse,
} from '@snaplist/contract';
import type { z } from 'zod';

export interface TestClient {
  baseUrl: string;
  call<R extends RouteDescriptor>(route: R, ...input: CallArguments<R>): Promise<ApiResponse<R>>;
  request(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: unknown;
  text: string;
  bytes: Buffer;
}

/** What a call to a route takes: its body and path parameters when it has them, and who is calling. */
export type CallInput<R extends RouteDescriptor> = {
  /** The seller's bearer token; left out (or empty) for a signed-out call. */
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
} & BodyInput<R> &
  ParamsInput<R>;

type BodyInput<R extends RouteDescriptor> =
  undefined extends RouteBody<R> ? { body?: RouteBody<R> } : { body: RouteBody<R> };

type ParamsInput<R extends RouteDescriptor> = [Exclude<R['params'], undefined>] extends [never]
  ? { params?: undefined }
  : { params: z.input<Exclude<R['params'], undefined>> };

/** The input may be left out when nothing in it is required (a signed-out GET). */
type CallArguments<R extends RouteDescriptor> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/**
 * A route's answer. Its body is the route's response or the error body: a test reads the error's `code`,
 * `message` and `details` as they are, and the success fields through `expectOk`, which checks the status.
 */
export interface ApiResponse<R extends RouteDescriptor> extends TestResponse {
  route: R;
  body: OneOf<RouteResponse<R>>;
}

type OneOf<Success> = Success extends object
  ? (Success & Absent<ErrorBody, Success>) | (ErrorBody & Absent<Success, ErrorBody>)
  : Success | ErrorBody;

/** The keys only `Of` has, each readable (as undefined) on the other member of the union. */
type Absent<Of, Other> = { [Key in Exclude<keyof Of, keyof Other>]?: undefined };

/**
 * The success body of a call, once its status is the route's success status and the body fits the route's
 * response schema; otherwise it throws with what the server answered.
 */
export function expectOk<R extends RouteDescriptor>(response: ApiResponse<R>): RouteResponse<R> {
  const { route } = response;
  const call = `${route.method} /api${route.path}`;
  if (response.status !== route.status) {
    throw new Error(`${call} answered ${response.status}, not ${route.status}: ${response.text}`);
  }
  const checked = route.response.safeParse(response.body);
  if (!checked.success)
    throw new Error(`${call} answered a body its route does not describe: ${checked.error}`);
  // The body as the server sent it, not zod's copy: a test must see a field the schema would strip.
  return response.body as RouteResponse<R>;
}

/** A raw answer that must be the API's error body: checked against its schema, then typed as one. */
export function asErrorResponse(response: TestResponse): TestResponse & { body: ErrorBody } {
  const checked = ErrorBodySchema.safeParse(response.body);
  if (!checked.success) throw new Error(`Not an error body (${response.status}): ${response.text}`);
  return { ...response, body: response.body as ErrorBody };
}

export function httpClient(baseUrl: string): TestClient {
  async function request(
    method: string,
    urlPath: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers,
      body: encodeBody(options.body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the test reads `text` or `bytes`.
    }
    return { status: response.status, headers: response.headers, body: parsed, text, bytes };
  }

  return {
    baseUrl,
    request,
    async call<R extends RouteDescriptor>(route: R, ...[input]: CallArguments<R>): Promise<ApiResponse<R>> {
      const { token, headers, query, body, params } = (input ?? {}) as CallInput<RouteDescriptor>;
      const search = query ? `?${new URLSearchParams(query)}` : '';
      const answer = await request(route.method, `/api${routePath(route, params)}${search}`, {
        body: body === undefined ? undefined : JSON.stringify(body),
        token,
        headers,
      });
      // The server answers this route's response or an error body; `expectOk` tells which it was.
      return { ...answer, route, body: answer.body as OneOf<RouteResponse<R>> };
    },
  };
}

/** The route's path with its `:name` segments filled in and percent-encoded. */
function routePath(route: RouteDescriptor, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string') throw new Error(`${route.path} needs the path parameter "${name}"`);
    return encodeURIComponent(value);
  });
}

function encodeBody(body: unknown): string | Uint8Array<ArrayBuffer> | undefined {
  if (body === undefined || typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return new Uint8Array(body);
  return JSON.stringify(body);
}
