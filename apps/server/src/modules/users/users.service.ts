// What the auth check tells the web app about the signed-in user.
import type { User } from '@snaplist/contract';
import { AppError } from '../../errors';
import type { UserRow, UsersRepository } from './users.repository';

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async getView(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    // A valid session whose user is gone (deleted account) is treated like any other dead token.
    if (!user) throw new AppError('unauthorized', 401, 'Unauthorized: please log in again.');
    return toUserView(user);
  }
}

export function toUserView(user: UserRow): User {
  return {
    email: user.email,
    isNewUser: user.isNewUser,
    planData: { plan: user.planPriceId, status: user.planStatus },
    // Generation quotas arrive with plans and usage (issue 5); until then every account may generate.
    canGenerate: true,
    freeAccess: user.freeAccess,
  };
}
