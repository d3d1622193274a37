// Google and Apple sign-in (decision 041): validate with the contract, call OidcService, nothing else.
import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';

export async function oidcRoutes(app: FastifyInstance): Promise<void> {
  const { oidc } = app.services;
  registerRoute(app, routes.authProviders, async () => oidc.providers());
  registerRoute(app, routes.startOidc, (request) =>
    oidc.start(request.params.provider, request.body.language, request.ip),
  );
  registerRoute(app, routes.appleFormPost, async (request) => oidc.appleCallbackPage(request.body));
  registerRoute(app, routes.completeOidc, (request) =>
    oidc.complete(request.params.provider, request.body, request.ip),
  );
  registerRoute(app, routes.linkOidc, (request) =>
    oidc.link(request.params.provider, request.body, request.ip),
  );
  registerRoute(app, routes.sendOidcLinkEmail, async (request) => {
    await oidc.sendLinkEmail(request.params.provider, request.body, request.ip);
    return { ok: true as const };
  });
  registerRoute(app, routes.confirmOidcLink, (request) => oidc.confirmLink(request.body, request.ip));
}
