// Storage objects waiting to be deleted (decision 043). Their keys are written in the transaction that deletes
// the rows pointing at them, and removed once the objects are gone; what a crash leaves in between, the sweeper
// deletes. Deleting an object twice is harmless, so the API and a sweep may both work on the same keys.
// A generation run's files are queued held, before they are written (decision 051): the commit that makes them
// a listing's releases them, and a hold that ends unreleased lets the sweeper claim them and delete the files.
// Release and claim both take only rows still held, so one of the two wins and the other sees it.
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

  /** Keys of files about to be written, held until `until` for the commit that will release them. */
  async hold(keys: readonly string[], at: string, until: string): Promise<void> {
    for (const batch of batches(keys)) {
      await this.db
        .insertInto('storage_deletions')
        .values(batch.map((key) => ({ key, queued_at: at, held_until: until })))
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    }
  }

  /**
   * The commit took these files: their keys leave the queue. False when some were no longer held (a sweep
   * claimed them, their files may be gone): the commit must not go ahead.
   */
  async release(keys: readonly string[]): Promise<boolean> {
    let released = 0;
    for (const batch of batches(keys)) {
      const result = await this.db
        .deleteFrom('storage_deletions')
        .where('key', 'in', batch)
        .where('held_until', 'is not', null)
        .executeTakeFirst();
      released += Number(result.numDeletedRows);
    }
    return released === keys.length;
  }

  /** Held keys whose hold ended before `now`, the oldest first, at most `limit`. */
  heldPast(now: string, limit: number): Promise<string[]> {
    return this.oldestKeys(now, limit);
  }

  /**
   * Ends the hold of those keys still held and answers them: no commit can release them any more, so their
   * files may go. A key some commit released already is not answered.
   */
  async claim(keys: readonly string[]): Promise<string[]> {
    const claimed: string[] = [];
    for (const batch of batches(keys)) {
      const rows = await this.db
        .updateTable('storage_deletions')
        .set({ held_until: null })
        .where('key', 'in', batch)
        .where('held_until', 'is not', null)
        .returning('key')
        .execute();
      claimed.push(...rows.map((row) => row.key));
    }
    return claimed;
  }

  /** The oldest keys waiting and not held, at most `limit`. */
  waiting(limit: number): Promise<string[]> {
    return this.oldestKeys(null, limit);
  }

  /** The oldest keys held until before `heldUntilBefore`, or not held when it is null; at most `limit`. */
  private async oldestKeys(heldUntilBefore: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('storage_deletions')
      .select('key')
      .where((eb) =>
        heldUntilBefore === null ? eb('held_until', 'is', null) : eb('held_until', '<', heldUntilBefore),
      )
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
