import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, registerRoute, routeSchema } from '../../http/route';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.liveness, async () => ({ status: 'ok' as const }));

  // Readiness answers 503 with the same body when a backend fails, so load balancers and people both read it.
  const { readiness } = routes;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: readiness.method,
    url: readiness.path,
    // After the error bodies: its 503 is the report, as the database being away is one of its checks.
    schema: routeSchema(readiness, {
      ...errorResponses(readiness),
      200: readiness.response,
      503: readiness.response,
    }),
    handler: async (_request, reply) => {
      const report = await app.services.health.readiness();
      return reply.status(report.status === 'ok' ? 200 : 503).send(report);
    },
  });
}
