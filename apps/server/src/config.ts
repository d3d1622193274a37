// The only reader of the environment. Every key is validated at start; a bad configuration stops the
// process with every offending key named, instead of failing later in the middle of a request.
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BACKGROUND_REMOVAL_DEVICES,
  BACKGROUND_REMOVAL_MODELS,
  BACKGROUND_REMOVAL_OUTPUT_FORMATS,
  type BackgroundRemovalDevice,
  type BackgroundRemovalModel,
  type BackgroundRemovalOutputFormat,
  DEFAULT_BACKGROUND_REMOVAL,
} from '@snaplist/contract';
import { z } from 'zod';
import { installedAssetCatalogue } from './platform/background-removal/asset-catalogue';
import { apiVersionWarning } from './platform/marketplaces/shopify/shopify-api-version';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = path.resolve(serverRoot, '../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

const httpUrl = z.url({ protocol: /^https?$/ });

/** Hosts a plain-http OpenID issuer may have: the tests' provider on this machine, never one across a network. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An OpenID Connect issuer: https, or http on this machine only (tests), without a query or fragment. */
const issuerUrl = z.url({ protocol: /^https?$/ }).refine(
  (value) => {
    const url = new URL(value);
    return (url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname)) && !url.search && !url.hash;
  },
  { message: 'an https:// issuer URL (http:// only for localhost or 127.0.0.1)' },
);

/** Apple's key from the developer portal: the .p8 file's PEM, with real line breaks or `\n`. */
const applePrivateKey = z
  .string()
  .transform((value) => value.replace(/\\n/g, '\n').trim())
  .refine(isP256PrivateKey, { message: 'the .p8 key from Apple (a PEM EC P-256 private key)' });

const DEFAULT_BACKGROUND_REMOVAL_PUBLIC_PATH = '/background-removal/';

/**
 * Where the browser finds the background-removal files: a folder of this server (each segment plain, no dot
 * segments, outside the API and the web app's assets), or an http(s) address ending in '/' that the operator fills.
 */
