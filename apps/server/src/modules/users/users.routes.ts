import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { users } = app.services;
  registerRoute(app, routes.authCheck, async (request) => ({
    user: await users.getView(request.requireSession().userId),
  }));
  registerRoute(app, routes.completeOnboarding, async (request) => {
    await users.completeOnboarding(request.requireSession().userId);
    return { ok: true as const };
  });
}
