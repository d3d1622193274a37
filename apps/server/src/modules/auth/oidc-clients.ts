// The OpenID Connect side of Google and Apple sign-in (decision 041), on openid-client: each configured
// provider's discovery document, fetched on first use and kept, and fetched again on the next request after a
// failure (the provider may be unreachable when the server starts); the authorization address; and the code
// exchange, whose ID token openid-client checks (signature, iss, aud, exp, nonce). Apple authenticates the
// client with an ES256 JWT signed by the team's key instead of a fixed secret.
import crypto from 'node:crypto';
import { OIDC_PROVIDERS, type OidcProvider } from '@snaplist/contract';
import { SignJWT } from 'jose';
import * as client from 'openid-client';
import type { AppleSignInConfig, OidcConfig } from '../../config';

/** The provider cannot be reached (or answered with a server error): try again later. */
export class OidcProviderUnreachable extends Error {
  constructor(provider: OidcProvider, options: { cause: unknown }) {
    super(`The ${provider} sign-in provider cannot be reached`, options);
    this.name = 'OidcProviderUnreachable';
  }
}

/** The provider's answer failed a check, or it refused the code: nothing to retry. */
export class OidcResponseRefused extends Error {
  constructor(provider: OidcProvider, options: { cause: unknown }) {
    super(`The ${provider} sign-in was refused`, options);
    this.name = 'OidcResponseRefused';
  }
}

export interface OidcAuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The ID token's claims Snaplist uses, with Apple's "true"/"false" strings read as booleans. */
export interface OidcIdentityClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

/** How long a request to a provider may take before the provider counts as unreachable. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Apple accepts a client secret for up to 6 months; a short one, renewed every few minutes, is never stale. */
const APPLE_SECRET_LIFETIME_SECONDS = 10 * 60;
const APPLE_SECRET_RENEWAL_MS = 5 * 60 * 1000;
/**
 * How far an ID token's iat, exp and nbf may sit from this machine's clock. Apple's tokens are checked the moment
 * they are minted, so a clock a little behind Apple's would refuse every seller; two minutes is what NTP-synced
 * machines stay well within, and still far below the tokens' lifetime.
 */
const CLOCK_TOLERANCE_SECONDS = 120;

interface ProviderSetup {
  issuer: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  /** Apple asks for name and e-mail only with form_post. */
  responseMode: 'form_post' | undefined;
  /** How the client authenticates at the token endpoint now; Apple's secret is renewed. */
  clientAuth(): Promise<{ auth: client.ClientAuth; renewAt: number }>;
}

export class OidcClients {
  private readonly setups = new Map<OidcProvider, ProviderSetup>();
  private readonly metadata = new Map<OidcProvider, Promise<client.ServerMetadata>>();
  private readonly configurations = new Map<
    OidcProvider,
    { config: client.Configuration; renewAt: number }
  >();

  constructor(
    config: OidcConfig,
    publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    const { google, apple } = config;
    if (google) {
      this.setups.set('google', {
        issuer: google.issuer,
        clientId: google.clientId,
        redirectUri: `${publicUrl}/auth/callback/google`,
        scope: 'openid email',
        responseMode: undefined,
        clientAuth: async () => ({
          auth: client.ClientSecretPost(google.clientSecret),
          renewAt: Number.POSITIVE_INFINITY,
        }),
      });
    }
    if (apple) {
      const key = crypto.createPrivateKey(apple.privateKey);
      this.setups.set('apple', {
        issuer: apple.issuer,
        clientId: apple.clientId,
        redirectUri: `${publicUrl}/api/auth/oidc/apple/callback`,
        scope: 'openid email name',
        responseMode: 'form_post',
        clientAuth: async () => {
          const issuedAt = this.now();
          const secret = await appleClientSecret(apple, key, issuedAt);
          return {
            auth: client.ClientSecretPost(secret),
            renewAt: issuedAt.getTime() + APPLE_SECRET_RENEWAL_MS,
          };
        },
      });
    }
  }

  /** The providers this server is configured for, in the order the buttons show them. */
  configured(): OidcProvider[] {
    return OIDC_PROVIDERS.filter((provider) => this.setups.has(provider));
  }

  isConfigured(provider: OidcProvider): boolean {
    return this.setups.has(provider);
  }

