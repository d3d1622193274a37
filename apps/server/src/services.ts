// The composition root (docs/architecture.md): every service, built from the backends the process opened (its
// database, photo storage, queues, mail, clock). The API (app.ts), the worker (worker.ts) and the tests build
// services here and nowhere else. Services get their repositories from one bundle, and one transaction helper
// hands them the same bundle bound to a transaction; no service builds a repository of its own.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { type DatabaseHandle, openDatabase } from './db/open-database';
import { AccountRepository } from './modules/account/account.repository';
import { AccountService } from './modules/account/account.service';
import { StorageDeletionsRepository } from './modules/account/storage-deletions.repository';
import {
  AccountCredentialsRepository,
  EmailLinksRepository,
} from './modules/account-email/account-email.repository';
import { AccountEmailService } from './modules/account-email/account-email.service';
import { PasswordResetTokensRepository, SessionsRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { CurrentPasswordCheck } from './modules/auth/current-password';
import { IdentitiesRepository } from './modules/auth/identities.repository';
import { OidcAttemptsRepository, OidcLinkTokensRepository } from './modules/auth/oidc.repository';
import { OidcService } from './modules/auth/oidc.service';
import { OidcClients } from './modules/auth/oidc-clients';
import { SignInHealth } from './modules/auth/oidc-refusals';
import { argon2Hasher } from './modules/auth/passwords';
import { SessionIssuer } from './modules/auth/session-issuer';
import { createTokenSigner } from './modules/auth/tokens';
import { ConnectionsRepository } from './modules/crosslisting/connections.repository';
import {
  type Crosslisting,
  type CrosslistingOptions,
  createCrosslisting,
} from './modules/crosslisting/crosslisting';
import { PublicationsRepository } from './modules/crosslisting/publications.repository';
import type { PublishingRepositories } from './modules/crosslisting/publishing.service';
import {
  createEbayAccountDeletion,
  type EbayAccountDeletionService,
} from './modules/ebay-account-deletion/ebay-account-deletion.service';
import { ExtensionService } from './modules/extension/extension.service';
import { GenerationProcessor } from './modules/generation/generation.processor';
import { GenerationsRepository } from './modules/generation/generation.repository';
import { GenerationService } from './modules/generation/generation.service';
import { HealthService } from './modules/health/health.service';
import { InstanceSettingsRepository } from './modules/health/instance-settings.repository';
import { StorageIdentity } from './modules/health/storage-identity';
import { Sweeper } from './modules/housekeeping/sweeper';
import { ListingsRepository } from './modules/listings/listings.repository';
import { ListingsService } from './modules/listings/listings.service';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { PaymentsService } from './modules/payments/payments.service';
import { PendingLimits } from './modules/photos/pending-limits';
import { PhotosRepository } from './modules/photos/photos.repository';
import { PhotosService } from './modules/photos/photos.service';
import { PlansService } from './modules/plans/plans.service';
import { UsageRepository } from './modules/plans/usage.repository';
import { ShopifyShopsRepository } from './modules/shopify-webhooks/shopify-shops.repository';
import {
  createShopifyWebhooks,
  type ShopifyWebhooksService,
} from './modules/shopify-webhooks/shopify-webhooks.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { createListingEngine } from './platform/ai/create-listing-engine';
import type { ListingEngine } from './platform/ai/listing-engine';
import { BackgroundMail } from './platform/mail/background-mail';
import { createMailer } from './platform/mail/create-mailer';
import { CheckoutSessionsRepository } from './platform/payments/checkout-sessions.repository';
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
  ebayAccountDeletion: EbayAccountDeletionService;
  /** Shopify's webhooks; undefined without a Shopify app (nothing could check their signature). */
  shopifyWebhooks: ShopifyWebhooksService | undefined;
}

