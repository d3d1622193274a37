// Signing in with Google or Apple (decision 041). `start` keeps an attempt (state, nonce, PKCE
// verifier, the hash of the browser key) and answers the provider's address; `complete` takes the code back,
// once, from the browser that started, and signs in, creates the account, or answers `link_required` when the
// provider's verified e-mail belongs to an existing account: the seller then proves it with its password
// (`link`) or with a link e-mailed to it (`sendLinkEmail`, `confirmLink`). Proving an address that was never
// confirmed ends what a stranger may have set up on the account before (unproven-access.ts, decision 053).
import crypto from 'node:crypto';
import {
  AuthMessages,
  type AuthResponse,
  type Language,
  normaliseEmail,
  OIDC_ATTEMPT_TTL_MINUTES,
  OIDC_LINK_EMAIL_TTL_MINUTES,
  OidcMessages,
  type OidcOutcome,
  type OidcProvider,
  type OidcStartResponse,
  type User,
} from '@snaplist/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/database';
import { AppError } from '../../errors';
import type { MailMessage } from '../../platform/mail/mailer';
import type { AccountQueue } from '../../platform/rate-limit/account-queue';
import { enforceLimit } from '../../platform/rate-limit/enforce-limit';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { SessionsRepository } from './auth.repository';
import type { IdentitiesRepository } from './identities.repository';
import type { OidcAttemptRow, OidcAttemptsRepository, OidcLinkTokensRepository } from './oidc.repository';
import {
  type OidcClients,
  type OidcIdentityClaims,
  OidcProviderUnreachable,
  OidcResponseRefused,
} from './oidc-clients';
import { oidcLinkMail } from './oidc-link-mail';
import { describeRefusal, type SignInHealth, setupRefusedMessage } from './oidc-refusals';
import type { PasswordHasher } from './passwords';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import type { SessionIssuer } from './session-issuer';
import { endUnprovenAccess, type PendingEmailLinks } from './unproven-access';

export interface OidcLimiters {
  startPerIp: RateLimiter;
  completePerIp: RateLimiter;
  linkEmailPerIp: RateLimiter;
  /** Each link e-mail that passes lands in the account's inbox: this caps what a stranger can send. */
  linkEmailPerEmail: RateLimiter;
  confirmLinkPerIp: RateLimiter;
  /** Linking with the password is a log-in: the same limiters as AuthService's, shared with it. */
  loginPerIp: RateLimiter;
  loginFailuresPerEmailAndIp: RateLimiter;
  loginAttemptsPerEmail: AccountQueue;
}

/** What a sign-in changes together, or not at all. */
export interface OidcRepositories {
  attempts: OidcAttemptsRepository;
  linkTokens: OidcLinkTokensRepository;
  identities: IdentitiesRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  emailLinks: PendingEmailLinks;
}

export interface OidcServiceDeps extends OidcRepositories {
  clients: Pick<OidcClients, 'configured' | 'isConfigured' | 'authorizationUrl' | 'exchange'>;
  userViews: { toView(user: UserRow): Promise<User> };
  sessionIssuer: SessionIssuer;
  passwords: PasswordHasher;
  limiters: OidcLimiters;
  transaction: <T>(work: (repositories: OidcRepositories) => Promise<T>) => Promise<T>;
  /** Sends after the answer has gone (platform/mail/background-mail.ts). */
  mail: { send(message: MailMessage, purpose: string): void };
  /** Where the web app runs: link e-mails point at its /auth/link page. */
  publicUrl: string;
  /** Where refused sign-ins are told, with their cause, for the operator. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** What readiness says about each provider's configuration, kept up to date by the sign-ins. */
  health: SignInHealth;
  now?: () => Date;
}

const MINUTE_MS = 60 * 1000;

export class OidcService {
  private readonly now: () => Date;

  constructor(private readonly deps: OidcServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  providers(): { providers: OidcProvider[] } {
    return { providers: this.deps.clients.configured() };
  }

  async start(provider: OidcProvider, language: Language, ip: string): Promise<OidcStartResponse> {
    await enforceLimit(this.deps.limiters.startPerIp.consume(ip));
    this.requireConfigured(provider);
    const request = { state: newSecretToken(), nonce: newSecretToken(), codeVerifier: newSecretToken() };
    const authorizationUrl = await this.deps.clients
      .authorizationUrl(provider, request)
      .catch((error: unknown) => {
        throw toAppError(error);
      });
    const browserKey = newSecretToken();
    const now = this.now();
    await this.deps.attempts.create({
      id: crypto.randomUUID(),
      provider,
      ...request,
      browserKeyHash: hashSecretToken(browserKey),
      language,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + OIDC_ATTEMPT_TTL_MINUTES * MINUTE_MS).toISOString(),
    });
    return { authorizationUrl, state: request.state, browserKey };
  }

