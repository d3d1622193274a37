// E-mail verification (decision 042) over real HTTP, with the mail going through a real SMTP server
// the test reads.
import { type Language, routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { expectOk, uniqueEmail } from '../../testing';
import {
  authCheck,
  confirmEmail,
  confirmTokenIn,
  EMAIL_LINK_REFUSED,
  emailLinkCount,
  HOUR_MS,
  PUBLIC_URL,
  useAccountEmailServer,
} from '../../testing/account-email';

const env = useAccountEmailServer();

function resend(token: string, language: Language = 'en') {
  return env.server().call(routes.sendEmailVerification, { token, body: { language } });
}

describe('the mail a password sign-up gets', () => {
  it('links to /confirm-email in the language the sign-up asked for, and the link confirms the address', async () => {
    const email = uniqueEmail();
    const signedUp = expectOk(
      await env.server().call(routes.signup, {
        body: { email, password: 'a good password', language: 'fr', product: 'crosslister' },
      }),
    );
    expect(signedUp.user).toMatchObject({ email, emailVerified: false, hasPassword: true });

    const mail = await env.smtp().waitForMessage(email);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail Snaplist');
    expect(mail.text).toContain('pendant 24 heures');
    expect(mail.text).toMatch(/jusqu’au \d{1,2} \S+ (à )?\d\d:\d\d UTC/);
    const token = confirmTokenIn(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const link = `${PUBLIC_URL}/confirm-email?token=${token}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">Confirmer mon adresse e-mail</a>`);
    const stored = await env.server().app.db.selectFrom('email_links').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash).join()).not.toContain(token);

    // Signed out: the link may be opened on another device.
    const confirmed = await confirmEmail(env.server(), token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ ok: true, email });
    const { user } = expectOk(await authCheck(env.server(), signedUp.jwtToken));
    expect(user.emailVerified).toBe(true);
  });

  it.each([
    ['en', 'Confirm your email address for Snaplist', 'for 24 hours'],
    ['de', 'Bestätige deine E-Mail-Adresse für Snaplist', '24 Stunden lang'],
    ['pl', 'Potwierdź swój adres e-mail w Snaplist', 'przez 24 godziny'],
  ] as const)('is written in %s', async (language, subject, expiry) => {
    const email = uniqueEmail();
    const body = { email, password: 'a good password', language };
    expect((await env.server().call(routes.signup, { body })).status).toBe(201);
    const mail = await env.smtp().waitForMessage(email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(expiry);
    expect(mail.html).toContain(expiry);
  });

  it('is in English when the sign-up names no language', async () => {
    const { verificationMail } = await env.createSeller();
    expect(verificationMail.subject).toBe('Confirm your email address for Snaplist');
  });
});

describe('confirming', () => {
  it('refuses a used link, and a second confirm at the same moment succeeds only once', async () => {
    const { verificationMail } = await env.createSeller();
    const token = confirmTokenIn(verificationMail);
    const [first, second] = await Promise.all([
      confirmEmail(env.server(), token),
      confirmEmail(env.server(), token),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 410]);
    expect([first.body, second.body]).toContainEqual(EMAIL_LINK_REFUSED);

    const again = await confirmEmail(env.server(), token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual(EMAIL_LINK_REFUSED);
  });

  it('refuses an expired link with the same answer, and leaves the address unconfirmed', async () => {
    const { seller, verificationMail } = await env.createSeller();
    env.moveClock(25 * HOUR_MS);
    const expired = await confirmEmail(env.server(), confirmTokenIn(verificationMail));
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual(EMAIL_LINK_REFUSED);
    env.moveClock(0);
    expect(expectOk(await authCheck(env.server(), seller.token)).user.emailVerified).toBe(false);
  });

  it('refuses a tampered or made-up token', async () => {
    const { seller, verificationMail } = await env.createSeller();
    const token = confirmTokenIn(verificationMail);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [tampered, 'made-up-token']) {
      const refused = await confirmEmail(env.server(), guess);
      expect(refused.status).toBe(410);
      expect(refused.body).toEqual(EMAIL_LINK_REFUSED);
    }
    expect(expectOk(await authCheck(env.server(), seller.token)).user.emailVerified).toBe(false);
    expect((await confirmEmail(env.server(), token)).status).toBe(200);
  });
});

describe('asking for the mail again', () => {
  it('sends a new link in the language asked for, and the earlier link stops working', async () => {
    const { seller, verificationMail } = await env.createSeller();
    const earlier = confirmTokenIn(verificationMail);

    const resent = await resend(seller.token, 'de');
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ ok: true });
    const mail = await env.smtp().waitForMessage(seller.email);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Snaplist');
    const later = confirmTokenIn(mail);

    const refused = await confirmEmail(env.server(), earlier);
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual(EMAIL_LINK_REFUSED);
    expect(expectOk(await confirmEmail(env.server(), later))).toEqual({ ok: true, email: seller.email });
    expect(expectOk(await authCheck(env.server(), seller.token)).user.emailVerified).toBe(true);
  });

  it('answers 202 once the address is confirmed, and sends nothing', async () => {
    const { seller, verificationMail } = await env.createSeller();
    expectOk(await confirmEmail(env.server(), confirmTokenIn(verificationMail)));
    const links = await emailLinkCount(env.server(), seller.email);

    const resent = await resend(seller.token);
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ ok: true });
    expect(await emailLinkCount(env.server(), seller.email)).toBe(links);
    // A mail sent after the answer would arrive before this one, asked for later.
    await env.server().call(routes.requestPasswordReset, { body: { email: seller.email, language: 'en' } });
    expect((await env.smtp().waitForMessage(seller.email)).subject).toBe('Choose a new Snaplist password');
  });

  it('needs a signed-in seller', async () => {
    const refused = await env.server().call(routes.sendEmailVerification, { body: { language: 'en' } });
    expect(refused.status).toBe(401);
  });

  it('limits the requests of one account, others still get theirs', async () => {
    const { seller } = await env.createSeller();
    for (let request = 0; request < 3; request++) expect((await resend(seller.token)).status).toBe(202);
    const refused = await resend(seller.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const { seller: other } = await env.createSeller();
    expect((await resend(other.token)).status).toBe(202);
  });
});

describe('the sweeper', () => {
  it('deletes e-mail links expired for over a day, and keeps the rest', async () => {
    const { seller } = await env.createSeller();
    const { id: userId } = await env
      .server()
      .app.db.selectFrom('users')
      .select('id')
      .where('email', '=', seller.email)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const link = (id: string, hoursLeft: number) => ({
      id,
      user_id: userId,
      purpose: 'change' as const,
      email: uniqueEmail('new'),
      language: 'en' as const,
      token_hash: `${id}-${userId}`.padEnd(64, '0'),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + hoursLeft * HOUR_MS).toISOString(),
      used_at: null,
    });
    await env
      .server()
      .app.db.insertInto('email_links')
      .values([link('gone', -25), link('kept-expired', -23), link('kept-usable', 1)])
      .execute();

    expect((await env.server().app.sweeper.sweep()).expiredEmailLinks).toBe(1);
    const left = await env
      .server()
      .app.db.selectFrom('email_links')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'change')
      .orderBy('id')
      .execute();
    expect(left).toEqual([{ id: 'kept-expired' }, { id: 'kept-usable' }]);
  });
});
