// Builds the Fastify app: adapters chosen by configuration, then plugins, the error handler, the API
// modules under /api, the OpenAPI document, and the web app.
import crypto from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { decorateSession } from './http/authenticate';
import { handleError } from './http/error-handler';
import { transformOpenApiDocument } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { fastifyTrustProxy } from './http/trust-proxy';
import { serveWebApp } from './http/web-app';
import { accountRoutes } from './modules/account/account.routes';
import { accountEmailRoutes } from './modules/account-email/account-email.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { oidcRoutes } from './modules/auth/oidc.routes';
import { backgroundRemovalRoutes } from './modules/background-removal/background-removal.routes';
import { crosslistingRoutes } from './modules/crosslisting/crosslisting.routes';
import { startSalesSyncTimer } from './modules/crosslisting/sales-sync';
import { ebayAccountDeletionRoutes } from './modules/ebay-account-deletion/ebay-account-deletion.routes';
import { extensionRoutes } from './modules/extension/extension.routes';
import { generationRoutes } from './modules/generation/generation.routes';
import { healthRoutes } from './modules/health/health.routes';
import { type Sweeper, startSweeping } from './modules/housekeeping/sweeper';
import { listingsRoutes } from './modules/listings/listings.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { photosRoutes } from './modules/photos/photos.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { shopifyWebhookRoutes } from './modules/shopify-webhooks/shopify-webhooks.routes';
import { usersRoutes } from './modules/users/users.routes';
import { localCheckoutRoutes } from './platform/payments/local-checkout.routes';
import { LocalPaymentProvider } from './platform/payments/local-payments';
import { LocalPhotoStorage } from './platform/storage/local-storage';
import { localStorageRoutes } from './platform/storage/local-storage.routes';
import { createServices, openBackends, repositoriesOf, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    db: Db;
    /** Deletes expired uploads and leftovers; runs by itself, exposed so tests can run it when they need. */
    sweeper: Sweeper;
  }
}

export interface BuildOptions {
  /** Load the listing engine's models in the background once the app is ready (the real server does). */
  warmUpEngine?: boolean;
  /** Where logs go (stdout by default); tests read them to prove secrets never reach them. */
  logStream?: NodeJS.WritableStream;
  /** The clock every service reads; tests move it to see a month of usage roll over. */
  now?: () => Date;
  /** How a log-in past its account's failure limit waits its turn's pause; tests record and release it. */
  pause?: (milliseconds: number) => Promise<void>;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.jwtToken', '*.token'],
        censor: '[redacted]',
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // A bad or over-long URL is refused before routing; our handler answers it, not Fastify's echoing body.
    frameworkErrors: handleError,
  });
  for (const note of config.startupNotes) app.log.warn(note);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // The API speaks JSON only; a text body is a client mistake that deserves a 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const now = options.now ?? (() => new Date());
  const backends = await openBackends(config, { log: app.log, now, pause: options.pause });
  const { database, storage, storageIdentity, queue, engine, mail, sweeper, crosslisting, payments } =
    backends;
  const { db } = database;
  // Another DATA_DIR than the database's is logged here and fails readiness with the reason (decision 051).
  const storageMismatch = await storageIdentity.mismatch();
  if (storageMismatch !== null) app.log.error({ dataDir: config.dataDir }, storageMismatch);
  void mail.reportIfUnavailable();
  app.decorate('sweeper', sweeper);
  let stopSweeping = async () => {};
  app.addHook('onReady', async () => {
    // On Redis the workers' repeatable job sweeps after this start-up sweep (platform/queue/bullmq-housekeeping).
    stopSweeping = startSweeping(sweeper, config.redisUrl ? null : config.housekeeping.intervalMs, app.log);
  });
  // Registered before the hook that closes the database, so a sweep under way finishes first.
  app.addHook('onClose', async () => stopSweeping());
  let stopSalesSync = async () => {};
  app.addHook('onReady', async () => {
    // In process, jobs died with the last process; on Redis, one lost while Redis was away is added again.
    const resumed = await crosslisting.publishing.resumeUnfinished();
    if (resumed > 0) app.log.info({ resumed }, 'publishing jobs left unfinished were queued again');
    // On Redis the workers' repeatable job syncs sales (platform/queue/bullmq-publishing-queue).
    if (!config.redisUrl && crosslisting.anyMarketplace) {
      stopSalesSync = startSalesSyncTimer(
        crosslisting.salesSync,
        config.marketplaces.syncIntervalMs,
        app.log,
      );
    }
  });
  app.addHook('onClose', async () => stopSalesSync());
  app.addHook('onClose', async () => backends.close());
  // With workers on Redis the API never runs a job: its engine stays cold and its memory free.
  if (options.warmUpEngine && queue.adapter === 'in-process') {
    app.addHook('onReady', async () => {
      engine
        .warmUp()
        .catch((error: unknown) => app.log.error({ err: error }, 'the listing engine failed to warm up'));
    });
  }
  app.decorate('db', db);
  const services = createServices(config, backends);
  // Only in-process jobs die with this process; on Redis, worker processes may be running them right now.
  const interrupted =
    queue.adapter === 'in-process'
      ? await repositoriesOf(db).generations.failInterrupted(now().toISOString())
      : [];
  // Their sellers did not get a listing: the charge goes back, as after any failed run.
  for (const generationId of interrupted) await services.plans.refundGeneration(generationId);
  if (interrupted.length > 0)
    app.log.warn(
      { interrupted: interrupted.length },
      'generations interrupted by a restart were marked failed and their charges given back',
    );
  app.decorate('services', services);
  decorateSession(app);

  await registerSecurityHeaders(app, config);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Snaplist API',
        version: '0.1.0',
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: transformOpenApiDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own policy, with the hashes of its inline script and style; never framed, like every page.
    staticCSP: true,
    transformStaticCSP: (policy) =>
      policy
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' upgrade-insecure-requests;', ''),
  });

  await app.register(
    async (api) => {
      const moduleRoutes = [
        healthRoutes,
        authRoutes,
        oidcRoutes,
        accountEmailRoutes,
        usersRoutes,
        accountRoutes,
        generationRoutes,
        listingsRoutes,
        photosRoutes,
        plansRoutes,
        paymentsRoutes,
        crosslistingRoutes,
        extensionRoutes,
      ];
      for (const routes of moduleRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );
  // Its settings under /api, and the model files under their own public path (decision 045).
  await app.register(backgroundRemovalRoutes(config.backgroundRemoval));
  // eBay's marketplace account deletion endpoint: public, signed by eBay (docs/ebay-account-deletion.md).
  await app.register(ebayAccountDeletionRoutes(services.ebayAccountDeletion));
  // Shopify's webhooks (compliance topics, app/uninstalled, orders/create): signed by Shopify (docs/marketplaces.md).
  if (services.shopifyWebhooks) {
    await app.register(shopifyWebhookRoutes(services.shopifyWebhooks), { prefix: '/api' });
  }
  if (storage instanceof LocalPhotoStorage) {
    const { generations } = repositoriesOf(db);
    await app.register(
      localStorageRoutes(storage, async (key) => {
        const status = await generations.statusOfUpload(key);
        if (status === 'processing') return 'processing';
        return status === 'awaiting_photos' || status === 'failed' ? 'open' : 'closed';
      }),
    );
  }
  if (payments instanceof LocalPaymentProvider) {
    await app.register(
      localCheckoutRoutes(payments, (event) => services.payments.applyEvent(payments.adapter, event)),
    );
  }
  await serveWebApp(app, config.webDistDir);
  return app;
}
