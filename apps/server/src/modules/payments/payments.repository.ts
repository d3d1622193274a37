// Payments: the record of every provider event applied, and the plan fields of the account it changes.
import type { Db } from '../../db/database';
import { toUserRow, type UserRow } from '../users/users.repository';

/** The plan as an event leaves it; fields left out keep their value. */
export interface PlanChange {
  priceId?: string | null;
  tier?: string | null;
  period?: string | null;
  status: string;
  customerId?: string | null;
  subscriptionId?: string | null;
  /** When the provider's event happened. */
  updatedAt: string;
}

export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  /** Records an event by its provider and id; false when it was recorded before (a replay). */
  async recordEvent(event: { provider: string; eventId: string; type: string; receivedAt: string }) {
    const result = await this.db
      .insertInto('payment_events')
      .values({
        provider: event.provider,
        event_id: event.eventId,
        type: event.type,
        received_at: event.receivedAt,
      })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows) === 1;
  }

  /**
   * The account an event is about: by our user id, else by the provider's subscription, else customer.
   * Inside a transaction the account stays locked until it ends, so two events about one account (a
   * checkout and its subscription, delivered at once to two API processes) apply one after the other.
   */
  async findAccount(subject: {
    userId: string | null;
    subscriptionId: string | null;
    customerId: string | null;
  }): Promise<UserRow | undefined> {
    const lookups = [
      ['id', subject.userId],
      ['payment_subscription_id', subject.subscriptionId],
      ['payment_customer_id', subject.customerId],
    ] as const;
    for (const [column, value] of lookups) {
      if (!value) continue;
      const found = await this.db
        .selectFrom('users')
        .select('id')
        .where(column, '=', value)
        .executeTakeFirst();
      if (found) return this.lockAccount(found.id);
    }
    return undefined;
  }

  /**
   * Takes the account row's write lock, then reads it. SQLite runs one transaction at a time already; on
   * PostgreSQL the plan is read then written, and without the lock a concurrent event could land in between
   * (an older one overwriting a newer). A no-op UPDATE is the row lock both dialects accept (SQLite has no
   * SELECT ... FOR UPDATE).
   */
  private async lockAccount(id: string): Promise<UserRow | undefined> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ plan_updated_at: eb.ref('plan_updated_at') }))
      .where('id', '=', id)
      .execute();
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUserRow(row);
  }

  async updatePlan(userId: string, change: PlanChange): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        plan_status: change.status,
        plan_updated_at: change.updatedAt,
        ...(change.priceId !== undefined && { plan_price_id: change.priceId }),
        ...(change.tier !== undefined && { plan_tier: change.tier }),
        ...(change.period !== undefined && { plan_period: change.period }),
        ...(change.customerId !== undefined && { payment_customer_id: change.customerId }),
        ...(change.subscriptionId !== undefined && { payment_subscription_id: change.subscriptionId }),
      })
      .where('id', '=', userId)
      .execute();
  }
}