  async complete(
    provider: OidcProvider,
    { state, code, browserKey }: { state: string; code: string; browserKey: string },
    ip: string,
  ): Promise<OidcOutcome> {
    await enforceLimit(this.deps.limiters.completePerIp.consume(ip));
    const attempt = await this.findAttempt(provider, state, browserKey);
    const now = this.now().toISOString();
    // Used up before the code goes to the provider: of two completions at once, one gets this far.
    if (!attempt || attempt.completedAt || !(await this.deps.attempts.markCompleted(attempt.id, now))) {
      throw oidcFailed();
    }
    const claims = await this.deps.clients.exchange(provider, code, attempt).catch((error: unknown) => {
      this.logRefusal(provider, error);
      throw toAppError(error);
    });
    this.deps.health.accepted(provider);
    return this.outcome(provider, claims, attempt);
  }

  /** Links the pending identity to the account once its password is proven, and signs in. */
  async link(
    provider: OidcProvider,
    { state, browserKey, password }: { state: string; browserKey: string; password: string },
    ip: string,
  ): Promise<AuthResponse> {
    const { loginPerIp, loginFailuresPerEmailAndIp, loginAttemptsPerEmail } = this.deps.limiters;
    await enforceLimit(loginPerIp.consume(ip));
    const attempt = await this.findAttempt(provider, state, browserKey);
    const pending = attempt && !attempt.linkedAt && attempt.pending;
    const user = pending && (await this.deps.users.findById(pending.userId));
    if (!attempt || !pending || !user) throw oidcFailed();
    const emailFromIp = `${user.email}\n${ip}`;
    await enforceLimit(loginFailuresPerEmailAndIp.check(emailFromIp));
    const proven = await loginAttemptsPerEmail.attempt(user.email, async () =>
      (await this.deps.passwords.verify(user.passwordHash, password)) ? user : undefined,
    );
    if (!proven) {
      await loginFailuresPerEmailAndIp.consume(emailFromIp);
      throw new AppError('invalid_credentials', 401, AuthMessages.invalidCredentials);
    }
    await loginFailuresPerEmailAndIp.reset(emailFromIp);
    const now = this.now().toISOString();
    const proof = { byPassword: true, at: now };
    return this.linkAndSignIn({ ...pending, provider }, proof, oidcFailed, async ({ attempts }) => {
      if (!(await attempts.markLinked(attempt.id, now))) throw oidcFailed();
    });
  }

