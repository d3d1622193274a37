// The tokens e-mailed to a seller (a password reset, an e-mail confirmation, linking a sign-in provider) live in
// tables of one shape: a hash, an expiry, and `used_at` once followed. Using one is a single guarded update, so
// two confirms at the same moment cannot both succeed.
import type { Db } from './database';
import type { Database } from './schema';

export type SingleUseTokenTable = 'password_reset_tokens' | 'email_links' | 'oidc_link_tokens';

/** A usable token: its id, its user, and the columns asked for. */
export type UsableToken<T extends SingleUseTokenTable, C extends keyof Database[T]> = {
  id: string;
  userId: string;
} & Pick<Database[T], C>;

/** The token with this hash when it is unused and unexpired at `now`: its id, its user, and the given columns. */
export async function findUsableToken<T extends SingleUseTokenTable, C extends keyof Database[T] & string>(
  db: Db,
  table: T,
  columns: readonly C[],
  tokenHash: string,
  now: string,
): Promise<UsableToken<T, C> | undefined> {
  // Kysely cannot type a query over a table named by a type parameter, so it is built over the three tables'
  // shared columns and the row given back the columns the caller asked of its table.
  const row = (await db
    .selectFrom(table as SingleUseTokenTable)
    .select(['id', 'user_id', ...(columns as readonly (keyof Database[SingleUseTokenTable] & string)[])])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()) as ({ id: string; user_id: string } & Pick<Database[T], C>) | undefined;
  if (!row) return undefined;
  const { user_id: userId, ...columnsAsked } = row;
  return { ...columnsAsked, userId } as UsableToken<T, C>;
}

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
