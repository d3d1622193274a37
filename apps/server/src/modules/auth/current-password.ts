// Proving it is still the seller at the keyboard before something that cannot be undone or that hands the
// account over (a new password or address, deleting the account): a session left open on a shared computer
// must not be enough. An account with a password proves it; one made with Google or Apple, which has none,
// proves a sign-in of the last minutes (decision 053).
import {
  AccountChangeMessages,
  AuthMessages,
  fieldIssue,
  REAUTHENTICATION_MINUTES,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import type { AuthSession } from '../../http/authenticate';
import { enforceLimit } from '../../platform/rate-limit/enforce-limit';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { UserRow } from '../users/users.repository';
import type { SessionsRepository } from './auth.repository';
import type { PasswordHasher } from './passwords';

const MINUTE_MS = 60 * 1000;

export class CurrentPasswordCheck {
  constructor(
    private readonly deps: {
      passwords: PasswordHasher;
      /** Wrong current passwords per account: an open session must not become a way to guess the password. */
      failuresPerUser: RateLimiter;
      sessions: Pick<SessionsRepository, 'findById'>;
      now: () => Date;
    },
  ) {}

  /**
   * The password, when the account has one; otherwise nothing (its session is the proof, as for everything else
   * it does). For a password or address change.
   */
  async prove(user: UserRow, currentPassword: string | undefined): Promise<void> {
    if (!user.hasPassword) return;
    if (currentPassword === undefined) {
      const issue = fieldIssue('currentPassword', 'password_required');
      throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
    }
    const failures = this.deps.failuresPerUser;
    await enforceLimit(failures.check(user.id));
    if (!(await this.deps.passwords.verify(user.passwordHash, currentPassword))) {
      await failures.consume(user.id);
      throw new AppError('wrong_password', 403, AccountChangeMessages.wrongPassword);
    }
    await failures.reset(user.id);
  }

  /**
   * The password, when the account has one; otherwise a session begun in the last REAUTHENTICATION_MINUTES
   * (the seller signs in with Google or Apple again). For what cannot be undone.
   */
  async proveRecently(
    user: UserRow,
    session: AuthSession,
    currentPassword: string | undefined,
  ): Promise<void> {
    if (user.hasPassword) return this.prove(user, currentPassword);
    const started = await this.deps.sessions.findById(session.sessionId);
    const freshSince = this.deps.now().getTime() - REAUTHENTICATION_MINUTES * MINUTE_MS;
    if (!started || Date.parse(started.createdAt) < freshSince) {
      throw new AppError('reauthentication_required', 403, AuthMessages.reauthenticationRequired);
    }
  }
}
