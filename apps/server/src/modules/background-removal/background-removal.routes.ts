// GET /api/background-removal tells the browser how to remove backgrounds. When the public path is a folder of
// this server, the files are served under it: resources.json (checked on every use, so a new model is picked up)
// and the chunks and runtime files it names (cached for good: their names change with their content). They are
// files, not API, so the OpenAPI document leaves them out.
import fs from 'node:fs';
import { routes } from '@snaplist/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BackgroundRemovalConfig } from '../../config';
import { registerRoute } from '../../http/route';
import { installedAssetCatalogue } from '../../platform/background-removal/asset-catalogue';
import { BackgroundRemovalService } from './background-removal.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function backgroundRemovalRoutes(config: BackgroundRemovalConfig) {
  return async (app: FastifyInstance): Promise<void> => {
    const service = new BackgroundRemovalService(config, installedAssetCatalogue());

    await app.register(
      async (api) => {
        registerRoute(api, routes.backgroundRemovalSettings, async () => service.settings());
      },
      { prefix: '/api' },
    );
    if (!service.servesFiles) return;

    const { publicPath } = config;
    app.route({
      method: ['GET', 'HEAD'],
      url: `${publicPath}resources.json`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const { body, etag } = service.resourcesJson();
        reply.header('cache-control', 'no-cache').header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        reply.type('application/json; charset=utf-8');
        return sendUnlessHead(reply, request.method, body, Buffer.byteLength(body));
      },
    });
    // Everything else under the public path: a name the catalogue holds, or a JSON 404 (never the web app's page).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${publicPath}*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const file = service.file((request.params as { '*': string })['*']);
        reply.type(file.contentType).header('cache-control', IMMUTABLE);
        return sendUnlessHead(reply, request.method, () => fs.createReadStream(file.path), file.size);
      },
    });
  };
}

/** A HEAD answer has the GET's headers, its length included, and no body (nothing is read from disk for it). */
function sendUnlessHead(
  reply: FastifyReply,
  method: string,
  body: string | (() => fs.ReadStream),
  size: number,
): FastifyReply {
  reply.header('content-length', size);
  if (method === 'HEAD') return reply.send();
  return reply.send(typeof body === 'function' ? body() : body);
}
