// Signing in with Google or Apple (decision 041) through OpenID Connect, authorization code with PKCE.
//
// The web app asks the server to start (`startOidc`): the server keeps the state, nonce and PKCE verifier and
// answers the provider's address and a `browserKey`, a secret the page keeps in memory (or, in redirect mode,
// in session storage). The provider sends the seller back to the web app's /auth/callback/{provider} page with
// `code` and `state` in the query (Apple's `form_post` reaches the server first, which redirects there with the
// same two values). The page hands them, with the browser key, to `completeOidc`: a flow finishes only in the
// browser that started it, so nobody can sign a seller into someone else's account by sending them a link.
//
// A provider's verified e-mail that belongs to an existing password account is not enough to enter it: the
// answer is `link_required`, and the seller proves the account is theirs with its password (`linkOidc`) or
// with a link e-mailed to that address (`sendOidcLinkEmail`, then `confirmOidcLink`).
import { z } from 'zod';
import { UserSchema } from './auth';
import { refusal } from './common/issues';
import { LANGUAGES, MAX_PASSWORD_LENGTH } from './constants';

export const OIDC_PROVIDERS = ['google', 'apple'] as const;
export const OidcProviderSchema = z.enum(OIDC_PROVIDERS).meta({ id: 'OidcProvider' });
export type OidcProvider = z.infer<typeof OidcProviderSchema>;

/** How long a started sign-in may take before its state is refused, and how long a link e-mail works. */
export const OIDC_ATTEMPT_TTL_MINUTES = 10;
export const OIDC_LINK_EMAIL_TTL_MINUTES = 60;

/** The English `message` of the refusals, for API users; the web app translates their codes. */
export const OidcMessages = {
  providerNotConfigured: 'This sign-in method is not set up on this Snaplist server.',
  signInFailed: 'Signing in with this provider did not complete. Please try again.',
  emailUnverified:
    'An account with this email already exists, and the provider has not confirmed the address. Log in with your password.',
  emailUnconfirmed:
    'The provider has not confirmed this email address, so no account can be made with it. Confirm it with the provider, or sign up with your email and a password.',
  emailMissing: 'The provider did not share an email address, which Snaplist needs for your account.',
  linkInvalid: 'This link has expired or was already used. Sign in with Google or Apple again.',
  providerUnreachable: 'The sign-in provider cannot be reached right now. Please try again in a moment.',
} as const;

export const OidcProviderParamsSchema = z.object({ provider: OidcProviderSchema });

export const AuthProvidersResponseSchema = z
  .object({
    providers: z
      .array(OidcProviderSchema)
      .meta({ description: 'The providers this server is configured for' }),
  })
  .meta({ id: 'AuthProviders' });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

export const OidcStartRequestSchema = z
  .object({
    /** The language of any e-mail the flow sends (a link e-mail): the page's. */
    language: z.enum(LANGUAGES).default('en'),
  })
  .meta({ id: 'OidcStartRequest' });
export type OidcStartRequest = z.input<typeof OidcStartRequestSchema>;

export const OidcStartResponseSchema = z
  .object({
    authorizationUrl: z
      .string()
      .meta({ description: "The provider's sign-in page, to open in a popup or this tab" }),
    state: z.string(),
    browserKey: z
      .string()
      .meta({ description: 'Kept by the page that started, never put in an address; required to complete' }),
  })
  .meta({ id: 'OidcStartResponse' });
export type OidcStartResponse = z.infer<typeof OidcStartResponseSchema>;

const StateField = z.string().min(1).max(200);
const BrowserKeyField = z.string().min(1).max(200);

export const OidcCompleteRequestSchema = z
  .object({
    state: StateField,
    code: z.string().min(1).max(2000),
    browserKey: BrowserKeyField,
  })
  .meta({ id: 'OidcCompleteRequest' });
export type OidcCompleteRequest = z.input<typeof OidcCompleteRequestSchema>;

export const OidcOutcomeSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('signed_in'),
      /** True when this sign-in made the account: the web app welcomes, rather than welcomes back. */
      accountCreated: z.boolean(),
      jwtToken: z.string(),
      user: UserSchema,
    }),
    z.object({
      status: z.literal('link_required'),
      provider: OidcProviderSchema,
      email: z.string().meta({ description: 'The existing account the provider’s verified e-mail matches' }),
    }),
  ])
  .meta({ id: 'OidcOutcome' });
export type OidcOutcome = z.infer<typeof OidcOutcomeSchema>;

export const OidcLinkRequestSchema = z
  .object({
    state: StateField,
    browserKey: BrowserKeyField,
    password: z
      .string(refusal('password_required'))
      .min(1, refusal('password_required'))
      .max(MAX_PASSWORD_LENGTH, refusal('password_too_long')),
  })
  .meta({ id: 'OidcLinkRequest' });
export type OidcLinkRequest = z.input<typeof OidcLinkRequestSchema>;

export const OidcLinkEmailRequestSchema = z
  .object({ state: StateField, browserKey: BrowserKeyField, language: z.enum(LANGUAGES).default('en') })
  .meta({ id: 'OidcLinkEmailRequest' });
export type OidcLinkEmailRequest = z.input<typeof OidcLinkEmailRequestSchema>;

export const OidcLinkConfirmRequestSchema = z
  .object({ token: z.string().min(1).max(200) })
  .meta({ id: 'OidcLinkConfirmRequest' });
export type OidcLinkConfirmRequest = z.input<typeof OidcLinkConfirmRequestSchema>;

/**
 * What Apple posts to the server (`response_mode=form_post`): `code` and `state`, or `error` and `state` when the
 * seller cancelled; `user` (their name, on the first sign-in only) is not kept: Snaplist stores no names.
 */
export const AppleFormPostSchema = z
  .object({
    state: z.string().min(1).max(200),
    code: z.string().min(1).max(2000).optional(),
    error: z.string().min(1).max(200).optional(),
    user: z.string().max(10_000).optional(),
  })
  .refine((form) => form.code !== undefined || form.error !== undefined, {
    ...refusal('invalid_value'),
    path: ['code'],
  })
  .meta({ id: 'AppleFormPost' });
export type AppleFormPost = z.input<typeof AppleFormPostSchema>;
