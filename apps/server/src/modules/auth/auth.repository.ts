// Sessions, one row per issued token; and password reset links.
import type { Db } from '../../db/database';
import { deleteTokensExpiredBefore, findUsableToken, markTokenUsed } from '../../db/single-use-tokens';

export interface SessionRow {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(session: { id: string; userId: string; createdAt: string; expiresAt: string }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        revoked_at: null,
      })
      .execute();
  }

  async findById(id: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'created_at', 'expires_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
      }
    );
  }

  /** Ends every session of the user (a new password was chosen). */
  revokeAllForUser(userId: string, at: string): Promise<void> {
    return this.revokeWhere('user_id', userId, at);
  }

  revoke(id: string, at: string): Promise<void> {
    return this.revokeWhere('id', id, at);
  }

  private async revokeWhere(column: 'id' | 'user_id', value: string, at: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where(column, '=', value)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

export interface PasswordResetTokenRow {
  id: string;
  userId: string;
}

/** Password reset links (decision 040): found by the SHA-256 of their token, used once. */
export class PasswordResetTokensRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new link for the user; their earlier unused links stop working. */
  async replaceForUser(token: {
    id: string;
    userId: string;
    tokenHash: string;
    createdAt: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', token.userId)
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('password_reset_tokens')
      .values({
        id: token.id,
        user_id: token.userId,
        token_hash: token.tokenHash,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /** The link with this hash when it is unused and unexpired at `now`. */
  findUsable(tokenHash: string, now: string): Promise<PasswordResetTokenRow | undefined> {
    return findUsableToken(this.db, 'password_reset_tokens', [], tokenHash, now);
  }

  /** True for the one caller that used it: a second confirm at the same moment finds it used. */
  async markUsed(id: string, now: string): Promise<boolean> {
    return markTokenUsed(this.db, 'password_reset_tokens', id, now);
  }

  /** Links expired before `before` (the sweeper); answers how many went. */
  deleteExpiredBefore(before: string): Promise<number> {
    return deleteTokensExpiredBefore(this.db, 'password_reset_tokens', before);
  }
}