/** Every repository, over the database or over one transaction of it. */
export function repositoriesOf(db: Db) {
  return {
    account: new AccountRepository(db),
    attempts: new OidcAttemptsRepository(db),
    checkoutSessions: new CheckoutSessionsRepository(db),
    connections: new ConnectionsRepository(db),
    credentials: new AccountCredentialsRepository(db),
    deletions: new StorageDeletionsRepository(db),
    emailLinks: new EmailLinksRepository(db),
    generations: new GenerationsRepository(db),
    identities: new IdentitiesRepository(db),
    instanceSettings: new InstanceSettingsRepository(db),
    linkTokens: new OidcLinkTokensRepository(db),
    listings: new ListingsRepository(db),
    payments: new PaymentsRepository(db),
    shopifyShops: new ShopifyShopsRepository(db),
    photos: new PhotosRepository(db),
    publications: new PublicationsRepository(db),
    resets: new PasswordResetTokensRepository(db),
    sessions: new SessionsRepository(db),
    usage: new UsageRepository(db),
    users: new UsersRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositoriesOf>;

/** Runs `work` in one transaction, with every repository bound to it: all of its writes or none. */
export type Transaction = <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;

export function transactionOver(db: Db): Transaction {
  return (work) => db.transaction().execute((trx) => work(repositoriesOf(trx)));
}

/** The pause between an account's log-in attempts once it is past its failure limit (decision 052). */
const LOGIN_PAUSE_MS = 1000;

/** What a process opened before its services can be built. */
export interface Backends {
  database: DatabaseHandle;
  storage: PhotoStorage;
  storageIdentity: StorageIdentity;
  queue: GenerationQueue;
  rateLimiters: RateLimiters;
  payments: PaymentProvider;
  crosslisting: Crosslisting;
  mail: BackgroundMail;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How a log-in past its account's failure limit waits its turn's pause; tests record and release it. */
  pause?: (milliseconds: number) => Promise<void>;
}

/** What a process opened, and how to close it all again, in order (the database last). */
export interface OpenedBackends extends Backends {
  engine: ListingEngine;
  sweeper: Sweeper;
  close(): Promise<void>;
}

/**
 * Opens every backend the configuration names, checking each as it goes: the database, the photo storage, the
 * listing engine and the generation queue that runs it, the rate limiters, mail, payments and crosslisting.
 */
export async function openBackends(
  config: Config,
  { log, now, pause }: Pick<Backends, 'log' | 'now' | 'pause'>,
): Promise<OpenedBackends> {
  assertLocalStorageShareable(config);
  const database = await openDatabase(config);
  const { db } = database;
  const storage = createPhotoStorage(config, now);
  await assertStorageReachable(config, storage).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  const engine = createListingEngine(config, log);
  const queue = await createGenerationQueue(
    config,
    (id) => createGenerationProcessor({ db, storage, engine, now }).process(id),
    { log },
  );
  const rateLimiters = await createRateLimiters(config);
  const mail = new BackgroundMail(createMailer(config, log, now), log);
  const crosslisting = await openCrosslisting(config, { db, storage, log, now });
  return {
    database,
    storage,
    storageIdentity: createStorageIdentity(db, storage, now),
    queue,
    rateLimiters,
    payments: createPaymentProvider(config, db, now),
    crosslisting,
    mail,
    log,
    now,
    pause,
    engine,
    sweeper: createSweeper({
      db,
      storage,
      unattachedPhotoGraceMs: config.housekeeping.unattachedPhotoGraceMs,
      now,
    }),
    close: async () => {
      await crosslisting.queue.close();
      await mail.close();
      await queue.close();
      await engine.close();
      await rateLimiters.close();
      await db.destroy();
    },
  };
}

export function createPaymentProvider(config: Config, db: Db, now: () => Date): PaymentProvider {
  return config.payments.provider === 'stripe'
    ? new StripePaymentProvider(config.payments)
    : new LocalPaymentProvider(repositoriesOf(db).checkoutSessions, config.publicUrl, now);
}

/** Plans: entitlements, and the charge and refund of each generation (the worker refunds failed jobs). */
export function createPlans(
  config: Config,
  db: Db,
  provider: PaymentProvider['adapter'],
  now: () => Date,
): PlansService {
  return new PlansService({
    ...repositoriesOf(db),
    transaction: transactionOver(db),
    freeAiListings: config.plans.freeAiListings,
    forcePaywall: config.plans.forcePaywall,
    supportEmail: config.supportEmail,
    provider,
    now,
  });
}

/** The generation job's runner; `refund` gives a failed job's charge back (the worker's, decision 025). */
export function createGenerationProcessor(backends: {
  db: Db;
  storage: PhotoStorage;
  engine: ListingEngine;
  refund?: (generationId: string) => Promise<void>;
  now?: () => Date;
}): GenerationProcessor {
  const { db, ...rest } = backends;
  return new GenerationProcessor({ ...repositoriesOf(db), transaction: transactionOver(db), ...rest });
}

export function createSweeper(backends: {
  db: Db;
  storage: PhotoStorage;
  unattachedPhotoGraceMs: number;
  now: () => Date;
}): Sweeper {
  const { db, ...rest } = backends;
  return new Sweeper({ ...repositoriesOf(db), transaction: transactionOver(db), ...rest });
}

/** Crosslisting (decision 033): the marketplaces' adapters, the publishing queue and its jobs, the sales sync. */
export function openCrosslisting(
  config: Config,
  backends: { db: Db } & Omit<CrosslistingOptions, keyof PublishingRepositories | 'transaction'>,
): Promise<Crosslisting> {
  const { db, ...rest } = backends;
  return createCrosslisting(config, { ...repositoriesOf(db), transaction: transactionOver(db), ...rest });
}

/** The storage of this DATA_DIR against the one the database was set up with (decision 051). */
export function createStorageIdentity(db: Db, storage: PhotoStorage, now: () => Date): StorageIdentity {
  return new StorageIdentity(repositoriesOf(db).instanceSettings, storage, now);
}

export function createServices(config: Config, backends: Backends): Services {
  const { database, storage, storageIdentity, queue, payments, rateLimiters, crosslisting, mail, log, now } =
    backends;
  const { db } = database;
  const repositories = repositoriesOf(db);
  const transaction = transactionOver(db);
  const pendingLimits = new PendingLimits(repositories, config.pendingLimits);
  const plans = createPlans(config, db, payments.adapter, now);
  const users = new UsersService(repositories.users, plans, repositories.identities);
  const listings = new ListingsService({
    ...repositories,
    storage,
    plans,
    transaction,
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
      pause: backends.pause,
    }),
  };
  const tokens = createTokenSigner(loadOrCreateSecret(config.dataDir, 'jwt-secret', config.jwtSecret));
  const sessionIssuer = new SessionIssuer(tokens, config.tokenTtlSeconds, now);
  const oidcClients = new OidcClients(config.oidc, config.publicUrl, now);
  const signInHealth = new SignInHealth((provider) => oidcClients.probe(provider), now);
  const currentPassword = new CurrentPasswordCheck({
    passwords: argon2Hasher,
    failuresPerUser: limit('account-password-user', perEmail),
    sessions: repositories.sessions,
    now,
  });
  const accountEmail = new AccountEmailService({
    ...repositories,
    userViews: users,
    transaction,
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
      ...repositories,
      userViews: users,
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
      transaction,
      mail,
      publicUrl: config.publicUrl,
      onSignedUp: (user, language) => accountEmail.sendVerificationAfterSignup(user, language),
      now,
    }),
    accountEmail,
    // Leaving (decision 043): the export zip and the account's deletion.
    account: new AccountService({
      ...repositories,
      userViews: users,
      listings,
      storage,
      payments,
      currentPassword,
      exportLimiter: rateLimiters.create('account-export-user', {
        points: config.accountExportRateLimit.perUser,
        windowSeconds: config.accountExportRateLimit.windowSeconds,
      }),
      transaction,
      log,
      now,
    }),
    oidc: new OidcService({
      ...repositories,
      clients: oidcClients,
      userViews: users,
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
      transaction,
      mail,
      publicUrl: config.publicUrl,
      log,
      health: signInHealth,
      now,
    }),
    users,
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
      ...repositories,
      listings,
      plans,
      storage,
      queue,
      pendingLimits,
      transaction,
      now,
    }),
    listings,
    photos: new PhotosService(
      repositories.photos,
      storage,
      (key) => listings.signedPhotoUrl(key),
      pendingLimits,
      now,
    ),
    plans,
    payments: new PaymentsService({
      ...repositories,
      provider: payments,
      transaction,
      publicUrl: config.publicUrl,
      now,
    }),
    crosslisting,
    extension: new ExtensionService({
      ...repositories,
      transaction,
      publishing: crosslisting.publishing,
      now,
    }),
    ebayAccountDeletion: createEbayAccountDeletion(config, db, log, now),
    shopifyWebhooks: createShopifyWebhooks(config, {
      shops: repositories.shopifyShops,
      publications: repositories.publications,
      publishing: crosslisting.publishing,
      log,
      now,
    }),
  };
}
