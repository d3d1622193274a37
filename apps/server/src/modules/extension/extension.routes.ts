// HTTP side of the browser extension: validate with the contract, call the service.
import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function extensionRoutes(app: FastifyInstance): Promise<void> {
  const { extension } = app.services;

  registerRoute(app, routes.recordListedOn, (request) =>
    extension.recordListedOn(request.requireSession().userId, request.params.id, request.body),
  );
  registerRoute(app, routes.extensionLinks, (request) => extension.links(request.requireSession().userId));
  registerRoute(app, routes.reportSale, (request) =>
    extension.reportSale(request.requireSession().userId, request.body),
  );
}
