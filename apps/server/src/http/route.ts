// Registers a contract route descriptor on Fastify: the descriptor's schemas validate the request (body, path
// parameters, query string) and serialise the response, and the handler is typed against them. A descriptor
// that `produces` another media type (a CSV file) sends the handler's body as it is, with that type; one
// that wants the `rawBody` (a signed webhook) gets the exact bytes that arrived, whatever their type; one that
// takes an `urlencoded` HTML form (Apple's form_post) parses that and nothing else; one whose status is 303
// sends the browser on to the address its handler returns.
import type { Readable } from 'node:stream';
import fastifyFormbody from '@fastify/formbody';
import {
  cleanRequestText,
  ErrorBodySchema,
  type ErrorStatus,
  fieldIssue,
  MAX_REQUEST_DEPTH,
  type RouteDescriptor,
  routeErrorStatuses,
} from '@snaplist/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors';
import { requireAuth } from './authenticate';

/** What a schema that may be absent parses to: unknown when the descriptor has none. */
type Parsed<T> = [Exclude<T, undefined>] extends [never] ? unknown : z.output<Exclude<T, undefined>>;

/**
 * A JSON route answers its response schema's type; a route that produces a file answers its bytes; a 303
 * answers the address to send the browser to.
 */
export type RouteResult<R extends RouteDescriptor> = R['status'] extends 303
  ? string
  : undefined extends R['produces']
    ? z.output<R['response']>
    : Readable | Buffer | string;

/** The body a handler gets: the bytes for a raw-body route, else what the body schema parses to. */
type RouteBody<R extends RouteDescriptor> = R['rawBody'] extends true
  ? Buffer
  : R['body'] extends z.ZodType
    ? z.output<R['body']>
    : undefined;

export type RouteHandler<R extends RouteDescriptor> = (
  request: FastifyRequest & {
    body: RouteBody<R>;
    params: Parsed<R['params']>;
    query: Parsed<R['query']>;
  },
  reply: FastifyReply,
) => Promise<RouteResult<R>>;

export function registerRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: RouteHandler<R>,
): void {
  if (descriptor.urlencoded) {
    // An HTML form posts here (Apple's form_post); every other route still takes JSON only.
    void app.register(async (scoped) => {
      scoped.removeAllContentTypeParsers();
      await scoped.register(fastifyFormbody);
      addRoute(scoped, descriptor, handler);
    });
    return;
  }
  if (!descriptor.rawBody) {
    addRoute(app, descriptor, handler);
    return;
  }
  // A signature covers the exact bytes, so nothing may parse them first. The parser that keeps them as they
  // are lives in a plugin of its own: every other route still parses JSON (and refuses anything else).
  void app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    addRoute(scoped, descriptor, async (request, reply) => {
      // A request with no body at all has nothing to parse; its (empty) bytes fail the signature check.
      if (!Buffer.isBuffer(request.body)) request.body = Buffer.alloc(0) as RouteBody<R>;
      return handler(request, reply);
    });
  });
}

function addRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: RouteHandler<R>,
): void {
  const produces = descriptor.produces;
  const redirects = descriptor.status === 303;
  // For OpenAPI a file response is described under its media type; Fastify skips serialising it. A redirect
  // has an empty body; what matters is its Location header.
  const success = produces
    ? { content: { [produces]: { schema: descriptor.response } } }
    : redirects
      ? {
          description: 'See Other: the Location header',
          content: { 'text/plain': { schema: descriptor.response } },
        }
      : descriptor.response;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: descriptor.method,
    url: descriptor.path,
    schema: routeSchema(descriptor, { [descriptor.status]: success, ...errorResponses(descriptor) }),
    // Before the body is read: a signed-out caller learns nothing from validation and costs no parsing.
    ...(descriptor.auth ? { onRequest: requireAuth } : {}),
    // Before the schemas: one rule for every string, whatever field it is in (decision 019).
    preValidation: applyTextRule({ body: !descriptor.rawBody && !descriptor.multipart }),
    handler: async (request, reply) => {
      const result = await handler(request as Parameters<RouteHandler<R>>[0], reply);
      if (redirects) return reply.redirect(String(result), 303);
      if (produces) reply.type(produces.startsWith('text/') ? `${produces}; charset=utf-8` : produces);
      return reply.status(descriptor.status).send(result);
    },
  });
}

/** What Fastify validates and the OpenAPI document shows for the route, with these responses by status. */
export function routeSchema(descriptor: RouteDescriptor, response: Record<number, unknown>) {
  return {
    summary: descriptor.summary,
    tags: [descriptor.tag],
    ...(descriptor.body ? { body: descriptor.body } : {}),
    ...(descriptor.urlencoded ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
    ...(descriptor.params ? { params: descriptor.params } : {}),
    ...(descriptor.query ? { querystring: descriptor.query } : {}),
    ...(descriptor.auth ? { security: [{ bearerAuth: [] }] } : {}),
    response,
  };
}

/** The `Error` body under each status the route can fail with, so the OpenAPI document lists them all. */
export function errorResponses(descriptor: RouteDescriptor): Record<number, typeof ErrorBodySchema> {
  return errorBodiesFor(routeErrorStatuses(descriptor));
}

/** The `Error` body under each of these statuses, for routes outside the contract (local storage, checkout). */
export function errorBodiesFor(statuses: readonly ErrorStatus[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
}

/**
 * A preValidation hook for the string rule (decision 019): path, query and, when `body` says it is parsed
 * JSON, the body. Raw bytes (an upload, a signed webhook) are left as they are.
 */
export function applyTextRule(options: { body: boolean }) {
  return async (request: FastifyRequest): Promise<void> => {
    if (options.body && request.body !== undefined) request.body = cleanText(request.body);
    request.params = cleanText(request.params);
    request.query = cleanText(request.query);
  };
}

/**
 * The request part with bidi controls removed; a control character, or arrays and objects nested past
 * MAX_REQUEST_DEPTH, refuses the request with a 400.
 */
function cleanText(value: unknown): unknown {
  const cleaned = cleanRequestText(value);
  if (cleaned.ok) return cleaned.value;
  if (cleaned.issue.code === 'nested_too_deeply') {
    // Like a body that is not JSON: no field is to blame, and the path (0.0.0…) would tell nobody anything.
    throw new AppError(
      'malformed_json',
      400,
      `The request body nests arrays and objects too deeply: at most ${MAX_REQUEST_DEPTH} levels.`,
    );
  }
  const issue = fieldIssue(cleaned.issue.field, cleaned.issue.code);
  throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
}
