// Sign-in identities (decision 041): a Google or Apple account, by its subject, tied to one Snaplist account;
// and the account rows a provider's sign-in makes or confirms.
import { OIDC_PROVIDERS, type OidcProvider } from '@snaplist/contract';
import type { Db } from '../../db/database';

export interface IdentityRow {
  id: string;
  userId: string;
  provider: OidcProvider;
  subject: string;
  email: string | null;
}

export class IdentitiesRepository {
  constructor(private readonly db: Db) {}

  /** The providers the user can sign in with, in the order the sign-in buttons show them. */
  async providersOf(userId: string): Promise<OidcProvider[]> {
    const rows = await this.db
      .selectFrom('user_identities')
      .select('provider')
      .where('user_id', '=', userId)
      .execute();
    const linked = new Set(rows.map((row) => row.provider));
    return OIDC_PROVIDERS.filter((provider) => linked.has(provider));
  }

  async findBySubject(provider: OidcProvider, subject: string): Promise<IdentityRow | undefined> {
    const row = await this.db
      .selectFrom('user_identities')
      .select(['id', 'user_id', 'subject', 'email'])
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row && { id: row.id, userId: row.user_id, provider, subject: row.subject, email: row.email };
  }

  /** Throws the dialect's unique violation when the provider's account is already tied to an account. */
  async create(identity: IdentityRow & { createdAt: string }): Promise<void> {
    await this.db
      .insertInto('user_identities')
      .values({
        id: identity.id,
        user_id: identity.userId,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
        created_at: identity.createdAt,
      })
      .execute();
  }

  /** The address the provider gave this time (an Apple relay address may change). */
  async updateEmail(id: string, email: string | null): Promise<void> {
    await this.db.updateTable('user_identities').set({ email }).where('id', '=', id).execute();
  }

  /**
   * An account made by a provider's first sign-in: no password the seller knows (`has_password` 0; the hash is
   * of random bytes), its address confirmed when the provider said so. Throws the dialect's unique violation
   * when the e-mail is taken.
   */
  async createAccount(account: {
    id: string;
    email: string;
    passwordHash: string;
    emailVerifiedAt: string | null;
    createdAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('users')
      .values({
        id: account.id,
        email: account.email,
        password_hash: account.passwordHash,
        has_password: 0,
        email_verified_at: account.emailVerifiedAt,
        created_at: account.createdAt,
      })
      .execute();
  }

  /**
   * Confirms the account's address with the provider's word for it, when it is still that address; true when
   * it was not confirmed until now.
   */
  async confirmEmail(userId: string, email: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ email_verified_at: at })
      .where('id', '=', userId)
      .where('email', '=', email)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Unties every provider from the account. */
  async removeAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  }
}
