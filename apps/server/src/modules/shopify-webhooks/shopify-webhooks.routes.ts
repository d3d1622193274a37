// POST /api/webhooks/shopify: the one address every Shopify webhook topic of the app is subscribed to, called by
// Shopify only (no session). The signature covers the exact bytes, so the body reaches the service unparsed.
import { type RouteDescriptor, WebhookResponseSchema } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import type { ShopifyWebhooksService } from './shopify-webhooks.service';

export const shopifyWebhookRoute = {
  method: 'POST',
  path: '/webhooks/shopify',
  summary: "Shopify's webhooks (X-Shopify-Hmac-Sha256): compliance topics, app/uninstalled, orders/create",
  tag: 'crosslisting',
  auth: false,
  body: undefined,
  rawBody: true,
  response: WebhookResponseSchema,
  status: 200,
  errors: [400, 401],
} as const satisfies RouteDescriptor;

/** Registered only where a Shopify app is configured: without its secret no webhook could be checked. */
export function shopifyWebhookRoutes(service: ShopifyWebhooksService) {
  return async (app: FastifyInstance): Promise<void> => {
    registerRoute(app, shopifyWebhookRoute, async (request) => {
      await service.receive({
        body: request.body,
        hmac: header(request.headers['x-shopify-hmac-sha256']),
        topic: header(request.headers['x-shopify-topic']),
        shopDomain: header(request.headers['x-shopify-shop-domain']),
      });
      return { received: true as const };
    });
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
