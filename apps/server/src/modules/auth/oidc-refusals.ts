// Why a provider refused a sign-in, in words an operator can act on (decision 053): a fault of this server's
// setup (a rotated Google secret, a wrong Apple key, an issuer mixed up), a clock that drifted, the provider out
// of reach, or the seller's own attempt (a code used twice, a cancelled consent). Nothing here carries a token,
// a code or an address. What the sign-ins learn about each provider's setup feeds readiness.
import type { OidcProvider } from '@snaplist/contract';
import * as client from 'openid-client';
import { OidcProviderUnreachable, OidcResponseRefused } from './oidc-clients';

export type RefusalCause = 'configuration' | 'clock' | 'unreachable' | 'seller' | 'provider';

export interface SignInRefusal {
  cause: RefusalCause;
  /** Which step or check failed: "token endpoint", "ID token aud", "discovery"... */
  check: string;
  /** The OAuth error code (`invalid_client`) or openid-client's (`OAUTH_JWT_TIMESTAMP_CHECK_FAILED`). */
  error?: string;
  status?: number;
  description?: string;
}

/** Token endpoint errors that only this server's setup can cause (RFC 6749 §5.2). */
const SETUP_ERRORS = new Set([
  'invalid_client',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_request',
]);
/** ID token claims whose mismatch means the setup names the wrong issuer or client. */
const SETUP_CLAIMS = new Set(['iss', 'aud', 'azp']);
const DESCRIPTION_LENGTH = 200;

/** The refusal behind an error from OidcClients; undefined for an error that is not a provider's answer. */
export function describeRefusal(error: unknown): SignInRefusal | undefined {
  if (error instanceof OidcProviderUnreachable) {
    return { cause: 'unreachable', check: 'reaching the provider', description: messageOf(error.cause) };
  }
  if (!(error instanceof OidcResponseRefused)) return undefined;
  const refused = error.cause;
  if (refused instanceof client.ResponseBodyError) {
    return {
      cause: SETUP_ERRORS.has(refused.error) ? 'configuration' : 'seller',
      check: 'token endpoint',
      error: refused.error,
      status: refused.status,
      ...(refused.error_description
        ? { description: refused.error_description.slice(0, DESCRIPTION_LENGTH) }
        : {}),
    };
  }
  if (refused instanceof client.AuthorizationResponseError) {
    return { cause: 'seller', check: 'authorization response', error: refused.error };
  }
  if (refused instanceof client.ClientError) {
    const claim = claimOf(refused);
    const check = claim ? `ID token ${claim}` : 'provider response';
    const error = refused.code;
    if (error === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return { cause: 'clock', check, error };
    if (error === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
      return { cause: claim && SETUP_CLAIMS.has(claim) ? 'configuration' : 'seller', check, error };
    }
    // A signature no key of the issuer's verifies: the setup points at another issuer.
    if (error === 'OAUTH_KEY_SELECTION_FAILED' || /signature/i.test(messageOf(refused.cause))) {
      return { cause: 'configuration', check: 'ID token signature', error };
    }
    return { cause: 'provider', check, ...(error ? { error } : {}), description: messageOf(refused.cause) };
  }
  return { cause: 'provider', check: 'provider response', description: messageOf(refused) };
}

type ProviderState =
  | { kind: 'unchecked' }
  | { kind: 'accepted' }
  | { kind: 'refused'; refusal: SignInRefusal; recheckAt: number };

/** A refused setup is tried again this often by readiness: a restart with new keys is the usual fix. */
const RECHECK_MS = 60 * 1000;

/**
 * Each configured provider's setup as last seen: accepted by a sign-in or by the start-up probe (a token request
 * with a made-up code, which a provider answers `invalid_grant` only once it accepts the client), or refused.
 */
export class SignInHealth {
  private readonly states = new Map<OidcProvider, ProviderState>();

  constructor(
    private readonly probe: (provider: OidcProvider) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  accepted(provider: OidcProvider): void {
    this.states.set(provider, { kind: 'accepted' });
  }

  refused(provider: OidcProvider, refusal: SignInRefusal): void {
    this.states.set(provider, { kind: 'refused', refusal, recheckAt: this.now().getTime() + RECHECK_MS });
  }

  /**
   * Readiness's check: throws, saying what to fix, while the provider refuses this server's setup. A provider
   * out of reach does not fail it (it is not this server's fault, and sign-in answers 503 meanwhile).
   */
  async check(provider: OidcProvider): Promise<void> {
    let state = this.states.get(provider) ?? { kind: 'unchecked' };
    if (state.kind === 'unchecked' || (state.kind === 'refused' && state.recheckAt <= this.now().getTime())) {
      state = await this.probeNow(provider);
    }
    if (state.kind === 'refused') throw new Error(setupRefusedMessage(provider, state.refusal));
  }

  private async probeNow(provider: OidcProvider): Promise<ProviderState> {
    try {
      await this.probe(provider);
      this.accepted(provider);
    } catch (error) {
      const refusal = describeRefusal(error);
      if (refusal?.cause === 'configuration' || refusal?.cause === 'clock') this.refused(provider, refusal);
      else if (refusal?.cause !== 'unreachable') throw error;
    }
    return this.states.get(provider) ?? { kind: 'unchecked' };
  }
}

export function setupRefusedMessage(provider: OidcProvider, refusal: SignInRefusal): string {
  const what = [refusal.error, refusal.description].filter(Boolean).join(': ');
  const keys = provider === 'google' ? 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' : 'the APPLE_* settings';
  const hint = refusal.cause === 'clock' ? "check this machine's clock" : `check ${keys}`;
  return `${provider} refuses this server's sign-in setup at ${refusal.check}${what ? ` (${what})` : ''}: ${hint}`;
}

function claimOf(error: client.ClientError): string | undefined {
  const inner: unknown = error.cause;
  if (typeof inner !== 'object' || inner === null || !('cause' in inner)) return undefined;
  const details: unknown = inner.cause;
  if (typeof details !== 'object' || details === null || !('claim' in details)) return undefined;
  return typeof details.claim === 'string' ? details.claim : undefined;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, DESCRIPTION_LENGTH);
}