const backgroundRemovalPublicPath = z
  .string()
  .refine(
    (value) =>
      isLocalPublicPath(value)
        ? /^\/(?:[\w~-][\w.~-]*\/)+$/.test(value) && !/^\/(?:api|assets)\//.test(value)
        : URL.canParse(value) && /^https?:\/\/[^/?#]+\/(?:[^?#]*\/)?$/.test(value),
    {
      message:
        "a path on this server starting and ending with '/' (such as /background-removal/, not under /api/ or " +
        "/assets/), or an http:// or https:// address ending in '/'",
    },
  );

/** Ranges Fastify's proxy check knows by name, besides addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_TRUE = new Set(['true', 'yes']);

/**
 * TRUST_PROXY (decision 052): `false`, how many proxies stand in front of the API (hops), or their addresses and
 * CIDR ranges, comma separated. `true` used to trust every X-Forwarded-For entry, the left-most of which the
 * client writes itself: it now means one hop, and start-up says so.
 */
const trustProxySetting = z.string().transform((value, context): TrustProxy => {
  const setting = value.trim().toLowerCase();
  if (setting === 'false' || setting === 'no') return false;
  if (TRUST_PROXY_TRUE.has(setting)) return 1;
  if (/^\d{1,2}$/.test(setting)) return Number(setting) || false;
  const proxies = setting.split(',').map((entry) => entry.trim());
  const unknown = proxies.filter((entry) => !isProxyAddress(entry));
  if (unknown.length === 0) return proxies;
  context.addIssue({
    code: 'custom',
    message:
      "false, a number of proxy hops, or the proxies' addresses and CIDR ranges, comma separated " +
      `(not an address or range: ${unknown.join(', ')})`,
  });
  return z.NEVER;
});

/** Real mail services refuse mail from a made-up domain, so resets and links would never arrive. */
const MAIL_FROM_DEFAULT_NOTE =
  'MAIL_URL is set but MAIL_FROM is not: mail goes out from no-reply@localhost, which mail services refuse. Set ' +
  'MAIL_FROM to an address of a domain your mail service sends for (README, Configuration).';
/** eBay requires every app to handle account deletion notifications before it goes live. */
const EBAY_DELETION_TOKEN_NOTE =
  'eBay is configured without EBAY_DELETION_VERIFICATION_TOKEN: eBay requires every app to take marketplace ' +
  'account deletion notifications. Register PUBLIC_URL/api/marketplaces/ebay/account-deletion with a token in ' +
  "eBay's developer portal and set the same token (docs/ebay-account-deletion.md).";
const TRUST_PROXY_TRUE_NOTE =
  'TRUST_PROXY=true is read as 1: the client is the address the nearest proxy adds to X-Forwarded-For, not one ' +
  'a client writes there itself. Set the number of proxies in front, or their addresses, to silence this ' +
  'note (docs/deployment.md).';

/** `address` or `Display Name <address>`: one sender, no line breaks (they would inject headers). */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n"]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STORAGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_DAYS: positiveInt.max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  WEB_DIST_DIR: z.string().min(1).optional(),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: positiveInt.default(10),
  PASSWORD_RESET_RATE_LIMIT_PER_IP: positiveInt.default(10),
  PASSWORD_RESET_RATE_LIMIT_PER_EMAIL: positiveInt.default(3),
  ACCOUNT_EXPORT_RATE_LIMIT_PER_HOUR: positiveInt.default(5),
  EMAIL_LINK_RATE_LIMIT_PER_USER: positiveInt.default(3),
  MAIL_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(MAIL_FROM_PATTERN, 'an e-mail address, alone or as `Name <address>`')
    .default('Snaplist <no-reply@localhost>'),
  LISTING_AI: z.enum(['local', 'openai']).default('local'),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).max(200).optional(),
  OPENAI_TIMEOUT_SECONDS: positiveInt.max(600).default(60),
  OPENAI_CONCURRENCY: positiveInt.max(64).default(4),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  OPENAI_RESPONSE_FORMAT: z.enum(['json_schema', 'json_object', 'text']).default('json_schema'),
  GENERATION_CONCURRENCY: positiveInt.max(16).default(1),
  GENERATION_TIMEOUT_SECONDS: positiveInt.default(120),
  OCR_WORKERS: positiveInt.max(8).default(1),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPPORT_EMAIL: z.email().default('support@snaplist.app'),
  FREE_AI_LISTINGS: z.coerce.number().int().min(0).default(3),
  FORCE_PAYWALL: booleanFlag.default(false),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,60}$/, 'letters, digits, dots, dashes and underscores only')
    .default('snaplist'),
  GENERATION_ATTEMPTS: positiveInt.max(10).default(3),
  PENDING_GENERATIONS_PER_SELLER: positiveInt.default(5),
  PENDING_UPLOAD_MB_PER_SELLER: positiveInt.default(200),
  UNATTACHED_PHOTO_GRACE_HOURS: positiveInt.default(24),
  SWEEP_INTERVAL_MINUTES: positiveInt.default(15),
  // Crosslisting (decision 033): each marketplace's registered app; unset, that marketplace is not offered.
  EBAY_CLIENT_ID: z.string().min(1).optional(),
  EBAY_CLIENT_SECRET: z.string().min(1).optional(),
  EBAY_RU_NAME: z.string().min(1).optional(),
  EBAY_API_URL: httpUrl.default('https://api.ebay.com'),
  EBAY_AUTH_URL: httpUrl.default('https://auth.ebay.com'),
  EBAY_MARKETPLACE_ID: z
    .string()
    .regex(/^EBAY_[A-Z_]{2,10}$/, 'an eBay marketplace id such as EBAY_GB or EBAY_US')
    .default('EBAY_GB'),
  EBAY_LISTING_URL: httpUrl.default('https://www.ebay.co.uk/itm/'),
  // eBay documents its Media API (photo uploads) on its own host.
  EBAY_MEDIA_URL: httpUrl.default('https://apim.ebay.com'),
  // The token given to eBay with the marketplace account deletion endpoint (32 to 80 of A-Z a-z 0-9 _ -).
  EBAY_DELETION_VERIFICATION_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,80}$/, '32 to 80 letters, digits, underscores or hyphens')
    .optional(),
  ETSY_API_KEY: z.string().min(1).optional(),
  ETSY_SHARED_SECRET: z.string().min(1).optional(),
  ETSY_API_URL: httpUrl.default('https://api.etsy.com'),
  ETSY_AUTH_URL: httpUrl.default('https://www.etsy.com'),
  SHOPIFY_CLIENT_ID: z.string().min(1).optional(),
  SHOPIFY_CLIENT_SECRET: z.string().min(1).optional(),
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'a Shopify API version such as 2026-10')
    .default('2026-10'),
  SHOPIFY_SHOP_URL: z
    .string()
    .refine((value) => value.includes('{shop}') && URL.canParse(value.replace('{shop}', 'shop')), {
      message: 'an http(s) URL holding {shop}, e.g. https://{shop}',
    })
    .default('https://{shop}'),
  MARKETPLACE_TOKEN_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, { message: 'must be 32 bytes in base64' })
    .optional(),
  MARKETPLACE_SYNC_INTERVAL_SECONDS: positiveInt.default(300),
  MARKETPLACE_JOB_ATTEMPTS: positiveInt.max(20).default(5),
  MARKETPLACE_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  // Sign in with Google and Apple (decision 041): unset, the button is not offered.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: issuerUrl.default('https://accounts.google.com'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: applePrivateKey.optional(),
  APPLE_ISSUER: issuerUrl.default('https://appleid.apple.com'),
  OIDC_RATE_LIMIT_PER_IP: positiveInt.default(30),
  OIDC_LINK_EMAIL_RATE_LIMIT_PER_EMAIL: positiveInt.default(3),
  // Background removal on the seller's device (decision 045).
  BACKGROUND_REMOVAL_MODEL: z.enum(BACKGROUND_REMOVAL_MODELS).default(DEFAULT_BACKGROUND_REMOVAL.model),
  BACKGROUND_REMOVAL_DEVICE: z.enum(BACKGROUND_REMOVAL_DEVICES).default(DEFAULT_BACKGROUND_REMOVAL.device),
  BACKGROUND_REMOVAL_OUTPUT_FORMAT: z
    .enum(BACKGROUND_REMOVAL_OUTPUT_FORMATS)
    .default(DEFAULT_BACKGROUND_REMOVAL.outputFormat),
  BACKGROUND_REMOVAL_QUALITY: z.coerce
    .number({ error: 'a number from 0 to 1' })
    .min(0, 'a number from 0 to 1')
    .max(1, 'a number from 0 to 1')
    .default(DEFAULT_BACKGROUND_REMOVAL.quality),
  BACKGROUND_REMOVAL_PUBLIC_PATH: backgroundRemovalPublicPath.default(DEFAULT_BACKGROUND_REMOVAL_PUBLIC_PATH),
});

