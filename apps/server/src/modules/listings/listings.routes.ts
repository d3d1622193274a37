import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function listingsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.getListing, (request) =>
    app.services.listings.getView(request.params.id, request.requireSession().userId),
  );
}
