// Registers a contract route descriptor on Fastify: the descriptor's schemas validate the request (body, path
// parameters, query string) and serialise the response, and the handler is typed against them. A descriptor
// that `produces` another media type (a CSV file) sends the handler's body as it is, with that type; one
// that wants the `rawBody` (a signed webhook) gets the exact bytes that arrived, whatever their type.
import type { Readable } from 'node:stream';
import { ErrorBodySchema, type RouteDescriptor } from '@snaplist/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAuth } from './authenticate';

/** What a schema that may be absent parses to: unknown when the descriptor has none. */
type Parsed<T> = [Exclude<T, undefined>] extends [never] ? unknown : z.output<Exclude<T, undefined>>;

/** A JSON route answers its response schema's type; a route that produces a file answers its bytes. */
export type RouteResult<R extends RouteDescriptor> = undefined extends R['produces']
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
  // For OpenAPI a file response is described under its media type; Fastify skips serialising it.
  const success = produces
    ? { content: { [produces]: { schema: descriptor.response } } }
    : descriptor.response;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: descriptor.method,
    url: descriptor.path,
    schema: {
      summary: descriptor.summary,
      tags: [descriptor.tag],
      ...(descriptor.body ? { body: descriptor.body } : {}),
      ...(descriptor.params ? { params: descriptor.params } : {}),
      ...(descriptor.query ? { querystring: descriptor.query } : {}),
      ...(descriptor.auth ? { security: [{ bearerAuth: [] }] } : {}),
      response: { [descriptor.status]: success, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
    },
    // Before the body is read: a signed-out caller learns nothing from validation and costs no parsing.
    ...(descriptor.auth ? { onRequest: requireAuth } : {}),
    handler: async (request, reply) => {
      const result = await handler(request as Parameters<RouteHandler<R>>[0], reply);
      if (produces) reply.type(produces.startsWith('text/') ? `${produces}; charset=utf-8` : produces);
      return reply.status(descriptor.status).send(result);
    },
  });
}
