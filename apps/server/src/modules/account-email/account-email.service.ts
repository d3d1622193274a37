// The seller's own address and password (decision 042): the link that confirms a sign-up's address,
// changing the password, and changing the address, which takes effect only once the link sent to the new
// address is followed. An unconfirmed address holds nothing back; the web app shows a banner.
import crypto from 'node:crypto';
import {
  AccountChangeMessages,
  AuthMessages,
  type AuthResponse,
  EMAIL_LINK_TTL_HOURS,
  type EmailChangeRequested,
  type EmailConfirmed,
  fieldIssue,
  type Language,
  type User,
} from '@snaplist/contract';
import { isUniqueViolation } from '../../db/database';
import { AppError, unauthorized } from '../../errors';
import type { AuthSession } from '../../http/authenticate';
import type { MailMessage } from '../../platform/mail/mailer';
import { enforceLimit } from '../../platform/rate-limit/enforce-limit';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { SessionsRepository } from '../auth/auth.repository';
import type { CurrentPasswordCheck } from '../auth/current-password';
import type { PasswordHasher } from '../auth/passwords';
import { hashSecretToken, newSecretToken } from '../auth/secret-tokens';
import type { SessionIssuer } from '../auth/session-issuer';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type {
  AccountCredentialsRepository,
  EmailLinkPurpose,
  EmailLinksRepository,
} from './account-email.repository';
import { emailChangedNotice, emailLinkMail } from './account-email-mail';

export interface AccountEmailLimiters {
  /** Each request that passes sends a mail: this caps the mail one account can make Snaplist send. */
  verificationPerUser: RateLimiter;
  emailChangePerUser: RateLimiter;
  /** Guessing a 32-byte token is hopeless anyway; this keeps a script from hammering the database. */
  confirmPerIp: RateLimiter;
}

/** What following a link or changing the password changes together, or not at all. */
export interface AccountEmailRepositories {
  emailLinks: EmailLinksRepository;
  credentials: AccountCredentialsRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
}

export interface AccountEmailServiceDeps {
  users: UsersRepository;
  /** The user as the auth check describes them (UsersService). */
  userViews: { toView(user: UserRow): Promise<User> };
  emailLinks: EmailLinksRepository;
  transaction: <T>(work: (repositories: AccountEmailRepositories) => Promise<T>) => Promise<T>;
  sessionIssuer: SessionIssuer;
  passwords: PasswordHasher;
  /** The current password, before the password or the address changes. */
  currentPassword: Pick<CurrentPasswordCheck, 'prove'>;
  limiters: AccountEmailLimiters;
  /** Sends after the answer has gone (platform/mail/background-mail.ts). */
  mail: { send(message: MailMessage, purpose: string): void };
  log: { error(details: object, message: string): void };
  /** Where the web app runs: links point at its /confirm-email page. */
  publicUrl: string;
  /** Named in the notice to an old address, for a seller whose address someone else changed. */
  supportEmail: string;
  now?: () => Date;
}

export class AccountEmailService {
  private readonly now: () => Date;

