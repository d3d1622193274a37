// What the auth check tells the web app about the signed-in user, entitlements included: they are worked
// out on every check, so a plan bought in another window or a new month shows on the next one.
import type { User } from '@snaplist/contract';
import { unauthorized } from '../../errors';
import type { IdentitiesRepository } from '../auth/identities.repository';
import type { PlansService } from '../plans/plans.service';
import type { UserRow, UsersRepository } from './users.repository';

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly plans: PlansService,
    private readonly identities: Pick<IdentitiesRepository, 'providersOf'>,
  ) {}

  async getView(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    // A valid session whose user is gone (deleted account) is treated like any other dead token.
    if (!user) throw unauthorized();
    return this.toView(user);
  }

  async toView(user: UserRow): Promise<User> {
    const [{ canGenerate, usage }, linkedProviders] = await Promise.all([
      this.plans.entitlements(user),
      this.identities.providersOf(user.id),
    ]);
    return {
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      hasPassword: user.hasPassword,
      linkedProviders,
      isNewUser: user.isNewUser,
      hasSeenOnboarding: user.hasSeenOnboarding,
      planData: { plan: user.planPriceId, status: user.planStatus },
      canGenerate,
      freeAccess: user.freeAccess,
      usage,
    };
  }

  /** Onboarding shows once per account, whichever device the seller uses next. */
  async completeOnboarding(userId: string): Promise<void> {
    await this.users.markOnboardingSeen(userId);
  }
}
