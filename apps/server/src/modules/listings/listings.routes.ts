// HTTP side of listings: validate with the contract, call the service.
import { ExportListingsQuerySchema, routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

// The contract's route() keeps the types of body, params and response but widens `query` and `produces`;
// restating them lets the handler read the parsed query and answer with a stream.
const exportListings = {
  ...routes.exportListings,
  query: ExportListingsQuerySchema,
  produces: 'text/csv' as const,
};

export async function listingsRoutes(app: FastifyInstance): Promise<void> {
  const { listings } = app.services;

  registerRoute(app, routes.getListing, (request) =>
    listings.getView(request.params.id, request.requireSession().userId),
  );
  registerRoute(app, routes.listListings, (request) =>
    listings.list(request.requireSession().userId, request.body),
  );
  registerRoute(app, routes.searchListings, (request) =>
    listings.search(request.requireSession().userId, request.body),
  );
  registerRoute(app, exportListings, async (request, reply) => {
    const file = listings.exportCsv(request.requireSession().userId, request.query.type);
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    reply.header('cache-control', 'no-store');
    return file.body;
  });
  registerRoute(app, routes.createListing, (request) =>
    listings.create(request.requireSession().userId, request.body),
  );
  registerRoute(app, routes.updateListing, (request) =>
    listings.update(request.requireSession().userId, request.params.id, request.body),
  );
  registerRoute(app, routes.answerSuggestion, (request) =>
    listings.answerSuggestion(request.requireSession().userId, request.params.id, request.body),
  );
  registerRoute(app, routes.deleteListing, (request) =>
    listings.deleteOne(request.requireSession().userId, request.params.id),
  );
  registerRoute(app, routes.deleteListings, (request) =>
    listings.deleteMany(request.requireSession().userId, request.body.ids),
  );
}
