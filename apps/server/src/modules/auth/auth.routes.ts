import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services;
  registerRoute(app, routes.signup, (request) => auth.signup(request.body, request.ip));
  registerRoute(app, routes.login, (request) => auth.login(request.body, request.ip));
  registerRoute(app, routes.logout, async (request) => {
    await auth.logout(request.requireSession());
    return { ok: true as const };
  });
}
