// Google and Apple sign-ins under way, and the links e-mailed to prove an existing account (decision 041).
// Each step that may be taken once is an update guarded by its own "not yet" column, so of two requests at the
// same moment only one gets through.
import type { Language, OidcProvider } from '@snaplist/contract';
import type { Db } from '../../db/database';
import { deleteTokensExpiredBefore, findUsableToken, markTokenUsed } from '../../db/single-use-tokens';

export interface OidcAttemptRow {
  id: string;
  provider: OidcProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  browserKeyHash: string;
  language: Language;
  expiresAt: string;
  completedAt: string | null;
  /** Set after `link_required`. */
  pending: { userId: string; subject: string; email: string } | undefined;
  linkedAt: string | null;
}

export class OidcAttemptsRepository {
  constructor(private readonly db: Db) {}

  async create(
    attempt: Omit<OidcAttemptRow, 'completedAt' | 'pending' | 'linkedAt'> & { createdAt: string },
  ): Promise<void> {
    await this.db
      .insertInto('oidc_attempts')
      .values({
        id: attempt.id,
        provider: attempt.provider,
        state: attempt.state,
        nonce: attempt.nonce,
        code_verifier: attempt.codeVerifier,
        browser_key_hash: attempt.browserKeyHash,
        language: attempt.language,
        created_at: attempt.createdAt,
        expires_at: attempt.expiresAt,
      })
      .execute();
  }

  async findByState(state: string): Promise<OidcAttemptRow | undefined> {
    const row = await this.db
      .selectFrom('oidc_attempts')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      provider: row.provider,
      state: row.state,
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      browserKeyHash: row.browser_key_hash,
      language: row.language,
      expiresAt: row.expires_at,
      completedAt: row.completed_at,
      pending:
        row.pending_user_id && row.pending_subject && row.pending_email
          ? { userId: row.pending_user_id, subject: row.pending_subject, email: row.pending_email }
          : undefined,
      linkedAt: row.linked_at,
    };
  }

  /** True for the one caller that completes it, before it expires: a state works once. */
  async markCompleted(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('oidc_attempts')
      .set({ completed_at: now })
      .where('id', '=', id)
      .where('completed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The identity that waits for the seller to prove the account; they get a fresh while to do it. */
  async rememberPending(
    id: string,
    pending: { userId: string; subject: string; email: string; expiresAt: string },
  ): Promise<void> {
    await this.db
      .updateTable('oidc_attempts')
      .set({
        pending_user_id: pending.userId,
        pending_subject: pending.subject,
        pending_email: pending.email,
        expires_at: pending.expiresAt,
      })
      .where('id', '=', id)
      .execute();
  }

  /** True for the one caller that takes the pending identity, before the attempt expires. */
  async markLinked(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('oidc_attempts')
      .set({ linked_at: now })
      .where('id', '=', id)
      .where('linked_at', 'is', null)
      .where('pending_subject', 'is not', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Attempts past their expiry: a state works only before it (the sweeper); answers how many went. */
  async deleteExpired(now: string): Promise<number> {
    const result = await this.db
      .deleteFrom('oidc_attempts')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export interface OidcLinkTokenRow {
  id: string;
  userId: string;
  provider: OidcProvider;
  subject: string;
  email: string;
}

/** Links e-mailed to an existing account: found by the SHA-256 of their token, used once. */
export class OidcLinkTokensRepository {
  constructor(private readonly db: Db) {}

  async create(token: OidcLinkTokenRow & { tokenHash: string; createdAt: string; expiresAt: string }) {
    await this.db
      .insertInto('oidc_link_tokens')
      .values({
        id: token.id,
        token_hash: token.tokenHash,
        user_id: token.userId,
        provider: token.provider,
        subject: token.subject,
        email: token.email,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
      })
      .execute();
  }

  /** The link with this hash when it is unused and unexpired at `now`. */
  findUsable(tokenHash: string, now: string): Promise<OidcLinkTokenRow | undefined> {
    return findUsableToken(this.db, 'oidc_link_tokens', ['provider', 'subject', 'email'], tokenHash, now);
  }

  /** True for the one caller that used it. */
  async markUsed(id: string, now: string): Promise<boolean> {
    return markTokenUsed(this.db, 'oidc_link_tokens', id, now);
  }

  /** Links expired before `before` (the sweeper); answers how many went. */
  deleteExpiredBefore(before: string): Promise<number> {
    return deleteTokensExpiredBefore(this.db, 'oidc_link_tokens', before);
  }
}
