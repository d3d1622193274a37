import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services;
  registerRoute(app, routes.signup, (request) => auth.signup(request.body, request.ip));
  registerRoute(app, routes.login, (request) => auth.login(request.body, request.ip));
  registerRoute(app, routes.requestPasswordReset, async (request) => {
    await auth.requestPasswordReset(request.body, request.ip);
    return { ok: true as const };
  });
  registerRoute(app, routes.confirmPasswordReset, (request) =>
    auth.confirmPasswordReset(request.body, request.ip),
  );
  registerRoute(app, routes.logout, async (request) => {
    await auth.logout(request.requireSession());
    return { ok: true as const };
  });
}
