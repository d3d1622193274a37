// Starting a session: a row in `sessions` and the signed token that names it. One place for every way in (a
// password log-in or sign-up, a reset link, Google or Apple, a changed password), so a session lasts as long
// and can be revoked the same way whichever way it began.
import crypto from 'node:crypto';
import type { SessionsRepository } from './auth.repository';
import type { TokenSigner } from './tokens';

export class SessionIssuer {
  constructor(
    private readonly tokens: TokenSigner,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `sessions` is the transaction's repository when the session must start with other changes or not at all. */
  async start(userId: string, sessions: SessionsRepository): Promise<string> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.ttlSeconds * 1000);
    const sessionId = crypto.randomUUID();
    await sessions.create({
      id: sessionId,
      userId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return this.tokens.sign({ userId, sessionId }, expiresAt);
  }
}