/** Keys a provider cannot run without: named at start, not discovered at the first checkout. */
const REQUIRED_FOR_PROVIDER: Record<string, readonly string[]> = {
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
};
/** The vision-model engine needs a model name; a key only for a hosted provider (Ollama needs none). */
const REQUIRED_FOR_LISTING_AI: Record<string, readonly string[]> = {
  openai: ['OPENAI_MODEL'],
};
/** A marketplace's app credentials: all of them or none (a half-registered app fails at its first seller). */
const MARKETPLACE_APP_KEYS = {
  ebay: ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET', 'EBAY_RU_NAME'],
  etsy: ['ETSY_API_KEY', 'ETSY_SHARED_SECRET'],
  shopify: ['SHOPIFY_CLIENT_ID', 'SHOPIFY_CLIENT_SECRET'],
} as const;

/** A sign-in provider's keys: all of them or none (a half-configured button fails at the first seller). */
const SIGN_IN_PROVIDER_KEYS = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  apple: ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
} as const;

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /** Unset means: generate one on first start and keep it in DATA_DIR (see platform/secrets.ts). */
  jwtSecret: string | undefined;
  /**
   * Signs links to photos on local disk. Unset means: generated and kept in DATA_DIR, which only one process
   * can use; with REDIS_URL or DATABASE_URL (several processes) start-up refuses local disk without it.
   */
  storageSecret: string | undefined;
  tokenTtlSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /** What start-up tells the operator, as warnings: settings read in a way they may not expect. */
  startupNotes: string[];
  webDistDir: string;
  authRateLimit: { windowSeconds: number; perIp: number; perEmail: number };
  /**
   * Reset-link requests in the same window as sign-in attempts. Per e-mail it is low: each request that
   * passes sends a mail, so the limit is also how many mails a stranger can make a seller receive.
   */
  passwordResetRateLimit: { perIp: number; perEmail: number };
  /** Account exports per seller and hour: each reads every photo of the account from storage. */
  accountExportRateLimit: { perUser: number; windowSeconds: number };
  /**
   * Verification and address-change links one account may ask for in the sign-in window, each kind counted
   * apart: each request that passes sends a mail.
   */
  emailLinkRateLimitPerUser: number;
  mail: MailConfig;
  listingAi: ListingAiConfig;
  generation: { concurrency: number; timeoutMs: number };
  /** Label-reading threads; each holds about 200 MB of language models. */
  ocrWorkers: number;
  payments: PaymentsConfig;
  /** Where sellers write when a checkout fails (shown in the paywall's error toast). */
  supportEmail: string;
  /** PostgreSQL when set; the SQLite file in DATA_DIR otherwise. */
  databaseUrl: string | undefined;
  /** An S3-compatible bucket when S3_BUCKET is set; local disk in DATA_DIR otherwise. */
  s3: S3Config | undefined;
  /** Redis when set: generation jobs go through BullMQ and rate limits are shared; in-process otherwise. */
  redisUrl: string | undefined;
  /** Put before every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** How many times a generation job runs before it ends as failed (queued adapter). */
  generationAttempts: number;
  /** What one seller may have uploaded or announced without it being part of a listing yet. */
  pendingLimits: {
    /** Generations waiting for their photos (upload links not yet expired). */
    generations: number;
    /** Bytes declared for those generations plus photos uploaded alone and not attached to a listing. */
    bytes: number;
  };
  housekeeping: {
    /** Between two sweeps of expired uploads, unattached photos and half-written files. */
    intervalMs: number;
    /** How long a photo uploaded alone may wait to be attached to a listing before it is deleted. */
    unattachedPhotoGraceMs: number;
  };
  plans: {
    /** AI listings every new account gets once, before paying (0 turns the free start off). */
    freeAiListings: number;
    /** Refuse listing creation to everyone without free access, even with an active plan (decision 011). */
    forcePaywall: boolean;
  };
  marketplaces: MarketplacesConfig;
  oidc: OidcConfig;
  backgroundRemoval: BackgroundRemovalConfig;
}