  /** The provider's sign-in address for a new attempt. */
  async authorizationUrl(provider: OidcProvider, request: OidcAuthorizationRequest): Promise<string> {
    const setup = this.setup(provider);
    const config = await this.configuration(provider);
    const parameters: Record<string, string> = {
      redirect_uri: setup.redirectUri,
      scope: setup.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (setup.responseMode) parameters.response_mode = setup.responseMode;
    return client.buildAuthorizationUrl(config, parameters).href;
  }

  /**
   * Proves the provider accepts this server's client id and secret without anyone signing in: a token request
   * with a code that cannot exist is answered `invalid_grant` once the client is accepted, `invalid_client`
   * when it is not. Throws as `exchange` does; resolves when the setup is accepted.
   */
  async probe(provider: OidcProvider): Promise<void> {
    const setup = this.setup(provider);
    const config = await this.configuration(provider);
    try {
      await client.genericGrantRequest(config, 'authorization_code', {
        code: `snaplist-setup-check-${crypto.randomBytes(16).toString('hex')}`,
        redirect_uri: setup.redirectUri,
        code_verifier: crypto.randomBytes(32).toString('base64url'),
      });
    } catch (error) {
      if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') return;
      throw classify(provider, error);
    }
    throw new OidcResponseRefused(provider, { cause: new Error('a made-up code was accepted') });
  }

  /** Exchanges the code of this attempt and answers the ID token's checked claims. */
  async exchange(
    provider: OidcProvider,
    code: string,
    request: OidcAuthorizationRequest,
  ): Promise<OidcIdentityClaims> {
    const setup = this.setup(provider);
    const config = await this.configuration(provider);
    // openid-client reads the authorization response from the address it came back to. The page (or, for
    // Apple, our form_post route) hands over code and state only; where the provider also sends `iss` (RFC
    // 9207, against mix-ups between providers sharing a redirect address), each provider here has its own
    // address and each state is bound to its provider, so the expected issuer is the one to put back.
    const callback = new URL(setup.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', request.state);
    if (config.serverMetadata().authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', config.serverMetadata().issuer);
    }
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' && claims.email !== '' ? claims.email : undefined,
        emailVerified: isTrue(claims.email_verified),
      };
    } catch (error) {
      throw classify(provider, error);
    }
  }

  private setup(provider: OidcProvider): ProviderSetup {
    const setup = this.setups.get(provider);
    if (!setup) throw new Error(`${provider} sign-in is not configured`);
    return setup;
  }

  private async configuration(provider: OidcProvider): Promise<client.Configuration> {
    const kept = this.configurations.get(provider);
    if (kept && kept.renewAt > this.now().getTime()) return kept.config;
    const setup = this.setup(provider);
    const metadata = await this.discover(provider, setup);
    const { auth, renewAt } = await setup.clientAuth();
    const config = new client.Configuration(
      metadata,
      setup.clientId,
      { [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS },
      auth,
    );
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (isPlainHttp(setup.issuer)) client.allowInsecureRequests(config);
    this.configurations.set(provider, { config, renewAt });
    return config;
  }

  /** Fetched once; a failure is forgotten, so the next request tries again. */
  private discover(provider: OidcProvider, setup: ProviderSetup): Promise<client.ServerMetadata> {
    let metadata = this.metadata.get(provider);
    if (!metadata) {
      metadata = client
        .discovery(new URL(setup.issuer), setup.clientId, undefined, undefined, {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Loopback only: config.ts refuses a plain-http issuer anywhere else.
          execute: isPlainHttp(setup.issuer) ? [client.allowInsecureRequests] : [],
        })
        .then((discovered) => discovered.serverMetadata())
        .catch((error: unknown) => {
          this.metadata.delete(provider);
          throw new OidcProviderUnreachable(provider, { cause: error });
        });
      this.metadata.set(provider, metadata);
    }
    return metadata;
  }
}

/** Apple's client secret: a JWT from the team, for the Services ID, to Apple, signed with the team's key. */
async function appleClientSecret(
  apple: AppleSignInConfig,
  key: crypto.KeyObject,
  issuedAt: Date,
): Promise<string> {
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
    .setIssuer(apple.teamId)
    .setSubject(apple.clientId)
    .setAudience(apple.issuer)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + APPLE_SECRET_LIFETIME_SECONDS)
    .sign(key);
}

/** Google sends booleans; Apple sends "true" and "false" as strings. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

function isPlainHttp(issuer: string): boolean {
  return new URL(issuer).protocol === 'http:';
}

/** A provider out of reach (to retry later) is told apart from an answer that failed its checks. */
function classify(provider: OidcProvider, error: unknown): Error {
  if (error instanceof OidcProviderUnreachable) return error;
  const unreachable =
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) ||
    (error instanceof client.ClientError &&
      error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' &&
      error.cause instanceof Response &&
      error.cause.status >= 500);
  return unreachable
    ? new OidcProviderUnreachable(provider, { cause: error })
    : new OidcResponseRefused(provider, { cause: error });
}
