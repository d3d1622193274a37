// The local test checkout's sessions: one per "Get Started", single-use, bound to the seller who opened it.
import type { Db } from '../../db/database';
import type { CheckoutSessionStatus } from '../../db/schema';

export interface CheckoutSession {
  id: string;
  userId: string;
  /** Shown on the page, so the seller sees which account the plan goes to. */
  email: string;
  priceId: string;
  status: CheckoutSessionStatus;
  expiresAt: string;
}

export class CheckoutSessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(session: {
    id: string;
    userId: string;
    priceId: string;
    provider: string;
    createdAt: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('checkout_sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        price_id: session.priceId,
        provider: session.provider,
        status: 'open',
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        completed_at: null,
      })
      .execute();
  }

  async find(id: string): Promise<CheckoutSession | undefined> {
    const row = await this.db
      .selectFrom('checkout_sessions')
      .innerJoin('users', 'users.id', 'checkout_sessions.user_id')
      .select([
        'checkout_sessions.id',
        'checkout_sessions.user_id',
        'users.email',
        'checkout_sessions.price_id',
        'checkout_sessions.status',
        'checkout_sessions.expires_at',
      ])
      .where('checkout_sessions.id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        email: row.email,
        priceId: row.price_id,
        status: row.status,
        expiresAt: row.expires_at,
      }
    );
  }

  /** Moves an open session on; false when it was no longer open (used or cancelled meanwhile). */
  async close(id: string, status: Exclude<CheckoutSessionStatus, 'open'>, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('checkout_sessions')
      .set({ status, completed_at: status === 'completed' ? at : null })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
