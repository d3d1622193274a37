import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { refuseCommonPassword } from './common-passwords';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services;
  registerRoute(app, routes.signup, async (request) => {
    refuseCommonPassword(request.body.password, 'password');
    return auth.signup(request.body, request.ip);
  });
  registerRoute(app, routes.login, (request) => auth.login(request.body, request.ip));
  registerRoute(app, routes.requestPasswordReset, async (request) => {
    await auth.requestPasswordReset(request.body, request.ip);
    return { ok: true as const };
  });
  registerRoute(app, routes.confirmPasswordReset, async (request) => {
    refuseCommonPassword(request.body.password, 'password');
    return auth.confirmPasswordReset(request.body, request.ip);
  });
  registerRoute(app, routes.logout, async (request) => {
    await auth.logout(request.requireSession());
    return { ok: true as const };
  });
}
