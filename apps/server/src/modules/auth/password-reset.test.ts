// Password reset (decision 040) over real HTTP, with the mail going through a real SMTP server
// the test reads.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AccountMessages, type Language, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CapturedMail,
  createUser,
  expectOk,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from '../../testing';
import { authCheck, PUBLIC_URL, useAccountEmailServer } from '../../testing/account-email';

const MINUTE_MS = 60 * 1000;
const env = useAccountEmailServer({ PASSWORD_RESET_RATE_LIMIT_PER_IP: '1000' });

function requestReset(email: string, language: Language = 'en', target: TestServer = env.server()) {
  return target.call(routes.requestPasswordReset, { body: { email, language } });
}

function confirmReset(token: string, password: string) {
  return env.server().call(routes.confirmPasswordReset, { body: { token, password } });
}

function tokenIn(mail: CapturedMail): string {
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in the mail: ${mail.text}`);
  return token;
}

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).status).toBe(202);
  return tokenIn(await env.smtp().waitForMessage(email));
}

const linkRefused = { code: 'reset_link_invalid', message: AccountMessages.resetLinkInvalid };

describe('password reset', () => {
  it('mails a link in the page’s language; it sets the new password and ends every other session', async () => {
    const { seller } = await env.createSeller();
    const otherDevice = expectOk(
      await env.server().call(routes.login, { body: { email: seller.email, password: seller.password } }),
    );

    const requested = await requestReset(seller.email.toUpperCase(), 'fr');
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({ ok: true });

    const mail = await env.smtp().waitForMessage(seller.email);
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe Snaplist');
    expect(mail.from).toEqual({ name: 'Snaplist', address: 'no-reply@localhost' });
    expect(mail.text).toContain('pendant 60 minutes');
    expect(mail.text).toMatch(/jusqu’à \d\d:\d\d UTC/);
    expect(mail.text).toContain('ignorez cet e-mail');
    const token = tokenIn(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const link = `${PUBLIC_URL}/reset-password?token=${token}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">Choisir un nouveau mot de passe</a>`);
    const { db } = env.server().app;
    const stored = await db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash).join()).not.toContain(token);

    const confirmed = expectOk(await confirmReset(token, 'a brand new password'));
    expect(confirmed.user.email).toBe(seller.email);

    expect((await authCheck(env.server(), seller.token)).status).toBe(401);
    expect((await authCheck(env.server(), otherDevice.jwtToken)).status).toBe(401);
    expect((await authCheck(env.server(), confirmed.jwtToken)).status).toBe(200);
    const oldPassword = await env.server().call(routes.login, {
      body: { email: seller.email, password: seller.password },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await env.server().call(routes.login, {
      body: { email: seller.email, password: 'a brand new password' },
    });
    expect(newPassword.status).toBe(200);
  });

  it.each([
    ['en', 'Choose a new Snaplist password', 'for 60 minutes'],
    ['de', 'Neues Snaplist-Passwort festlegen', '60 Minuten lang'],
    ['pl', 'Ustaw nowe hasło do Snaplist', 'przez 60 minut'],
  ] as const)('writes the mail in %s', async (language, subject, expiry) => {
    const { seller } = await env.createSeller();
    expect((await requestReset(seller.email, language)).status).toBe(202);
    const mail = await env.smtp().waitForMessage(seller.email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(expiry);
    expect(mail.html).toContain(expiry);
  });

  it('refuses a used link, and a second confirm at the same moment succeeds only once', async () => {
    const { seller } = await env.createSeller();
    const token = await resetToken(seller.email);
    const [first, second] = await Promise.all([
      confirmReset(token, 'first new password'),
      confirmReset(token, 'second new password'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 410]);
    expect([first.body, second.body]).toContainEqual(linkRefused);

    const again = await confirmReset(token, 'third new password');
    expect(again.status).toBe(410);
    expect(again.body).toEqual(linkRefused);
  });

  it('refuses an expired link with the same answer, and leaves the password as it was', async () => {
    const { seller } = await env.createSeller();
    const token = await resetToken(seller.email);
    env.moveClock(61 * MINUTE_MS);
    const expired = await confirmReset(token, 'too late password');
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual(linkRefused);
    env.moveClock(0);
    const login = await env.server().call(routes.login, {
      body: { email: seller.email, password: seller.password },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a tampered or made-up token, and one from an earlier mail once a newer one was sent', async () => {
    const { seller } = await env.createSeller();
    const earlier = await resetToken(seller.email);
    const later = await resetToken(seller.email);
    const tampered = `${later.slice(0, -1)}${later.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [tampered, 'made-up-token', earlier]) {
      const refused = await confirmReset(token, 'a brand new password');
      expect(refused.status).toBe(410);
      expect(refused.body).toEqual(linkRefused);
    }
    expect((await confirmReset(later, 'a brand new password')).status).toBe(200);
  });

  it('refuses a password too short with 400 naming the field, and keeps the link usable', async () => {
    const { seller } = await env.createSeller();
    const token = await resetToken(seller.email);
    const refused = await confirmReset(token, 'short');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed' });
    expect(refused.body.details).toContainEqual(
      expect.objectContaining({
        field: 'password',
        code: 'password_too_short',
        message: 'Password must be at least 8 characters',
      }),
    );
    expect((await confirmReset(token, 'long enough now')).status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, in the same order of time, and mails nothing', async () => {
    const created = await Promise.all(Array.from({ length: 9 }, () => env.createSeller()));
    const sellers = created.map(({ seller }) => seller);
    const unknown = Array.from({ length: 9 }, () => uniqueEmail('nobody'));
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await requestReset(email);
      return { ms: performance.now() - started, status: response.status, body: response.body };
    };
    const known: Awaited<ReturnType<typeof timed>>[] = [];
    const strangers: Awaited<ReturnType<typeof timed>>[] = [];
    // Interleaved, so a slow moment of the machine hits both kinds alike.
    for (let index = 0; index < sellers.length; index++) {
      known.push(await timed(sellers[index]?.email ?? ''));
      strangers.push(await timed(unknown[index] ?? ''));
    }
    for (const answer of [...known, ...strangers]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: { ok: true } });
    }
    const median = (answers: { ms: number }[]) =>
      answers.map((answer) => answer.ms).sort((a, b) => a - b)[Math.floor(answers.length / 2)] ?? 0;
    const [fast, slow] = [median(known), median(strangers)].sort((a, b) => a - b) as [number, number];
    // Generous, and medians: it catches work of another order on one side (an argon2 hash, waiting for the
    // SMTP server), not jitter; below 5 ms both are just a look-up and the floor keeps noise out.
    expect(slow).toBeLessThan(3 * Math.max(fast, 5));

    for (const seller of sellers) await env.smtp().waitForMessage(seller.email);
    const recipients = env
      .smtp()
      .messages()
      .flatMap((mail) => mail.envelopeTo);
    for (const email of unknown) expect(recipients).not.toContain(email);
  });
});

describe('password reset limits', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({
      MAIL_URL: env.smtp().url,
      TRUST_PROXY: 'true',
      PASSWORD_RESET_RATE_LIMIT_PER_IP: '3',
      PASSWORD_RESET_RATE_LIMIT_PER_EMAIL: '2',
    });
  });

  afterAll(async () => {
    await limited?.close();
  });

  const fromAddress = (email: string, ip: string) =>
    limited.call(routes.requestPasswordReset, {
      body: { email, language: 'en' },
      headers: { 'x-forwarded-for': ip },
    });

  it('limits requests per e-mail, known or not, with the same 429', async () => {
    const seller = await createUser(limited.baseUrl);
    const stranger = uniqueEmail('nobody');
    for (const email of [seller.email, stranger]) {
      expect((await fromAddress(email, '198.51.100.1')).status).toBe(202);
      expect((await fromAddress(email, '198.51.100.2')).status).toBe(202);
    }
    const refusals = [
      await fromAddress(seller.email, '198.51.100.3'),
      await fromAddress(stranger, '198.51.100.3'),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(refusals[1]?.body).toEqual(refusals[0]?.body);
  });

  it('limits requests per IP across e-mails', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await fromAddress(uniqueEmail(), '203.0.113.7')).status).toBe(202);
    }
    expect((await fromAddress(uniqueEmail(), '203.0.113.7')).status).toBe(429);
    expect((await fromAddress(uniqueEmail(), '203.0.113.8')).status).toBe(202);
  });
});

describe('when mail cannot be sent', () => {
  async function waitFor(condition: () => boolean, what: string): Promise<void> {
    for (let waited = 0; waited < 5000; waited += 50) {
      if (condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('still answers 202 when the SMTP server is down, and logs the failure', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const down = await startTestServer({ MAIL_URL: `smtp://127.0.0.1:${port}` });
    try {
      const seller = await createUser(down.baseUrl);
      const response = await requestReset(seller.email, 'en', down);
      expect(response.status).toBe(202);
      expect(response.body).toEqual({ ok: true });
      await waitFor(() => down.logs().includes('a mail could not be sent'), 'the failure in the log');
      expect(down.logs()).toMatch(/ECONNREFUSED/);
      expect(down.logs()).not.toContain('reset-password?token=');
    } finally {
      await down.close();
    }
  });

  it('writes the mail to the outbox without MAIL_URL, with its link in the log', async () => {
    const embedded = await startTestServer();
    try {
      const seller = await createUser(embedded.baseUrl);
      expect((await requestReset(seller.email, 'de', embedded)).status).toBe(202);
      const outbox = path.join(embedded.dataDir, 'outbox');
      // The sign-up's mail (the link that confirms the address), then the reset mail.
      const mails = () =>
        fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];
      await waitFor(() => mails().length === 2, 'two mails in the outbox');
      for (const file of mails()) {
        expect(fs.readFileSync(path.join(outbox, file), 'utf8')).toContain(`To: ${seller.email}`);
      }
      const link = /"links":\["([^"]+\/reset-password[^"]+)"\]/.exec(embedded.logs())?.[1] ?? '';
      expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}$/);
    } finally {
      await embedded.close();
    }
  });
});
