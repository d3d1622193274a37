// Usage: the one-off free allowance on the user row, the monthly count per user and month, and what each
// generation was charged to. Every charge is one conditional UPDATE whose changed-row count says whether
// there was room, so two requests can never both take the last unit, on SQLite and PostgreSQL alike.
import type { Db } from '../../db/database';
import type { GenerationCharge } from '../../db/schema';

export interface RecordedCharge {
  ownerId: string;
  to: GenerationCharge;
  month: string;
}

export class UsageRepository {
  constructor(private readonly db: Db) {}

  async monthUsed(userId: string, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage')
      .select('ai_listings_used')
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row?.ai_listings_used ?? 0;
  }

  /** Takes one unit of the free allowance; false when it is used up. */
  async takeFree(userId: string, allowance: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set((eb) => ({ free_ai_listings_used: eb('free_ai_listings_used', '+', 1) }))
      .where('id', '=', userId)
      .where('free_ai_listings_used', '<', allowance)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Counts one unit in the month; with a limit, only while the month is under it (false when it is not). */
  async takeFromMonth(userId: string, month: string, limit: number | null): Promise<boolean> {
    // The month's row appears on its first use, which is how a new month starts at zero.
    await this.db
      .insertInto('usage')
      .values({ user_id: userId, month, ai_listings_used: 0 })
      .onConflict((conflict) => conflict.columns(['user_id', 'month']).doNothing())
      .execute();
    let update = this.db
      .updateTable('usage')
      .set((eb) => ({ ai_listings_used: eb('ai_listings_used', '+', 1) }))
      .where('user_id', '=', userId)
      .where('month', '=', month);
    if (limit !== null) update = update.where('ai_listings_used', '<', limit);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async giveBackFree(userId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ free_ai_listings_used: eb('free_ai_listings_used', '-', 1) }))
      .where('id', '=', userId)
      .where('free_ai_listings_used', '>', 0)
      .execute();
  }

  async giveBackToMonth(userId: string, month: string): Promise<void> {
    await this.db
      .updateTable('usage')
      .set((eb) => ({ ai_listings_used: eb('ai_listings_used', '-', 1) }))
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .where('ai_listings_used', '>', 0)
      .execute();
  }

  async chargeOf(generationId: string): Promise<RecordedCharge | undefined> {
    const row = await this.db
      .selectFrom('generations')
      .select(['owner_id', 'charged_to', 'charged_month'])
      .where('id', '=', generationId)
      .executeTakeFirst();
    return row?.charged_to && row.charged_month
      ? { ownerId: row.owner_id, to: row.charged_to, month: row.charged_month }
      : undefined;
  }

  async recordCharge(generationId: string, to: GenerationCharge, month: string): Promise<void> {
    await this.db
      .updateTable('generations')
      .set({ charged_to: to, charged_month: month })
      .where('id', '=', generationId)
      .execute();
  }

  /** Clears the generation's charge; false when another request already did (nothing to give back). */
  async clearCharge(generationId: string, to: GenerationCharge): Promise<boolean> {
    const result = await this.db
      .updateTable('generations')
      .set({ charged_to: null, charged_month: null })
      .where('id', '=', generationId)
      .where('charged_to', '=', to)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
