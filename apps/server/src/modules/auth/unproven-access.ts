// Pre-account hijacking (Sudhodanan & Paverd, 2022; decision 053): someone signs up with a seller's address
// before the seller does, sets a password (or ties a provider account whose address nobody checked) and waits.
// When the seller later proves the address, everything set up before that proof may be the stranger's, so it
// stops working: every session, every provider link, every pending address change, and the password unless the
// proof was the password itself.
import type { SessionsRepository } from './auth.repository';
import type { IdentitiesRepository } from './identities.repository';

/** The account's e-mailed links not yet followed (account-email's EmailLinksRepository). */
export interface PendingEmailLinks {
  cancelForUser(userId: string): Promise<void>;
}

export interface UnprovenAccessRepositories {
  users: { forgetPassword(id: string, unknowableHash: string): Promise<void> };
  identities: Pick<IdentitiesRepository, 'removeAllForUser'>;
  sessions: Pick<SessionsRepository, 'revokeAllForUser'>;
  emailLinks: PendingEmailLinks;
}

/**
 * Ends what was set up on the account before its address was proven, inside the proving transaction.
 * `unknowableHash` replaces the password; undefined keeps it (the proof was that password, or sets a new one).
 * `keepProviders` keeps the provider links, for a proof on an account whose address was already confirmed.
 */
export async function endUnprovenAccess(
  { users, identities, sessions, emailLinks }: UnprovenAccessRepositories,
  userId: string,
  {
    unknowableHash,
    keepProviders = false,
    at,
  }: { unknowableHash: string | undefined; keepProviders?: boolean; at: string },
): Promise<void> {
  await sessions.revokeAllForUser(userId, at);
  if (!keepProviders) await identities.removeAllForUser(userId);
  await emailLinks.cancelForUser(userId);
  if (unknowableHash !== undefined) await users.forgetPassword(userId, unknowableHash);
}
