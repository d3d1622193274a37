// Accounts: sign-up, log-in, token checks, log-out and password reset, with attempt limits per IP and per
// e-mail.
import crypto from 'node:crypto';
import {
  AccountMessages,
  AuthMessages,
  type AuthResponse,
  type Language,
  PASSWORD_RESET_TTL_MINUTES,
  type User,
} from '@snaplist/contract';
import { isUniqueViolation } from '../../db/database';
import { AppError, unauthorized } from '../../errors';
import type { AuthSession } from '../../http/authenticate';
import type { MailMessage } from '../../platform/mail/mailer';
import type { AccountQueue } from '../../platform/rate-limit/account-queue';
import { enforceLimit } from '../../platform/rate-limit/enforce-limit';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { PasswordResetTokensRepository, SessionsRepository } from './auth.repository';
import type { IdentitiesRepository } from './identities.repository';
import { passwordResetMail } from './password-reset-mail';
import type { PasswordHasher } from './passwords';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import type { SessionIssuer } from './session-issuer';
import type { TokenSigner } from './tokens';
import { endUnprovenAccess, type PendingEmailLinks } from './unproven-access';

export interface AuthLimiters {
  signupPerIp: RateLimiter;
  signupPerEmail: RateLimiter;
  loginPerIp: RateLimiter;
  /**
   * Failed log-ins for one e-mail from one address: the guesser's address is refused, the seller's own
   * address (and every other) is not, so a stranger cannot lock a seller out.
   */
  loginFailuresPerEmailAndIp: RateLimiter;
  /**
   * Log-ins for one e-mail from every address take turns; past the limit of failures each waits a pause first,
   * so guesses sent in parallel are slowed one after another, and never refused.
   */
  loginAttemptsPerEmail: AccountQueue;
  passwordResetPerIp: RateLimiter;
  /** Each reset request that passes sends a mail: this also caps the mail a stranger can send a seller. */
  passwordResetPerEmail: RateLimiter;
  /** Guessing a 32-byte token is hopeless anyway; this keeps a script from spending our argon2 time. */
  passwordResetConfirmPerIp: RateLimiter;
}

/** What a password reset changes together, or not at all. */
export interface PasswordResetRepositories {
  resets: PasswordResetTokensRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  identities: IdentitiesRepository;
  emailLinks: PendingEmailLinks;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  /** The user as the auth check describes them, entitlements included (UsersService). */
  userViews: { toView(user: UserRow): Promise<User> };
  sessions: SessionsRepository;
  tokens: TokenSigner;
  passwords: PasswordHasher;
  limiters: AuthLimiters;
  sessionIssuer: SessionIssuer;
  resets: PasswordResetTokensRepository;
  transaction: <T>(work: (repositories: PasswordResetRepositories) => Promise<T>) => Promise<T>;
  /** Sends after the answer has gone (platform/mail/background-mail.ts). */
  mail: { send(message: MailMessage, purpose: string): void };
  /** Where the web app runs: reset links point at its /reset-password page. */
  publicUrl: string;
  /**
   * After a password sign-up created the account: mails the link that confirms its address (account-email).
   * Must not throw: the account exists by then.
   */
  onSignedUp: (user: UserRow, language: Language) => Promise<void>;
  now?: () => Date;
}

interface Credentials {
  email: string;
  password: string;
}