/** Background removal in the seller's browser (decision 045): what it runs and where its files are. */
export interface BackgroundRemovalConfig {
  model: BackgroundRemovalModel;
  /** gpu: WebGPU when the browser has it, WebAssembly on the CPU otherwise; cpu: always WebAssembly. */
  device: BackgroundRemovalDevice;
  outputFormat: BackgroundRemovalOutputFormat;
  /** For jpeg and webp, 0 to 1. */
  quality: number;
  /**
   * A folder this server serves the files under ('/background-removal/'), or an absolute address whose files
   * the operator mirrors (this server then serves none, and trusts that the configured model is there).
   */
  publicPath: string;
}

/** Signing in with Google and Apple (decision 041). */
export interface OidcConfig {
  /** Set only when all its keys are: the provider is then offered. */
  google: GoogleSignInConfig | undefined;
  apple: AppleSignInConfig | undefined;
  /** Starts, completions, link e-mails and link confirmations, each per IP in the sign-in window. */
  perIp: number;
  /** Link e-mails one account can be sent in that window. */
  linkEmailsPerEmail: number;
}

export interface GoogleSignInConfig {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com, or a test provider on this machine. */
  issuer: string;
}

export interface AppleSignInConfig {
  /** The Services ID (not the App ID). */
  clientId: string;
  teamId: string;
  /** The id of the Sign in with Apple key; the client secret JWT names it. */
  keyId: string;
  /** That key's PEM (PKCS #8, EC P-256): signs the client secret JWT. */
  privateKey: string;
  /** https://appleid.apple.com, or a test provider on this machine. */
  issuer: string;
}

