import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function generationRoutes(app: FastifyInstance): Promise<void> {
  const { generation } = app.services;
  registerRoute(app, routes.createGeneration, (request) =>
    generation.create(request.requireSession().userId, {
      photos: request.body.listingData.photos,
      settings: request.body.listingData.generationSettings,
      language: request.body.language,
      currency: request.body.currency,
    }),
  );
  registerRoute(app, routes.startGeneration, (request) =>
    generation.start(request.requireSession().userId, request.body.id),
  );
}
