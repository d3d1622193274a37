// Registers a contract route descriptor on Fastify: the descriptor's schemas validate the request and
// serialise the response, and the handler is typed against them.
import { ErrorBodySchema, type RouteDescriptor } from '@snaplist/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAuth } from './authenticate';

export type RouteHandler<R extends RouteDescriptor> = (
  request: FastifyRequest & {
    body: R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
    params: [Exclude<R['params'], undefined>] extends [never]
      ? unknown
      : z.output<Exclude<R['params'], undefined>>;
  },
  reply: FastifyReply,
) => Promise<z.output<R['response']>>;

export function registerRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: RouteHandler<R>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: descriptor.method,
    url: descriptor.path,
    schema: {
      summary: descriptor.summary,
      tags: [descriptor.tag],
      ...(descriptor.body ? { body: descriptor.body } : {}),
      ...(descriptor.params ? { params: descriptor.params } : {}),
      ...(descriptor.auth ? { security: [{ bearerAuth: [] }] } : {}),
      response: { [descriptor.status]: descriptor.response, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
    },
    ...(descriptor.auth ? { preHandler: requireAuth } : {}),
    handler: async (request, reply) => {
      const result = await handler(request as Parameters<RouteHandler<R>>[0], reply);
      return reply.status(descriptor.status).send(result);
    },
  });
}
