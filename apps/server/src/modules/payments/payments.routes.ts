import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

// The contract's route() widens `rawBody`; restating it gives the handler the body's bytes.
const paymentWebhook = { ...routes.paymentWebhook, rawBody: true as const };

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.services;
  registerRoute(app, routes.checkout, (request) =>
    payments.checkout(request.requireSession().userId, request.body.plan),
  );
  registerRoute(app, paymentWebhook, async (request) => {
    const result = await payments.receiveWebhook(request.body, request.headers);
    request.log.info(result, 'payment event received');
    return { received: true as const };
  });
}
