// The one stand-in for the API in the web tests: handlers keyed by the contract's route names and typed by
// the routes (a handler gets the route's body and answers its response, sent with the route's success
// status), every request recorded, and a request nobody stubbed failing the test that made it.
import {
  type ErrorBody,
  type RouteBody,
  type RouteName,
  type RouteResponse,
  type Routes,
  routes,
} from '@snaplist/contract';
import { type Mock, onTestFinished, vi } from 'vitest';

interface SentRequest {
  method: string;
  /** The URL as the app sent it, e.g. `/api/listings/a-1`. */
  url: string;
  headers: Headers;
}

/** One request the app sent to a route. */
export interface RouteRequest<Name extends RouteName> extends SentRequest {
  route: Name;
  /** The route's `:name` path segments, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body as the app sent it; undefined without one. */
  body: RouteBody<Routes[Name]>;
}

/** A request to any route; `route` tells which, and narrows the body with it. */
export type ApiRequest = { [Name in RouteName]: RouteRequest<Name> }[RouteName];

/** A request outside the route table (a signed upload link, a photo file), answered by `elsewhere`. */
export interface OutsideRequest extends SentRequest {
  route: null;
}

/** The route's success body (sent with its success status), or a whole Response: an error, a held answer. */
type Answer<Name extends RouteName> = RouteResponse<Routes[Name]> | Response;

export type RouteHandler<Name extends RouteName> = (
  request: RouteRequest<Name>,
) => Answer<Name> | Promise<Answer<Name>>;

/** Per route, a handler or the success body it always answers. */
export type ApiHandlers = { [Name in RouteName]?: RouteHandler<Name> | RouteResponse<Routes[Name]> };

export interface StubApiOptions {
  /**
   * Answers fetches outside the route table: signed upload links, photo files. Undefined for a URL it does
   * not expect, which then fails the test as an unstubbed route does.
   */
  elsewhere?: (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;
}

export interface ApiStub {
  /** Every request, in the order sent: to routes, and outside them (`route` null). */
  requests: (ApiRequest | OutsideRequest)[];
  requestsTo<Name extends RouteName>(name: Name): RouteRequest<Name>[];
  /** The fetch stand-in itself, to check that nothing at all was sent. */
  fetch: Mock<typeof fetch>;
}

interface RouteMatcher {
  name: RouteName;
  method: string;
  pattern: RegExp;
}

const matchers: RouteMatcher[] = (Object.keys(routes) as RouteName[]).map((name) => ({
  name,
  method: routes[name].method,
  pattern: new RegExp(`^/api${routes[name].path.replace(/:([A-Za-z0-9_]+)/g, '(?<$1>[^/]+)')}$`),
}));

/** An error answer in the API's error shape. */
export function apiError(status: number, body: ErrorBody): Response {
  return Response.json(body, { status });
}

/**
 * Replaces fetch for the current test (the page tests' `vi.unstubAllGlobals` puts it back). A request to a
 * route without a handler, or outside the route table without `elsewhere`, is refused as a network error
 * and fails the test when it ends, whatever the page made of the error.
 */
export function stubApi(handlers: ApiHandlers, options: StubApiOptions = {}): ApiStub {
  const requests: (ApiRequest | OutsideRequest)[] = [];
  const unexpected: string[] = [];

  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const headers = new Headers(init?.headers);
    const matched = matchers
      .filter((matcher) => matcher.method === method)
      .map((matcher) => ({ matcher, found: matcher.pattern.exec(pathname) }))
      .find(({ found }) => found !== null);
    if (!matched) {
      const answer = options.elsewhere?.(url, init);
      if (answer === undefined) return refuse(`${method} ${url}`);
      requests.push({ route: null, method, url, headers });
      return answer;
    }
    const { name } = matched.matcher;
    const handler = handlers[name];
    if (handler === undefined) return refuse(`${method} ${url} (${name})`);

    const params = Object.fromEntries(
      Object.entries(matched.found?.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]),
    );
    const request = {
      route: name,
      method,
      url,
      params,
      query: searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      headers,
    } as ApiRequest;
    requests.push(request);
    // Each handler is stored under its own route's name, so it takes that route's request.
    const answer = await (typeof handler === 'function'
      ? (handler as (request: ApiRequest) => unknown)(request)
      : handler);
    return answer instanceof Response ? answer : Response.json(answer, { status: routes[name].status });
  });

  function refuse(call: string): never {
    unexpected.push(call);
    throw new TypeError(`stubApi: nothing answers ${call}; give the test a handler for it`);
  }

  onTestFinished(() => {
    if (unexpected.length > 0) {
      throw new Error(`stubApi: requests the test did not stub:\n${unexpected.join('\n')}`);
    }
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    // A request is recorded with the route it matched, so those under `name` are that route's requests.
    requestsTo: <Name extends RouteName>(name: Name) =>
      requests.filter((request) => request.route === name) as RouteRequest<Name>[],
    fetch: fetchStub,
  };
}
