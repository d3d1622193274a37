// The sweeper at the service tier (testing/test-services.ts): each module's repository deletes its own expired
// rows when the sweeper says so. Links (reset, e-mail, sign-in) are kept a day past expiry; a sign-in attempt
// goes once expired.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServices, type TestServices, uniqueEmail } from '../../testing';

const HOUR_MS = 60 * 60 * 1000;
const MOMENT = new Date('2026-06-01T12:00:00.000Z');

let tier: TestServices;

beforeAll(async () => {
  tier = await openTestServices({}, { now: () => MOMENT });
});

afterAll(async () => {
  await tier?.close();
});

function hoursFromMoment(hours: number): string {
  return new Date(MOMENT.getTime() + hours * HOUR_MS).toISOString();
}

/** A seller, made through the auth service: the links below belong to someone. */
async function seller(): Promise<string> {
  const email = uniqueEmail('sweep');
  await tier.services.auth.signup(
    { email, password: 'a long and unusual passphrase', language: 'en' },
    '203.0.113.9',
  );
  const user = await tier.repositories.users.findByEmail(email);
  if (!user) throw new Error('the seller was not made');
  return user.id;
}

/** Links and attempts of one seller, each expiring `hours` from the moment of the sweep. */
async function linksExpiringIn(hours: number): Promise<{ userId: string }> {
  const userId = await seller();
  const { resets, emailLinks, linkTokens, attempts } = tier.repositories;
  const made = { createdAt: hoursFromMoment(hours - 1), expiresAt: hoursFromMoment(hours) };
  await resets.replaceForUser({ id: crypto.randomUUID(), userId, tokenHash: crypto.randomUUID(), ...made });
  await emailLinks.replaceForUser({
    id: crypto.randomUUID(),
    userId,
    purpose: 'verify',
    email: uniqueEmail('link'),
    language: 'en',
    tokenHash: crypto.randomUUID(),
    ...made,
  });
  await linkTokens.create({
    id: crypto.randomUUID(),
    tokenHash: crypto.randomUUID(),
    userId,
    provider: 'google',
    subject: crypto.randomUUID(),
    email: uniqueEmail('google'),
    ...made,
  });
  await attempts.create({
    id: crypto.randomUUID(),
    provider: 'google',
    state: crypto.randomUUID(),
    nonce: crypto.randomUUID(),
    codeVerifier: crypto.randomUUID(),
    browserKeyHash: crypto.randomUUID(),
    language: 'en',
    ...made,
  });
  return { userId };
}

async function rowsOf(userId: string) {
  const count = async (table: 'password_reset_tokens' | 'email_links' | 'oidc_link_tokens') =>
    (await tier.db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
  return {
    resets: await count('password_reset_tokens'),
    emailLinks: await count('email_links'),
    signInLinks: await count('oidc_link_tokens'),
  };
}

describe('Sweeper', () => {
  it('deletes links expired over a day ago and the expired sign-in attempts, and keeps the rest', async () => {
    const longExpired = await linksExpiringIn(-25);
    const justExpired = await linksExpiringIn(-1);
    const live = await linksExpiringIn(2);
    const attemptsBefore = await tier.db.selectFrom('oidc_attempts').select('id').execute();
    expect(attemptsBefore).toHaveLength(3);

    const swept = await tier.sweeper.sweep();
    expect(swept).toMatchObject({
      expiredResetTokens: 1,
      expiredEmailLinks: 1,
      expiredSignInLinks: 1,
      expiredSignInAttempts: 2,
    });
    expect(await rowsOf(longExpired.userId)).toEqual({ resets: 0, emailLinks: 0, signInLinks: 0 });
    expect(await rowsOf(justExpired.userId)).toEqual({ resets: 1, emailLinks: 1, signInLinks: 1 });
    expect(await rowsOf(live.userId)).toEqual({ resets: 1, emailLinks: 1, signInLinks: 1 });
    expect(await tier.db.selectFrom('oidc_attempts').select('id').execute()).toHaveLength(1);
  });
});
