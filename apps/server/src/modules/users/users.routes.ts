import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.authCheck, async (request) => ({
    user: await app.services.users.getView(request.requireSession().userId),
  }));
}