  /**
   * E-mails the account a link that links the pending identity, and answers the same whatever happened: the
   * page learns nothing it did not know (it was told the address with `link_required`).
   */
  async sendLinkEmail(
    provider: OidcProvider,
    { state, browserKey, language }: { state: string; browserKey: string; language: Language },
    ip: string,
  ): Promise<void> {
    await enforceLimit(this.deps.limiters.linkEmailPerIp.consume(ip));
    const attempt = await this.findAttempt(provider, state, browserKey);
    const pending = attempt && !attempt.linkedAt && attempt.pending;
    if (!pending) return;
    await enforceLimit(this.deps.limiters.linkEmailPerEmail.consume(pending.email));
    const token = newSecretToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + OIDC_LINK_EMAIL_TTL_MINUTES * MINUTE_MS);
    await this.deps.linkTokens.create({
      id: crypto.randomUUID(),
      tokenHash: hashSecretToken(token),
      userId: pending.userId,
      provider,
      subject: pending.subject,
      email: pending.email,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    // Sent after the answer, a failure only logged: the seller can ask again, or use the password.
    this.deps.mail.send(
      oidcLinkMail({
        to: pending.email,
        language,
        provider,
        // The provider in the address lets the page name it, also when the link no longer works.
        link: `${this.deps.publicUrl}/auth/link?token=${token}&provider=${provider}`,
        expiresAt,
      }),
      'sign-in link',
    );
  }

  /** Links the identity an e-mailed link carries, and signs in; any link that cannot be used gets one answer. */
  async confirmLink({ token }: { token: string }, ip: string): Promise<AuthResponse> {
    await enforceLimit(this.deps.limiters.confirmLinkPerIp.consume(ip));
    const now = this.now().toISOString();
    const link = await this.deps.linkTokens.findUsable(hashSecretToken(token), now);
    if (!link) throw linkInvalid();
    return this.linkAndSignIn(link, { byPassword: false, at: now }, linkInvalid, async ({ linkTokens }) => {
      if (!(await linkTokens.markUsed(link.id, now))) throw linkInvalid();
    });
  }

  /**
   * Where Apple's form_post sends the browser on: the web app's callback page, with the code (or the error)
   * and the state in its query, which the page hands to `complete` like Google's.
   */
  appleCallbackPage(form: { state: string; code?: string; error?: string }): string {
    const page = new URL(`${this.deps.publicUrl}/auth/callback/apple`);
    if (form.code !== undefined) page.searchParams.set('code', form.code);
    else if (form.error !== undefined) page.searchParams.set('error', form.error);
    page.searchParams.set('state', form.state);
    return page.href;
  }

  private async outcome(
    provider: OidcProvider,
    claims: OidcIdentityClaims,
    attempt: OidcAttemptRow,
  ): Promise<OidcOutcome> {
    const email = claims.email === undefined ? undefined : normaliseEmail(claims.email);
    const identity = await this.deps.identities.findBySubject(provider, claims.subject);
    if (identity) {
      if (email !== undefined && email !== identity.email) {
        await this.deps.identities.updateEmail(identity.id, email);
      }
      return { status: 'signed_in', accountCreated: false, ...(await this.signIn(identity.userId)) };
    }
    if (email === undefined) throw new AppError('oidc_email_missing', 422, OidcMessages.emailMissing);
    const existing = await this.deps.users.findByEmail(email);
    if (!existing) {
      // An address the provider did not check may be anyone's: the account would be a stranger's foothold.
      if (!claims.emailVerified) {
        throw new AppError('oidc_email_unconfirmed', 409, OidcMessages.emailUnconfirmed);
      }
      const created = await this.createAccount(provider, claims.subject, email);
      if (created) return { status: 'signed_in', accountCreated: true, ...created };
    }
    // An account has that address (perhaps made a moment ago, by a sign-up racing this one).
    const account = existing ?? (await this.deps.users.findByEmail(email));
    if (!account) throw oidcFailed();
    if (!claims.emailVerified) {
      throw new AppError('oidc_email_unverified', 409, OidcMessages.emailUnverified);
    }
    await this.deps.attempts.rememberPending(attempt.id, {
      userId: account.id,
      subject: claims.subject,
      email,
      expiresAt: new Date(this.now().getTime() + OIDC_ATTEMPT_TTL_MINUTES * MINUTE_MS).toISOString(),
    });
    return { status: 'link_required', provider, email };
  }

  /**
   * The account and its identity, together, its address confirmed by the provider; undefined when the e-mail
   * was taken in the meantime.
   */
  private async createAccount(
    provider: OidcProvider,
    subject: string,
    email: string,
  ): Promise<AuthResponse | undefined> {
    const now = this.now().toISOString();
    const userId = crypto.randomUUID();
    // Nobody knows this password: the account signs in with the provider until the seller chooses one.
    const passwordHash = await this.deps.passwords.hash(newSecretToken());
    try {
      const jwtToken = await this.deps.transaction(async ({ identities, sessions }) => {
        await identities.createAccount({
          id: userId,
          email,
          passwordHash,
          emailVerifiedAt: now,
          createdAt: now,
        });
        await identities.create({
          id: crypto.randomUUID(),
          userId,
          provider,
          subject,
          email,
          createdAt: now,
        });
        return this.deps.sessionIssuer.start(userId, sessions);
      });
      return { jwtToken, user: await this.view(userId) };
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /**
   * Ties the identity to the account (once `consume` has taken the proof), confirms the account's address when
   * it is still the one the provider verified, and signs in. An identity already tied to this account is fine
   * (both proofs were used); tied to another account, it is refused with `refusal`.
   *
   * When the address was never confirmed until now, the provider's word for it is the first proof that the
   * account is the seller's: every session, provider link and pending address change made before ends, and so
   * does the password unless the seller proved it here.
   */
  private async linkAndSignIn(
    link: { userId: string; provider: OidcProvider; subject: string; email: string },
    proof: { byPassword: boolean; at: string },
    refusal: () => AppError,
    consume: (repositories: OidcRepositories) => Promise<void>,
  ): Promise<AuthResponse> {
    const now = proof.at;
    // Hashed before the transaction, as argon2 takes a while; used only if the address turns out unconfirmed.
    const unknowableHash = proof.byPassword ? undefined : await this.deps.passwords.hash(newSecretToken());
    try {
      const jwtToken = await this.deps.transaction(async (repositories) => {
        await consume(repositories);
        const { identities, sessions } = repositories;
        const linked = await identities.findBySubject(link.provider, link.subject);
        if (linked && linked.userId !== link.userId) throw refusal();
        const provenNow = await identities.confirmEmail(link.userId, link.email, now);
        if (provenNow) await endUnprovenAccess(repositories, link.userId, { unknowableHash, at: now });
        if (!linked || provenNow) {
          await identities.create({
            id: crypto.randomUUID(),
            userId: link.userId,
            provider: link.provider,
            subject: link.subject,
            email: link.email,
            createdAt: now,
          });
        }
        return this.deps.sessionIssuer.start(link.userId, sessions);
      });
      return { jwtToken, user: await this.view(link.userId) };
    } catch (error) {
      // Linked by another request in the same moment, or the account went meanwhile.
      if (isUniqueViolation(error) || isForeignKeyViolation(error)) throw refusal();
      throw error;
    }
  }

  private async signIn(userId: string): Promise<AuthResponse> {
    const jwtToken = await this.deps.sessionIssuer.start(userId, this.deps.sessions);
    return { jwtToken, user: await this.view(userId) };
  }

  private async view(userId: string): Promise<User> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw oidcFailed();
    return this.deps.userViews.toView(user);
  }

  /**
   * The attempt this state names, when it is this provider's, this browser's and not expired. Which of those
   * failed is not told: every case is the same refusal. A provider the server has no client for is refused first.
   */
  private async findAttempt(
    provider: OidcProvider,
    state: string,
    browserKey: string,
  ): Promise<OidcAttemptRow | undefined> {
    this.requireConfigured(provider);
    const attempt = await this.deps.attempts.findByState(state);
    if (!attempt || attempt.provider !== provider) return undefined;
    if (!sameHash(attempt.browserKeyHash, hashSecretToken(browserKey))) return undefined;
    if (attempt.expiresAt <= this.now().toISOString()) return undefined;
    return attempt;
  }

  /** Tells the operator why a provider refused: a fault of the server's setup is an error, the rest is not. */
  private logRefusal(provider: OidcProvider, error: unknown): void {
    const refusal = describeRefusal(error);
    if (!refusal) return;
    const details = { provider, ...refusal };
    if (refusal.cause === 'configuration' || refusal.cause === 'clock') {
      this.deps.health.refused(provider, refusal);
      this.deps.log.error(details, setupRefusedMessage(provider, refusal));
    } else if (refusal.cause === 'unreachable') {
      this.deps.log.warn(details, `${provider} sign-in provider cannot be reached`);
    } else {
      this.deps.log.info(details, `${provider} sign-in refused`);
    }
  }

  private requireConfigured(provider: OidcProvider): void {
    if (!this.deps.clients.isConfigured(provider)) {
      throw new AppError('provider_not_configured', 404, OidcMessages.providerNotConfigured);
    }
  }
}

function oidcFailed(): AppError {
  return new AppError('oidc_failed', 400, OidcMessages.signInFailed);
}

function linkInvalid(): AppError {
  return new AppError('oidc_link_invalid', 410, OidcMessages.linkInvalid);
}

/** A provider out of reach is worth retrying (503); a refused or failed answer is not (400). */
function toAppError(error: unknown): unknown {
  if (error instanceof OidcProviderUnreachable) {
    return new AppError('not_ready', 503, OidcMessages.providerUnreachable, { cause: error });
  }
  if (error instanceof OidcResponseRefused) {
    return new AppError('oidc_failed', 400, OidcMessages.signInFailed, { cause: error });
  }
  return error;
}

function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
