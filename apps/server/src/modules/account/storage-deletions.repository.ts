// Storage objects waiting to be deleted (decision 043). Their keys are written in the transaction that deletes
// the rows pointing at them, and removed once the objects are gone; what a crash leaves in between, the sweeper
// deletes. Deleting an object twice is harmless, so the API and a sweep may both work on the same keys.
import type { Db } from '../../db/database';

/** Rows per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH_SIZE = 500;

export class StorageDeletionsRepository {
  constructor(private readonly db: Db) {}

  async queue(keys: readonly string[], at: string): Promise<void> {
    for (const batch of batches(keys)) {
      await this.db
        .insertInto('storage_deletions')
        .values(batch.map((key) => ({ key, queued_at: at })))
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    }
  }

  /** The oldest keys still waiting, at most `limit`. */
  async waiting(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('storage_deletions')
      .select('key')
      .orderBy('queued_at')
      .orderBy('key')
      .limit(limit)
      .execute();
    return rows.map((row) => row.key);
  }

  /** The objects of these keys are gone. */
  async forget(keys: readonly string[]): Promise<void> {
    for (const batch of batches(keys)) {
      await this.db.deleteFrom('storage_deletions').where('key', 'in', batch).execute();
    }
  }
}

function batches(keys: readonly string[]): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < keys.length; start += BATCH_SIZE) {
    result.push(keys.slice(start, start + BATCH_SIZE));
  }
  return result;
}
