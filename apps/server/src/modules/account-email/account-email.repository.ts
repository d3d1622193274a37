// E-mailed address links (decision 042), and the writes to an account's address that following them makes.
import type { Language } from '@snaplist/contract';
import type { Db } from '../../db/database';
import type { EmailLinkPurpose } from '../../db/schema';
import { deleteTokensExpiredBefore, findUsableToken, markTokenUsed } from '../../db/single-use-tokens';

export type { EmailLinkPurpose };

export interface EmailLinkRow {
  id: string;
  userId: string;
  purpose: EmailLinkPurpose;
  email: string;
  language: Language;
}

/** Found by the SHA-256 of their token, used once; one unused link per user and purpose. */
export class EmailLinksRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new link; the user's earlier unused link of the same purpose stops working. */
  async replaceForUser(link: {
    id: string;
    userId: string;
    purpose: EmailLinkPurpose;
    email: string;
    language: Language;
    tokenHash: string;
    createdAt: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .deleteFrom('email_links')
      .where('user_id', '=', link.userId)
      .where('purpose', '=', link.purpose)
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('email_links')
      .values({
        id: link.id,
        user_id: link.userId,
        purpose: link.purpose,
        email: link.email,
        language: link.language,
        token_hash: link.tokenHash,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /** Every unused link of the user stops working (whoever asked for it may have lost the account). */
  async cancelForUser(userId: string): Promise<void> {
    await this.db
      .deleteFrom('email_links')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The link with this hash when it is unused and unexpired at `now`. */
  findUsable(tokenHash: string, now: string): Promise<EmailLinkRow | undefined> {
    return findUsableToken(this.db, 'email_links', ['purpose', 'email', 'language'], tokenHash, now);
  }

  /** True for the one caller that used it: a second confirm at the same moment finds it used. */
  async markUsed(id: string, now: string): Promise<boolean> {
    return markTokenUsed(this.db, 'email_links', id, now);
  }

  /** Links expired before `before` (the sweeper); answers how many went. */
  deleteExpiredBefore(before: string): Promise<number> {
    return deleteTokensExpiredBefore(this.db, 'email_links', before);
  }
}

/** The account's address, as the links confirm or change it. */
export class AccountCredentialsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Marks the address confirmed when it is still the account's (a verification link outlives a change of
   * address); an address confirmed before keeps its first date. False when the account has another address.
   */
  async markEmailVerified(userId: string, email: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)) }))
      .where('id', '=', userId)
      .where('email', '=', email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The new address, confirmed by following the link sent to it. Throws the dialect's unique violation when taken. */
  async changeEmail(userId: string, email: string, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email, email_verified_at: at })
      .where('id', '=', userId)
      .execute();
  }
}