/** Crosslisting (decision 033): the marketplaces' apps, how their tokens are kept, and the jobs' pace. */
export interface MarketplacesConfig {
  /** Each one set only when its app credentials are: the marketplace is then offered to sellers. */
  ebay: EbayAppConfig | undefined;
  etsy: EtsyAppConfig | undefined;
  shopify: ShopifyAppConfig | undefined;
  /**
   * Encrypts the sellers' tokens at rest: 32 bytes in base64. Unset means: generated once and kept in
   * DATA_DIR, which one machine only can read; with DATABASE_URL and a marketplace set, start-up requires it.
   */
  tokenKey: string | undefined;
  /** Between two reads of every connected account's sales. */
  syncIntervalMs: number;
  /** Runs of one publishing, update or end job before it fails for good. */
  jobAttempts: number;
  /** Wait before the first retry of a job, doubled for each one after (a Retry-After may ask for longer). */
  retryBaseMs: number;
}

export interface EbayAppConfig {
  /** App ID (Client ID) of the app registered on developer.ebay.com. */
  clientId: string;
  /** Cert ID (Client Secret). */
  clientSecret: string;
  /** The RuName eBay gives the app: its accept URL in eBay's developer portal is our callback page. */
  ruName: string;
  /** https://api.ebay.com, https://api.sandbox.ebay.com, or a test server. */
  apiUrl: string;
  /** https://auth.ebay.com, https://auth.sandbox.ebay.com, or a test server. */
  authUrl: string;
  /** The site listings go on (EBAY_GB, EBAY_US...): its currency, categories and policies. */
  marketplaceId: string;
  /** A live listing's address is this followed by its item id (https://www.ebay.co.uk/itm/). */
  listingUrl: string;
  /** Where the Media API answers (https://apim.ebay.com, its sandbox, or a test server). */
  mediaUrl: string;
  /**
   * The verification token registered with eBay for marketplace account deletion notifications; the endpoint
   * answers eBay's challenge only when it is set.
   */
  deletionVerificationToken: string | undefined;
}

export interface EtsyAppConfig {
  /** The app's keystring, which is also its OAuth client id. */
  apiKey: string;
  sharedSecret: string;
  /** Where the API answers: https://api.etsy.com, or a sandbox or test server. */
  apiUrl: string;
  /** Where sellers grant access: https://www.etsy.com. */
  authUrl: string;
}

export interface ShopifyAppConfig {
  clientId: string;
  clientSecret: string;
  /** Admin API version, e.g. `2026-10`. */
  apiVersion: string;
  /** A shop's base URL with `{shop}` where its domain goes: `https://{shop}` for Shopify itself. */
  shopUrl: string;
}

