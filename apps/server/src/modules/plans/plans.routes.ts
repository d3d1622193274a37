import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function plansRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.plans, async () => app.services.plans.catalogue());
}
