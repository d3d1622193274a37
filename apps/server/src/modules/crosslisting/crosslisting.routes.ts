// HTTP side of crosslisting: validate with the contract, call the service.
import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function crosslistingRoutes(app: FastifyInstance): Promise<void> {
  const { connections, publishing } = app.services.crosslisting;

  registerRoute(app, routes.marketplaceConnections, (request) =>
    connections.list(request.requireSession().userId),
  );
  registerRoute(app, routes.connectMarketplace, (request) =>
    connections.connect(request.requireSession().userId, request.params.marketplace, request.body),
  );
  registerRoute(app, routes.completeMarketplaceConnection, (request) =>
    connections.complete(request.requireSession().userId, request.params.marketplace, request.body),
  );
  registerRoute(app, routes.saveMarketplaceSettings, (request) =>
    connections.saveSettings(request.requireSession().userId, request.params.marketplace, request.body),
  );
  registerRoute(app, routes.disconnectMarketplace, (request) =>
    connections.disconnect(request.requireSession().userId, request.params.marketplace),
  );
  registerRoute(app, routes.publishListing, (request) =>
    publishing.publish(request.requireSession().userId, request.params.id, request.body),
  );
  registerRoute(app, routes.listingPublications, (request) =>
    publishing.publications(request.requireSession().userId, request.params.id),
  );
  registerRoute(app, routes.publicationsByListing, (request) =>
    publishing.publicationsByListing(request.requireSession().userId, request.body.listingIds),
  );
  registerRoute(app, routes.markListingSold, (request) =>
    publishing.markSold(request.requireSession().userId, request.params.id, request.body.marketplace),
  );
  registerRoute(app, routes.activity, (request) => publishing.activity(request.requireSession().userId));
}
