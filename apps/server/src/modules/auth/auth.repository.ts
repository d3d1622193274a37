// Sessions: one row per issued token.
import type { Db } from '../../db/database';

export interface SessionRow {
  id: string;
  userId: string;
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
      .select(['id', 'user_id', 'expires_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, userId: row.user_id, expiresAt: row.expires_at, revokedAt: row.revoked_at };
  }

  async revoke(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
