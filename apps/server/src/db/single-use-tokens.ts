// The tokens e-mailed to a seller (a password reset, an e-mail confirmation, linking a sign-in provider) live in
// tables of one shape: a hash, an expiry, and `used_at` once followed. Using one is a single guarded update, so
// two confirms at the same moment cannot both succeed.
import type { Db } from './database';

export type SingleUseTokenTable = 'password_reset_tokens' | 'email_links' | 'oidc_link_tokens';

/** True for the one caller that used the token, while unused and unexpired at `now`. */
export async function markTokenUsed(
  db: Db,
  table: SingleUseTokenTable,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the tokens expired before `before` (the sweeper); answers how many went. */
export async function deleteTokensExpiredBefore(
  db: Db,
  table: SingleUseTokenTable,
  before: string,
): Promise<number> {
  const result = await db.deleteFrom(table).where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