export interface MailConfig {
  /** SMTP server (smtp:// or smtps://, credentials in the URL); unset: .eml files in DATA_DIR/outbox. */
  url: string | undefined;
  /** The From header of every message. */
  from: string;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself; set for MinIO, Ceph, R2 and other S3-compatible stores. */
  endpoint: string | undefined;
  /** The same store as browsers reach it, when that differs from `endpoint` (a container name inside). */
  publicEndpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (instance role, shared files...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/**
 * Whose word the API takes for a client's address (X-Forwarded-For): nobody's, the nearest N proxies', or that
 * of the proxies at these addresses and ranges.
 */
export type TrustProxy = false | number | string[];

export type ListingAiConfig = { engine: 'local' } | OpenAiConfig;

export interface OpenAiConfig {
  engine: 'openai';
  /** Any server that speaks OpenAI's chat-completions protocol: OpenAI, Gemini, OpenRouter, Ollama, vLLM. */
  baseUrl: string;
  /** Unset for servers that want none (a local Ollama); providers that need one answer 401. */
  apiKey: string | undefined;
  model: string;
  /** One request to the model, retries not included. */
  timeoutMs: number;
  /** Requests in flight at once from this process; more wait their turn. */
  concurrency: number;
  /** Retries with backoff after a 429, a 5xx or a dropped connection. */
  maxRetries: number;
  /** How the reply is asked to be JSON; json_schema falls back by itself where a server refuses it. */
  responseFormat: 'json_schema' | 'json_object' | 'text';
}

export type PaymentsConfig =
  | { provider: 'local' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** A Stripe-compatible endpoint instead of api.stripe.com (a proxy, or the tests' fake). */
      apiUrl: string | undefined;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads `source` (process.env by default); throws ConfigError naming every bad key. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  const missing = [
    ...requiredKeys(present, 'PAYMENT_PROVIDER', REQUIRED_FOR_PROVIDER),
    ...requiredKeys(present, 'LISTING_AI', REQUIRED_FOR_LISTING_AI),
    ...marketplaceKeyProblems(present),
    ...signInProviderKeyProblems(present),
    ...backgroundRemovalModelProblems(present),
  ];
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...missing,
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET,
    storageSecret: env.STORAGE_SECRET,
    tokenTtlSeconds: env.TOKEN_TTL_DAYS * 24 * 60 * 60,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    startupNotes: [
      ...(TRUST_PROXY_TRUE.has(present.TRUST_PROXY?.trim().toLowerCase() ?? '')
        ? [TRUST_PROXY_TRUE_NOTE]
        : []),
      ...(env.MAIL_URL !== undefined && present.MAIL_FROM === undefined ? [MAIL_FROM_DEFAULT_NOTE] : []),
      ...(env.EBAY_CLIENT_ID && !env.EBAY_DELETION_VERIFICATION_TOKEN ? [EBAY_DELETION_TOKEN_NOTE] : []),
      ...(env.SHOPIFY_CLIENT_ID && env.SHOPIFY_CLIENT_SECRET
        ? [apiVersionWarning(env.SHOPIFY_API_VERSION, new Date())].filter(
            (note): note is string => note !== null,
          )
        : []),
    ],
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist')),
    authRateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
    },
    passwordResetRateLimit: {
      perIp: env.PASSWORD_RESET_RATE_LIMIT_PER_IP,
      perEmail: env.PASSWORD_RESET_RATE_LIMIT_PER_EMAIL,
    },
    accountExportRateLimit: { perUser: env.ACCOUNT_EXPORT_RATE_LIMIT_PER_HOUR, windowSeconds: 60 * 60 },
    emailLinkRateLimitPerUser: env.EMAIL_LINK_RATE_LIMIT_PER_USER,
    mail: { url: env.MAIL_URL, from: env.MAIL_FROM },
    listingAi:
      env.LISTING_AI === 'openai'
        ? {
            engine: 'openai',
            baseUrl: env.OPENAI_BASE_URL.replace(/\/$/, ''),
            apiKey: env.OPENAI_API_KEY,
            // Present: its absence was refused above (REQUIRED_FOR_LISTING_AI).
            model: env.OPENAI_MODEL ?? '',
            timeoutMs: env.OPENAI_TIMEOUT_SECONDS * 1000,
            concurrency: env.OPENAI_CONCURRENCY,
            maxRetries: env.OPENAI_MAX_RETRIES,
            responseFormat: env.OPENAI_RESPONSE_FORMAT,
          }
        : { engine: 'local' },
    generation: { concurrency: env.GENERATION_CONCURRENCY, timeoutMs: env.GENERATION_TIMEOUT_SECONDS * 1000 },
    ocrWorkers: env.OCR_WORKERS,
    payments:
      env.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            // Both are present: their absence was refused above (REQUIRED_FOR_PROVIDER).
            secretKey: env.STRIPE_SECRET_KEY ?? '',
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            apiUrl: env.STRIPE_API_URL,
          }
        : { provider: 'local' },
    supportEmail: env.SUPPORT_EMAIL,
    databaseUrl: env.DATABASE_URL,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          publicEndpoint: env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    generationAttempts: env.GENERATION_ATTEMPTS,
    pendingLimits: {
      generations: env.PENDING_GENERATIONS_PER_SELLER,
      bytes: env.PENDING_UPLOAD_MB_PER_SELLER * 1024 * 1024,
    },
    housekeeping: {
      intervalMs: env.SWEEP_INTERVAL_MINUTES * 60 * 1000,
      unattachedPhotoGraceMs: env.UNATTACHED_PHOTO_GRACE_HOURS * 60 * 60 * 1000,
    },
    plans: { freeAiListings: env.FREE_AI_LISTINGS, forcePaywall: env.FORCE_PAYWALL },
    marketplaces: {
      // Each app's keys are all present or all absent: a partial set was refused above.
      ebay:
        env.EBAY_CLIENT_ID && env.EBAY_CLIENT_SECRET && env.EBAY_RU_NAME
          ? {
              clientId: env.EBAY_CLIENT_ID,
              clientSecret: env.EBAY_CLIENT_SECRET,
              ruName: env.EBAY_RU_NAME,
              apiUrl: withoutTrailingSlash(env.EBAY_API_URL),
              authUrl: withoutTrailingSlash(env.EBAY_AUTH_URL),
              marketplaceId: env.EBAY_MARKETPLACE_ID,
              listingUrl: env.EBAY_LISTING_URL,
              mediaUrl: withoutTrailingSlash(env.EBAY_MEDIA_URL),
              deletionVerificationToken: env.EBAY_DELETION_VERIFICATION_TOKEN,
            }
          : undefined,
      etsy:
        env.ETSY_API_KEY && env.ETSY_SHARED_SECRET
          ? {
              apiKey: env.ETSY_API_KEY,
              sharedSecret: env.ETSY_SHARED_SECRET,
              apiUrl: withoutTrailingSlash(env.ETSY_API_URL),
              authUrl: withoutTrailingSlash(env.ETSY_AUTH_URL),
            }
          : undefined,
      shopify:
        env.SHOPIFY_CLIENT_ID && env.SHOPIFY_CLIENT_SECRET
          ? {
              clientId: env.SHOPIFY_CLIENT_ID,
              clientSecret: env.SHOPIFY_CLIENT_SECRET,
              apiVersion: env.SHOPIFY_API_VERSION,
              shopUrl: withoutTrailingSlash(env.SHOPIFY_SHOP_URL),
            }
          : undefined,
      tokenKey: env.MARKETPLACE_TOKEN_KEY,
      syncIntervalMs: env.MARKETPLACE_SYNC_INTERVAL_SECONDS * 1000,
      jobAttempts: env.MARKETPLACE_JOB_ATTEMPTS,
      retryBaseMs: Math.round(env.MARKETPLACE_RETRY_SECONDS * 1000),
    },
    oidc: {
      // Each provider's keys are all present or all absent: a partial set was refused above.
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              issuer: withoutTrailingSlash(env.GOOGLE_ISSUER),
            }
          : undefined,
      apple:
        env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY
          ? {
              clientId: env.APPLE_CLIENT_ID,
              teamId: env.APPLE_TEAM_ID,
              keyId: env.APPLE_KEY_ID,
              privateKey: env.APPLE_PRIVATE_KEY,
              issuer: withoutTrailingSlash(env.APPLE_ISSUER),
            }
          : undefined,
      perIp: env.OIDC_RATE_LIMIT_PER_IP,
      linkEmailsPerEmail: env.OIDC_LINK_EMAIL_RATE_LIMIT_PER_EMAIL,
    },
    backgroundRemoval: {
      model: env.BACKGROUND_REMOVAL_MODEL,
      device: env.BACKGROUND_REMOVAL_DEVICE,
      outputFormat: env.BACKGROUND_REMOVAL_OUTPUT_FORMAT,
      quality: env.BACKGROUND_REMOVAL_QUALITY,
      publicPath: env.BACKGROUND_REMOVAL_PUBLIC_PATH,
    },
  };
}

