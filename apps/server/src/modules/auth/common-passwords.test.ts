// Common passwords (decision 052) over real HTTP: refused wherever a seller chooses a password (sign-up,
// a reset link, Settings), on the field that carries it, with the issue code the web app translates.
import { fieldIssue, routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { expectOk, uniqueEmail } from '../../testing';
import { authCheck, login, makeProviderAccount, useAccountEmailServer } from '../../testing/account-email';
import { isCommonPassword } from './common-passwords';

const COMMON = ['password', '12345678', 'Password1!'];
const STRONG = 'linen shirts and 2 denim jackets';

const env = useAccountEmailServer();

function refusal(field: string) {
  const issue = fieldIssue(field, 'password_too_common');
  return { code: 'validation_failed', message: issue.message, details: [issue] };
}

async function resetToken(email: string): Promise<string> {
  const requested = await env.server().call(routes.requestPasswordReset, { body: { email, language: 'en' } });
  expect(requested.status).toBe(202);
  const mail = await env.smtp().waitForMessage(email);
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in the mail: ${mail.text}`);
  return token;
}

describe('a common password', () => {
  it('is the list look-up, whatever the case and the digits or symbols around it', () => {
    for (const password of [...COMMON, 'PASSWORD', 'Dragon99', '!!sunshine2024', 'qwerty 123', 'P@ssw0rd']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of [STRONG, 'vintage-denim-2026', 'correct horse battery staple', 'pass-word-shop']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('is refused at sign-up, and the account is not made; a strong one signs up', async () => {
    const email = uniqueEmail();
    for (const password of COMMON) {
      const refused = await env.server().call(routes.signup, { body: { email, password } });
      expect(refused.status, password).toBe(400);
      expect(refused.body).toEqual(refusal('password'));
    }
    expect((await login(env.server(), email, 'Password1!')).status).toBe(401);
    const signedUp = await env.server().call(routes.signup, { body: { email, password: STRONG } });
    expect(signedUp.status).toBe(201);
  });

  it('is refused from a reset link, which stays usable for a strong one', async () => {
    const { seller } = await env.createSeller();
    const token = await resetToken(seller.email);
    for (const password of COMMON) {
      const refused = await env.server().call(routes.confirmPasswordReset, { body: { token, password } });
      expect(refused.status, password).toBe(400);
      expect(refused.body).toEqual(refusal('password'));
    }
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(200);
    expectOk(await env.server().call(routes.confirmPasswordReset, { body: { token, password: STRONG } }));
    expect((await login(env.server(), seller.email, STRONG)).status).toBe(200);
  });

  it('is refused as a new password in Settings, and the session and the old password stay', async () => {
    const { seller } = await env.createSeller();
    for (const newPassword of COMMON) {
      const refused = await env.server().call(routes.changePassword, {
        token: seller.token,
        body: { currentPassword: seller.password, newPassword },
      });
      expect(refused.status, newPassword).toBe(400);
      expect(refused.body).toEqual(refusal('newPassword'));
    }
    expect((await authCheck(env.server(), seller.token)).status).toBe(200);
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(200);
    expectOk(
      await env.server().call(routes.changePassword, {
        token: seller.token,
        body: { currentPassword: seller.password, newPassword: STRONG },
      }),
    );
    expect((await login(env.server(), seller.email, STRONG)).status).toBe(200);
  });

  it('is refused as the first password of an account made with Google or Apple', async () => {
    const { seller } = await env.createSeller();
    await makeProviderAccount(env.server(), seller.email);
    const refused = await env.server().call(routes.changePassword, {
      token: seller.token,
      body: { newPassword: 'Password1!' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(refusal('newPassword'));
    const set = expectOk(
      await env.server().call(routes.changePassword, { token: seller.token, body: { newPassword: STRONG } }),
    );
    expect(set.user.hasPassword).toBe(true);
  });
});