  constructor(private readonly deps: AccountEmailServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Mails a new password account the link that confirms its address. Never throws: the account exists by
   * now, and a sign-up must not fail over this mail, which the seller can ask for again from the banner.
   */
  async sendVerificationAfterSignup(user: UserRow, language: Language): Promise<void> {
    try {
      await this.sendLink(user.id, 'verify', user.email, language);
    } catch (error) {
      this.deps.log.error({ err: error }, 'the verification link of a new account could not be made');
    }
  }

  /** A new verification link, replacing the earlier one; an address already confirmed gets no mail. */
  async sendEmailVerification(userId: string, language: Language): Promise<void> {
    await enforceLimit(this.deps.limiters.verificationPerUser.consume(userId));
    const user = await this.requireUser(userId);
    if (user.emailVerifiedAt !== null) return;
    await this.sendLink(user.id, 'verify', user.email, language);
  }

  /**
   * Follows an e-mailed link: a sign-up's address becomes confirmed, or a new address becomes the account's.
   * Works signed out (the link may be opened on another device). An unknown, expired or used token gets one
   * answer, so a guesser learns nothing from it.
   */
  async confirmEmail(token: string, ip: string): Promise<EmailConfirmed> {
    await enforceLimit(this.deps.limiters.confirmPerIp.consume(ip));
    const now = this.now().toISOString();
    const link = await this.deps.emailLinks.findUsable(hashSecretToken(token), now);
    if (!link) throw emailLinkInvalid();
    const previousEmail = await this.deps.transaction(async ({ emailLinks, credentials, users }) => {
      // Checked again under the write: of two confirms at once, only the first gets here with it unused.
      if (!(await emailLinks.markUsed(link.id, now))) throw emailLinkInvalid();
      if (link.purpose === 'verify') {
        // The address changed since the link was sent: it confirms an address the account no longer has.
        if (!(await credentials.markEmailVerified(link.userId, link.email, now))) throw emailLinkInvalid();
        return undefined;
      }
      const user = await users.findById(link.userId);
      if (!user) throw emailLinkInvalid();
      try {
        await credentials.changeEmail(link.userId, link.email, now);
      } catch (error) {
        // Another account took the address since the link was sent (or had it all along: the request does not
        // tell). The transaction rolls back, so the link stays usable should the address become free.
        if (isUniqueViolation(error)) throw new AppError('email_taken', 409, AuthMessages.emailTaken);
        throw error;
      }
      return user.email;
    });
    if (previousEmail !== undefined) {
      this.deps.mail.send(
        emailChangedNotice({
          to: previousEmail,
          newEmail: link.email,
          language: link.language,
          supportEmail: this.deps.supportEmail,
        }),
        'e-mail changed notice',
      );
    }
    return { ok: true, email: link.email };
  }

  /**
   * Changes the password, or sets the first one of an account made with Google or Apple; every session of the
   * account ends and a new one starts, whose token the answer carries.
   */
  async changePassword(
    session: AuthSession,
    { currentPassword, newPassword }: { currentPassword?: string; newPassword: string },
  ): Promise<AuthResponse> {
    const user = await this.requireUser(session.userId);
    await this.deps.currentPassword.prove(user, currentPassword);
    const passwordHash = await this.deps.passwords.hash(newPassword);
    const now = this.now().toISOString();
    const jwtToken = await this.deps.transaction(async ({ users, sessions }) => {
      await users.setPasswordHash(user.id, passwordHash);
      await sessions.revokeAllForUser(user.id, now);
      return this.deps.sessionIssuer.start(user.id, sessions);
    });
    const changed = await this.requireUser(user.id);
    return { jwtToken, user: await this.deps.userViews.toView(changed) };
  }

  /**
   * Mails a link to the new address; the account keeps its address until the link is followed. An address
   * another account uses gets the same answer and the same mail (decision 042): the answer must not tell who
   * has an account, so the refusal waits for the confirm step.
   */
  async changeEmail(
    userId: string,
    { email, currentPassword, language }: { email: string; currentPassword?: string; language: Language },
  ): Promise<EmailChangeRequested> {
    const user = await this.requireUser(userId);
    if (email === user.email) {
      const issue = fieldIssue('email', 'email_unchanged');
      throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
    }
    await this.deps.currentPassword.prove(user, currentPassword);
    await enforceLimit(this.deps.limiters.emailChangePerUser.consume(user.id));
    await this.sendLink(user.id, 'change', email, language);
    return { ok: true, pendingEmail: email };
  }

  private async sendLink(
    userId: string,
    purpose: EmailLinkPurpose,
    email: string,
    language: Language,
  ): Promise<void> {
    const token = newSecretToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + EMAIL_LINK_TTL_HOURS * 60 * 60 * 1000);
    await this.deps.transaction(({ emailLinks }) =>
      emailLinks.replaceForUser({
        id: crypto.randomUUID(),
        userId,
        purpose,
        email,
        language,
        tokenHash: hashSecretToken(token),
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      }),
    );
    // Sent after the answer, and a failure only logged, as for a password reset: waiting for the SMTP server
    // would make the answer slow, and for an address change its failure would tell a bounce from a delivery.
    this.deps.mail.send(
      emailLinkMail({
        to: email,
        purpose,
        language,
        link: `${this.deps.publicUrl}/confirm-email?token=${token}`,
        expiresAt,
      }),
      purpose === 'verify' ? 'e-mail verification' : 'e-mail change',
    );
  }

  private async requireUser(userId: string): Promise<UserRow> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized();
    return user;
  }
}

function emailLinkInvalid(): AppError {
  return new AppError('email_link_invalid', 410, AccountChangeMessages.emailLinkInvalid);
}