export class AuthService {
  private readonly now: () => Date;
  // Verifying against a real hash when the e-mail is unknown keeps both failures equally slow,
  // so response time does not reveal which e-mails have accounts.
  private decoyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async signup(
    { email, password, language }: Credentials & { language: Language },
    ip: string,
  ): Promise<AuthResponse> {
    await enforceLimit(this.deps.limiters.signupPerIp.consume(ip));
    await enforceLimit(this.deps.limiters.signupPerEmail.consume(email));
    const passwordHash = await this.deps.passwords.hash(password);
    try {
      const user = await this.deps.users.create({
        id: crypto.randomUUID(),
        email,
        passwordHash,
        createdAt: this.now().toISOString(),
      });
      await this.deps.onSignedUp(user, language);
      return {
        jwtToken: await this.deps.sessionIssuer.start(user.id, this.deps.sessions),
        user: await this.deps.userViews.toView(user),
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('email_taken', 409, AuthMessages.emailTaken);
      throw error;
    }
  }

  async login({ email, password }: Credentials, ip: string): Promise<AuthResponse> {
    const { loginPerIp, loginFailuresPerEmailAndIp, loginAttemptsPerEmail } = this.deps.limiters;
    const emailFromIp = `${email}\n${ip}`;
    await enforceLimit(loginPerIp.consume(ip));
    await enforceLimit(loginFailuresPerEmailAndIp.check(emailFromIp));
    // Read in its turn: after a wait, the password to check is the one the account has then.
    const user = await loginAttemptsPerEmail.attempt(email, async () => {
      const account = await this.deps.users.findByEmail(email);
      if (!account) {
        await this.deps.passwords.verify(await this.getDecoyHash(), password);
        return undefined;
      }
      return (await this.deps.passwords.verify(account.passwordHash, password)) ? account : undefined;
    });
    if (!user) {
      await loginFailuresPerEmailAndIp.consume(emailFromIp);
      throw new AppError('invalid_credentials', 401, AuthMessages.invalidCredentials);
    }
    // Only this address is forgiven: a guesser elsewhere stays refused after the seller logs in.
    await loginFailuresPerEmailAndIp.reset(emailFromIp);
    return {
      jwtToken: await this.deps.sessionIssuer.start(user.id, this.deps.sessions),
      user: await this.deps.userViews.toView(user),
    };
  }

  /** The session a bearer token stands for; 401 for a token that is forged, expired or logged out. */
  async authenticate(token: string): Promise<AuthSession> {
    const claims = await this.deps.tokens.verify(token);
    const session = claims && (await this.deps.sessions.findById(claims.sessionId));
    const alive =
      session &&
      session.userId === claims.userId &&
      session.revokedAt === null &&
      session.expiresAt > this.now().toISOString();
    if (!alive) throw unauthorized();
    return { userId: session.userId, sessionId: session.id };
  }

  async logout(session: AuthSession): Promise<void> {
    await this.deps.sessions.revoke(session.sessionId, this.now().toISOString());
  }

  /**
   * E-mails a reset link when the address has an account, and answers the same either way: no mail is sent
   * for an unknown address, and the work done before answering is the same order (a token made and hashed,
   * one look-up), so neither the answer nor its timing tells whether someone uses Snaplist.
   */
  async requestPasswordReset(
    { email, language }: { email: string; language: Language },
    ip: string,
  ): Promise<void> {
    await enforceLimit(this.deps.limiters.passwordResetPerIp.consume(ip));
    await enforceLimit(this.deps.limiters.passwordResetPerEmail.consume(email));
    const token = newSecretToken();
    const tokenHash = hashSecretToken(token);
    const user = await this.deps.users.findByEmail(email);
    if (!user) return;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000);
    await this.deps.transaction(({ resets }) =>
      resets.replaceForUser({
        id: crypto.randomUUID(),
        userId: user.id,
        tokenHash,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      }),
    );
    // Sent after the answer, and a failure only logged: waiting for the SMTP server, or answering its
    // failure, would tell apart the addresses that have an account. The seller can ask again.
    this.deps.mail.send(
      passwordResetMail({
        to: user.email,
        language,
        link: `${this.deps.publicUrl}/reset-password?token=${token}`,
        expiresAt,
      }),
      'password reset',
    );
  }

  /**
   * Sets the new password with a reset link's token, ends every session of the account and every address change
   * still pending, and starts a new session. The link proves the mailbox: on an account whose address was never
   * confirmed, provider links made before (from an address the provider did not check) end too, and the address
   * counts as confirmed. An unknown, expired or used token gets one answer, so a guesser learns nothing from it.
   */
  async confirmPasswordReset(
    { token, password }: { token: string; password: string },
    ip: string,
  ): Promise<AuthResponse> {
    await enforceLimit(this.deps.limiters.passwordResetConfirmPerIp.consume(ip));
    const now = this.now().toISOString();
    const reset = await this.deps.resets.findUsable(hashSecretToken(token), now);
    if (!reset) throw resetLinkInvalid();
    // Hashed before the transaction: argon2 takes a while, and the transaction should hold its locks briefly.
    const passwordHash = await this.deps.passwords.hash(password);
    const jwtToken = await this.deps.transaction(async (repositories) => {
      const { resets, users, sessions, identities } = repositories;
      // Checked again under the write: of two confirms at once, only the first gets here with it unused.
      if (!(await resets.markUsed(reset.id, now))) throw resetLinkInvalid();
      const account = await users.findById(reset.userId);
      if (!account) throw resetLinkInvalid();
      await endUnprovenAccess(repositories, account.id, {
        keepProviders: account.emailVerifiedAt !== null,
        unknowableHash: undefined,
        at: now,
      });
      await identities.confirmEmail(account.id, account.email, now);
      await users.setPasswordHash(account.id, passwordHash);
      return this.deps.sessionIssuer.start(account.id, sessions);
    });
    const user = await this.deps.users.findById(reset.userId);
    if (!user) throw resetLinkInvalid();
    return { jwtToken, user: await this.deps.userViews.toView(user) };
  }

  private getDecoyHash(): Promise<string> {
    this.decoyHash ??= this.deps.passwords.hash(crypto.randomBytes(16).toString('hex'));
    return this.decoyHash;
  }
}

function resetLinkInvalid(): AppError {
  return new AppError('reset_link_invalid', 410, AccountMessages.resetLinkInvalid);
}
