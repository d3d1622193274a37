import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { refuseCommonPassword } from '../auth/common-passwords';

export async function accountEmailRoutes(app: FastifyInstance): Promise<void> {
  const { accountEmail } = app.services;
  registerRoute(app, routes.sendEmailVerification, async (request) => {
    await accountEmail.sendEmailVerification(request.requireSession().userId, request.body.language);
    return { ok: true as const };
  });
  registerRoute(app, routes.confirmEmail, (request) =>
    accountEmail.confirmEmail(request.body.token, request.ip),
  );
  registerRoute(app, routes.changePassword, async (request) => {
    refuseCommonPassword(request.body.newPassword, 'newPassword');
    return accountEmail.changePassword(request.requireSession(), request.body);
  });
  registerRoute(app, routes.changeEmail, (request) =>
    accountEmail.changeEmail(request.requireSession().userId, request.body),
  );
}
