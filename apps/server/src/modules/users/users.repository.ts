// Users: the account row and everything the auth check reports about it.
import type { Db } from '../../db/database';

export interface UserRow {
  id: string;
  email: string;
  passwordHash: string;
  isNewUser: boolean;
  freeAccess: boolean;
  planPriceId: string | null;
  planStatus: string | null;
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

  private async findOne(column: 'id' | 'email', value: string): Promise<UserRow | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
    return (
      row && {
        id: row.id,
        email: row.email,
        passwordHash: row.password_hash,
        isNewUser: row.is_new_user === 1,
        freeAccess: row.free_access === 1,
        planPriceId: row.plan_price_id,
        planStatus: row.plan_status,
        createdAt: row.created_at,
      }
    );
  }
}
