// Builds the Fastify app: adapters chosen by configuration, then plugins, the error handler, the API
// modules under /api, the OpenAPI document, and the web app.
import crypto from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { type DatabaseHandle, openDatabase } from './db/open-database';
import { decorateSession } from './http/authenticate';
import { handleError } from './http/error-handler';
import { transformOpenApiDocument } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { fastifyTrustProxy } from './http/trust-proxy';
import { serveWebApp } from './http/web-app';
import { AccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { AccountService } from './modules/account/account.service';
import { StorageDeletionsRepository } from './modules/account/storage-deletions.repository';
import {
  AccountCredentialsRepository,
  EmailLinksRepository,
} from './modules/account-email/account-email.repository';
import { accountEmailRoutes } from './modules/account-email/account-email.routes';
import { AccountEmailService } from './modules/account-email/account-email.service';
import { PasswordResetTokensRepository, SessionsRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { CurrentPasswordCheck } from './modules/auth/current-password';
import { IdentitiesRepository } from './modules/auth/identities.repository';
import { OidcAttemptsRepository, OidcLinkTokensRepository } from './modules/auth/oidc.repository';
import { oidcRoutes } from './modules/auth/oidc.routes';
import { OidcService } from './modules/auth/oidc.service';
import { OidcClients } from './modules/auth/oidc-clients';
import { SignInHealth } from './modules/auth/oidc-refusals';
import { argon2Hasher } from './modules/auth/passwords';
import { SessionIssuer } from './modules/auth/session-issuer';
import { createTokenSigner } from './modules/auth/tokens';
import { backgroundRemovalRoutes } from './modules/background-removal/background-removal.routes';
import { type Crosslisting, createCrosslisting } from './modules/crosslisting/crosslisting';
import { crosslistingRoutes } from './modules/crosslisting/crosslisting.routes';
import { startSalesSyncTimer } from './modules/crosslisting/sales-sync';
import { extensionRoutes } from './modules/extension/extension.routes';
import { ExtensionService } from './modules/extension/extension.service';
import { GenerationProcessor } from './modules/generation/generation.processor';
import { GenerationsRepository } from './modules/generation/generation.repository';
import { generationRoutes } from './modules/generation/generation.routes';
import { GenerationService } from './modules/generation/generation.service';
import { healthRoutes } from './modules/health/health.routes';
import { HealthService } from './modules/health/health.service';
import { InstanceSettingsRepository } from './modules/health/instance-settings.repository';
import { StorageIdentity } from './modules/health/storage-identity';
import { Sweeper, startSweeping } from './modules/housekeeping/sweeper';
import { ListingsRepository } from './modules/listings/listings.repository';
import { listingsRoutes } from './modules/listings/listings.routes';
import { ListingsService } from './modules/listings/listings.service';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { PaymentsService } from './modules/payments/payments.service';
import { PendingLimits } from './modules/photos/pending-limits';
import { PhotosRepository } from './modules/photos/photos.repository';
import { photosRoutes } from './modules/photos/photos.routes';
import { PhotosService } from './modules/photos/photos.service';
import { plansRoutes } from './modules/plans/plans.routes';
import { createPlansService, type PlansService } from './modules/plans/plans.service';
import { UsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { createListingEngine } from './platform/ai/create-listing-engine';
import { BackgroundMail } from './platform/mail/background-mail';
import { createMailer } from './platform/mail/create-mailer';
import { CheckoutSessionsRepository } from './platform/payments/checkout-sessions.repository';
import { localCheckoutRoutes } from './platform/payments/local-checkout.routes';
import { LocalPaymentProvider } from './platform/payments/local-payments';
import type { PaymentProvider } from './platform/payments/payment-provider';
import { StripePaymentProvider } from './platform/payments/stripe-payments';
import { createGenerationQueue } from './platform/queue/create-generation-queue';
import type { GenerationQueue } from './platform/queue/generation-queue';
import { createAccountQueue } from './platform/rate-limit/account-queue';
import { createRateLimiters, type RateLimiters } from './platform/rate-limit/create-rate-limiters';
import { loadOrCreateSecret } from './platform/secrets';
import {
  assertLocalStorageShareable,
  assertStorageReachable,
  createPhotoStorage,
  describePhotoStorage,
} from './platform/storage/create-photo-storage';
import { LocalPhotoStorage } from './platform/storage/local-storage';
import { localStorageRoutes } from './platform/storage/local-storage.routes';
import type { PhotoStorage } from './platform/storage/photo-storage';

export interface Services {
  auth: AuthService;
  oidc: OidcService;
  account: AccountService;
  accountEmail: AccountEmailService;
  users: UsersService;
  health: HealthService;
  generation: GenerationService;
  listings: ListingsService;
  photos: PhotosService;
  plans: PlansService;
  payments: PaymentsService;
  crosslisting: Crosslisting;
  extension: ExtensionService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    db: Db;
    /** Deletes expired uploads and leftovers; runs by itself, exposed so tests can run it when they need. */
    sweeper: Sweeper;
  }
}

/** The pause between an account's log-in attempts once it is past its failure limit (decision 052). */
const LOGIN_PAUSE_MS = 1000;

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
  assertLocalStorageShareable(config);
  const database = await openDatabase(config);
  const { db } = database;
  const storage = createPhotoStorage(config, now);
  await assertStorageReachable(config, storage).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  // Another DATA_DIR than the database's is logged here and fails readiness with the reason (decision 051).
  const storageIdentity = new StorageIdentity(new InstanceSettingsRepository(db), storage, now);
  const storageMismatch = await storageIdentity.mismatch();
  if (storageMismatch !== null) app.log.error({ dataDir: config.dataDir }, storageMismatch);
  const engine = createListingEngine(config, app.log);
  const queue = await createGenerationQueue(
    config,
    (id) => new GenerationProcessor({ db, storage, engine, now }).process(id),
    { log: app.log },
  );
  const rateLimiters = await createRateLimiters(config);
  const mail = new BackgroundMail(createMailer(config, app.log, now), app.log);
  void mail.reportIfUnavailable();
  const payments = createPaymentProvider(config, db, now);
  const sweeper = new Sweeper({
    db,
    storage,
    unattachedPhotoGraceMs: config.housekeeping.unattachedPhotoGraceMs,
    now,
  });
  app.decorate('sweeper', sweeper);
  let stopSweeping = async () => {};
  app.addHook('onReady', async () => {
    // On Redis the workers' repeatable job sweeps after this start-up sweep (platform/queue/bullmq-housekeeping).
    stopSweeping = startSweeping(sweeper, config.redisUrl ? null : config.housekeeping.intervalMs, app.log);
  });
  // Registered before the hook that closes the database, so a sweep under way finishes first.
  app.addHook('onClose', async () => stopSweeping());
  // Crosslisting (issue 16): publishing jobs and the sales sync, on the generation queue's machinery.
  const crosslisting = await createCrosslisting(config, { db, storage, log: app.log, now });
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
  app.addHook('onClose', async () => {
    await stopSalesSync();
    await crosslisting.queue.close();
  });
  app.addHook('onClose', async () => {
    await mail.close();
    await queue.close();
    await engine.close();
    await rateLimiters.close();
    await db.destroy();
  });
  // With workers on Redis the API never runs a job: its engine stays cold and its memory free.
  if (options.warmUpEngine && queue.adapter === 'in-process') {
    app.addHook('onReady', async () => {
      engine
        .warmUp()
        .catch((error: unknown) => app.log.error({ err: error }, 'the listing engine failed to warm up'));
    });
  }
  app.decorate('db', db);
  const services = createServices(
    config,
    { database, storage, storageIdentity, queue, payments, rateLimiters, crosslisting, mail, log: app.log },
    now,
    options.pause,
  );
  // Only in-process jobs die with this process; on Redis, worker processes may be running them right now.
  const interrupted =
    queue.adapter === 'in-process'
      ? await new GenerationsRepository(db).failInterrupted(now().toISOString())
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
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(oidcRoutes);
      await api.register(accountEmailRoutes);
      await api.register(usersRoutes);
      await api.register(accountRoutes);
      await api.register(generationRoutes);
      await api.register(listingsRoutes);
      await api.register(photosRoutes);
      await api.register(plansRoutes);
      await api.register(paymentsRoutes);
      await api.register(crosslistingRoutes);
      await api.register(extensionRoutes);
    },
    { prefix: '/api' },
  );
  // Its settings under /api, and the model files under their own public path (issue 19, decision 045).
  await app.register(backgroundRemovalRoutes(config.backgroundRemoval));
  if (storage instanceof LocalPhotoStorage) {
    const generations = new GenerationsRepository(db);
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

function createPaymentProvider(config: Config, db: Db, now: () => Date): PaymentProvider {
  return config.payments.provider === 'stripe'
    ? new StripePaymentProvider(config.payments)
    : new LocalPaymentProvider(new CheckoutSessionsRepository(db), config.publicUrl, now);
}

interface Backends {
  database: DatabaseHandle;
  storage: PhotoStorage;
  storageIdentity: StorageIdentity;
  queue: GenerationQueue;
  rateLimiters: RateLimiters;
  payments: PaymentProvider;
  crosslisting: Crosslisting;
  mail: BackgroundMail;
  log: FastifyBaseLogger;
}

function createServices(
  config: Config,
  { database, storage, storageIdentity, queue, payments, rateLimiters, crosslisting, mail, log }: Backends,
  now: () => Date,
  pause: BuildOptions['pause'],
): Services {
  const { db } = database;
  const users = new UsersRepository(db);
  const photos = new PhotosRepository(db);
  const pendingLimits = new PendingLimits(db, config.pendingLimits);
  const plans = createPlansService(db, {
    freeAiListings: config.plans.freeAiListings,
    forcePaywall: config.plans.forcePaywall,
    supportEmail: config.supportEmail,
    provider: payments.adapter,
    now,
  });
  const usersService = new UsersService(users, plans, new IdentitiesRepository(db));
  const listings = new ListingsService({
    listings: new ListingsRepository(db),
    photos,
    storage,
    plans,
    transaction: (work) =>
      db
        .transaction()
        .execute((trx) => work({ listings: new ListingsRepository(trx), photos: new PhotosRepository(trx) })),
    publications: crosslisting.publishing,
    now,
  });
  const limit = (name: string, points: number) =>
    rateLimiters.create(name, { points, windowSeconds: config.authRateLimit.windowSeconds });
  const { perIp, perEmail } = config.authRateLimit;
  const resetLimits = config.passwordResetRateLimit;
  // One set for both ways of proving a password (log-in, and linking Google or Apple to an account with it).
  const loginLimiters = {
    loginPerIp: limit('login-ip', perIp),
    loginFailuresPerEmailAndIp: limit('login-email-ip', perEmail),
    loginAttemptsPerEmail: createAccountQueue({
      failures: limit('login-email', perEmail),
      pauseMs: LOGIN_PAUSE_MS,
      pause,
    }),
  };
  const tokens = createTokenSigner(loadOrCreateSecret(config.dataDir, 'jwt-secret', config.jwtSecret));
  const sessionIssuer = new SessionIssuer(tokens, config.tokenTtlSeconds, now);
  const oidcClients = new OidcClients(config.oidc, config.publicUrl, now);
  const signInHealth = new SignInHealth((provider) => oidcClients.probe(provider), now);
  const currentPassword = new CurrentPasswordCheck({
    passwords: argon2Hasher,
    failuresPerUser: limit('account-password-user', perEmail),
    sessions: new SessionsRepository(db),
    now,
  });
  const accountEmail = new AccountEmailService({
    users,
    userViews: usersService,
    links: new EmailLinksRepository(db),
    transaction: (work) =>
      db.transaction().execute((trx) =>
        work({
          links: new EmailLinksRepository(trx),
          credentials: new AccountCredentialsRepository(trx),
          users: new UsersRepository(trx),
          sessions: new SessionsRepository(trx),
        }),
      ),
    sessionIssuer,
    passwords: argon2Hasher,
    currentPassword,
    limiters: {
      verificationPerUser: limit('email-verification-user', config.emailLinkRateLimitPerUser),
      emailChangePerUser: limit('email-change-user', config.emailLinkRateLimitPerUser),
      confirmPerIp: limit('email-confirm-ip', perIp),
    },
    mail,
    log,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    now,
  });
  return {
    auth: new AuthService({
      users,
      userViews: usersService,
      sessions: new SessionsRepository(db),
      tokens,
      sessionIssuer,
      passwords: argon2Hasher,
      limiters: {
        signupPerIp: limit('signup-ip', perIp),
        signupPerEmail: limit('signup-email', perEmail),
        ...loginLimiters,
        passwordResetPerIp: limit('password-reset-ip', resetLimits.perIp),
        passwordResetPerEmail: limit('password-reset-email', resetLimits.perEmail),
        passwordResetConfirmPerIp: limit('password-reset-confirm-ip', perIp),
      },
      resets: new PasswordResetTokensRepository(db),
      transaction: (work) =>
        db.transaction().execute((trx) =>
          work({
            resets: new PasswordResetTokensRepository(trx),
            users: new UsersRepository(trx),
            sessions: new SessionsRepository(trx),
            identities: new IdentitiesRepository(trx),
            emailLinks: new EmailLinksRepository(trx),
          }),
        ),
      mail,
      publicUrl: config.publicUrl,
      onSignedUp: (user, language) => accountEmail.sendVerificationAfterSignup(user, language),
      now,
    }),
    accountEmail,
    // Leaving (issue 18, decision 043): the export zip and the account's deletion.
    account: new AccountService({
      users,
      userViews: usersService,
      listings,
      account: new AccountRepository(db),
      deletions: new StorageDeletionsRepository(db),
      storage,
      payments,
      currentPassword,
      exportLimiter: rateLimiters.create('account-export-user', {
        points: config.accountExportRateLimit.perUser,
        windowSeconds: config.accountExportRateLimit.windowSeconds,
      }),
      transaction: (work) =>
        db
          .transaction()
          .execute((trx) =>
            work({ account: new AccountRepository(trx), deletions: new StorageDeletionsRepository(trx) }),
          ),
      log,
      now,
    }),
    oidc: new OidcService({
      clients: oidcClients,
      emailLinks: new EmailLinksRepository(db),
      attempts: new OidcAttemptsRepository(db),
      linkTokens: new OidcLinkTokensRepository(db),
      identities: new IdentitiesRepository(db),
      users,
      sessions: new SessionsRepository(db),
      userViews: usersService,
      sessionIssuer,
      passwords: argon2Hasher,
      limiters: {
        startPerIp: limit('oidc-start-ip', config.oidc.perIp),
        completePerIp: limit('oidc-complete-ip', config.oidc.perIp),
        linkEmailPerIp: limit('oidc-link-email-ip', config.oidc.perIp),
        linkEmailPerEmail: limit('oidc-link-email-email', config.oidc.linkEmailsPerEmail),
        confirmLinkPerIp: limit('oidc-link-confirm-ip', config.oidc.perIp),
        ...loginLimiters,
      },
      transaction: (work) =>
        db.transaction().execute((trx) =>
          work({
            attempts: new OidcAttemptsRepository(trx),
            linkTokens: new OidcLinkTokensRepository(trx),
            identities: new IdentitiesRepository(trx),
            users: new UsersRepository(trx),
            sessions: new SessionsRepository(trx),
            emailLinks: new EmailLinksRepository(trx),
          }),
        ),
      mail,
      publicUrl: config.publicUrl,
      log,
      health: signInHealth,
      now,
    }),
    users: usersService,
    health: new HealthService([
      { name: 'database', adapter: database.adapter, ping: () => database.ping() },
      {
        name: 'storage',
        adapter: storage.adapter,
        note: describePhotoStorage(config),
        ping: async () => {
          await storage.ping();
          await storageIdentity.check();
        },
      },
      { name: 'queue', adapter: queue.adapter, ping: () => queue.ping() },
      {
        name: 'publishing',
        adapter: crosslisting.queue.adapter,
        ping: () => crosslisting.queue.ping(),
      },
      { name: 'payments', adapter: payments.adapter, ping: () => payments.ping() },
      ...oidcClients.configured().map((provider) => ({
        name: `signIn:${provider}`,
        adapter: provider,
        ping: () => signInHealth.check(provider),
      })),
    ]),
    generation: new GenerationService({
      generations: new GenerationsRepository(db),
      photos,
      listings,
      plans,
      storage,
      queue,
      pendingLimits,
      transaction: (work) =>
        db
          .transaction()
          .execute((trx) =>
            work({ generations: new GenerationsRepository(trx), photos: new PhotosRepository(trx) }),
          ),
      now,
    }),
    listings,
    photos: new PhotosService(photos, storage, (key) => listings.signedPhotoUrl(key), pendingLimits, now),
    plans,
    payments: new PaymentsService({
      provider: payments,
      users,
      transaction: (work) => db.transaction().execute((trx) => work(new PaymentsRepository(trx))),
      publicUrl: config.publicUrl,
      now,
    }),
    crosslisting,
    extension: new ExtensionService({ db, publishing: crosslisting.publishing, now }),
  };
}
