// Users: the account row and everything the auth check reports about it.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';

export interface UserRow {
  id: string;
  email: string;
  passwordHash: string;
  hasPassword: boolean;
  emailVerifiedAt: string | null;
  isNewUser: boolean;
  freeAccess: boolean;
  hasSeenOnboarding: boolean;
  freeAiListingsUsed: number;
  planPriceId: string | null;
  planStatus: string | null;
  paymentCustomerId: string | null;
  paymentSubscriptionId: string | null;
  planUpdatedAt: string | null;
  createdAt: string;
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Throws the dialect's unique violation when the e-mail is taken (see db/database.ts). */
  async create(user: {
    id: string;
    email: string;
    passwordHash: string;
    createdAt: string;
  }): Promise<UserRow> {
    await this.db
      .insertInto('users')
      .values({
        id: user.id,
        email: user.email,
        password_hash: user.passwordHash,
        created_at: user.createdAt,
      })
      .execute();
    const created = await this.findById(user.id);
    if (!created) throw new Error(`User ${user.id} vanished right after it was created`);
    return created;
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.findOne('id', id);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.findOne('email', email);
  }

  /**
   * A password the seller chose (a reset, a change, the first one of a Google or Apple account): from now on
   * the account has one to prove.
   */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.update(id, { password_hash: passwordHash, has_password: 1 });
  }

  /** Replaces the password with one nobody knows (`unknowableHash`, of random bytes): none logs in any more. */
  async forgetPassword(id: string, unknowableHash: string): Promise<void> {
    await this.update(id, { password_hash: unknowableHash, has_password: 0 });
  }

  async markOnboardingSeen(id: string): Promise<void> {
    await this.update(id, { has_seen_onboarding: 1 });
  }

  private async update(id: string, values: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(values).where('id', '=', id).execute();
  }

  private async findOne(column: 'id' | 'email', value: string): Promise<UserRow | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
    return row && toUserRow(row);
  }
}

export function toUserRow(row: Selectable<UsersTable>): UserRow {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    hasPassword: row.has_password === 1,
    emailVerifiedAt: row.email_verified_at,
    isNewUser: row.is_new_user === 1,
    freeAccess: row.free_access === 1,
    hasSeenOnboarding: row.has_seen_onboarding === 1,
    freeAiListingsUsed: row.free_ai_listings_used,
    planPriceId: row.plan_price_id,
    planStatus: row.plan_status,
    paymentCustomerId: row.payment_customer_id,
    paymentSubscriptionId: row.payment_subscription_id,
    planUpdatedAt: row.plan_updated_at,
    createdAt: row.created_at,
  };
}