/** A path on this server, as opposed to an address elsewhere. */
export function isLocalPublicPath(publicPath: string): boolean {
  return publicPath.startsWith('/');
}

/**
 * A model this server would have to serve but has not got installed: every seller's browser would fail to load
 * it. Served from elsewhere, the operator answers for what is there.
 */
function backgroundRemovalModelProblems(present: Record<string, string | undefined>): string[] {
  const model = present.BACKGROUND_REMOVAL_MODEL ?? DEFAULT_BACKGROUND_REMOVAL.model;
  const publicPath = present.BACKGROUND_REMOVAL_PUBLIC_PATH ?? DEFAULT_BACKGROUND_REMOVAL_PUBLIC_PATH;
  const known = (BACKGROUND_REMOVAL_MODELS as readonly string[]).includes(model);
  if (!known || !isLocalPublicPath(publicPath)) return [];
  const installed = installedAssetCatalogue().models;
  if ((installed as readonly string[]).includes(model)) return [];
  return [
    `BACKGROUND_REMOVAL_MODEL: ${model} is not installed (@imgly/background-removal-data has ` +
      `${installed.join(', ') || 'no model'}); choose one of those, or serve it yourself from an address in ` +
      'BACKGROUND_REMOVAL_PUBLIC_PATH',
  ];
}

/** A sign-in provider with some of its keys missing, each named. */
function signInProviderKeyProblems(present: Record<string, string | undefined>): string[] {
  return Object.values(SIGN_IN_PROVIDER_KEYS).flatMap((keys) => {
    const given = keys.filter((key) => present[key] !== undefined);
    if (given.length === 0) return [];
    return keys
      .filter((key) => present[key] === undefined)
      .map((key) => `${key}: required with ${given.join(', ')}`);
  });
}

function isP256PrivateKey(pem: string): boolean {
  try {
    const key = crypto.createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/$/, '');
}

/**
 * A marketplace app with some of its keys missing; and, on a shared database, tokens kept with a key that
 * each machine would generate for itself (one process could not read what another wrote).
 */
function marketplaceKeyProblems(present: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  let anyApp = false;
  for (const keys of Object.values(MARKETPLACE_APP_KEYS)) {
    const given = keys.filter((key) => present[key] !== undefined);
    if (given.length === 0) continue;
    anyApp = true;
    for (const key of keys) {
      if (present[key] === undefined) problems.push(`${key}: required with ${given.join(', ')}`);
    }
  }
  if (anyApp && present.DATABASE_URL !== undefined && present.MARKETPLACE_TOKEN_KEY === undefined) {
    problems.push(
      'MARKETPLACE_TOKEN_KEY: required with DATABASE_URL and a marketplace app set: every API and worker ' +
        'process must encrypt sellers’ tokens with the same key (32 bytes in base64, e.g. `openssl rand -base64 32`)',
    );
  }
  return problems;
}

function requiredKeys(
  present: Record<string, string | undefined>,
  switchKey: string,
  required: Record<string, readonly string[]>,
): string[] {
  const choice = present[switchKey] ?? '';
  return (required[choice] ?? [])
    .filter((key) => present[key] === undefined)
    .map((key) => `${key}: required when ${switchKey} is ${choice}`);
}

/** An IPv4 or IPv6 address, alone or as a CIDR block, or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}
