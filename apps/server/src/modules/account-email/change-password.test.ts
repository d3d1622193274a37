// Changing the password in Settings (decision 042) over real HTTP: the current password proves the seller,
// every other session ends, and an account made with Google or Apple chooses its first password.
import { AccountChangeMessages, routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { expectOk } from '../../testing';
import { authCheck, login, makeProviderAccount, useAccountEmailServer } from '../../testing/account-email';

const env = useAccountEmailServer({ AUTH_RATE_LIMIT_PER_EMAIL: '3' });

function changePassword(token: string, body: { currentPassword?: string; newPassword: string }) {
  return env.server().call(routes.changePassword, { token, body });
}

describe('changing the password', () => {
  it('takes the current password, ends every other session and starts a new one', async () => {
    const { seller } = await env.createSeller();
    const otherDevice = expectOk(await login(env.server(), seller.email, seller.password));

    const changed = expectOk(
      await changePassword(seller.token, {
        currentPassword: seller.password,
        newPassword: 'my new password',
      }),
    );
    expect(changed.user).toMatchObject({ email: seller.email, hasPassword: true });

    expect((await authCheck(env.server(), seller.token)).status).toBe(401);
    expect((await authCheck(env.server(), otherDevice.jwtToken)).status).toBe(401);
    expect((await authCheck(env.server(), changed.jwtToken)).status).toBe(200);
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(401);
    expect((await login(env.server(), seller.email, 'my new password')).status).toBe(200);
  });

  it('refuses a wrong current password with 403, and changes nothing', async () => {
    const { seller } = await env.createSeller();
    const refused = await changePassword(seller.token, {
      currentPassword: 'not my password',
      newPassword: 'my new password',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'wrong_password', message: AccountChangeMessages.wrongPassword });
    expect((await authCheck(env.server(), seller.token)).status).toBe(200);
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(200);
  });

  it('refuses a missing current password with 400 naming the field', async () => {
    const { seller } = await env.createSeller();
    const refused = await changePassword(seller.token, { newPassword: 'my new password' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed' });
    expect(refused.body.details).toEqual([
      { field: 'currentPassword', code: 'password_required', message: 'You need to enter a password' },
    ]);
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(200);
  });

  it('refuses a new password too short with 400 naming the field', async () => {
    const { seller } = await env.createSeller();
    const refused = await changePassword(seller.token, {
      currentPassword: seller.password,
      newPassword: 'short',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContainEqual(
      expect.objectContaining({ field: 'newPassword', code: 'password_too_short' }),
    );
  });

  it('lets an account made with Google or Apple choose its first password without a current one', async () => {
    const { seller } = await env.createSeller();
    await makeProviderAccount(env.server(), seller.email);
    expect(expectOk(await authCheck(env.server(), seller.token)).user.hasPassword).toBe(false);

    const changed = expectOk(await changePassword(seller.token, { newPassword: 'my first password' }));
    expect(changed.user.hasPassword).toBe(true);
    expect((await authCheck(env.server(), seller.token)).status).toBe(401);
    expect((await login(env.server(), seller.email, 'my first password')).status).toBe(200);

    // From now on it has a password to prove.
    const unproven = await changePassword(changed.jwtToken, { newPassword: 'another password' });
    expect(unproven.status).toBe(400);
  });

  it('limits wrong current passwords per account, even once the right one is typed', async () => {
    const { seller } = await env.createSeller();
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await changePassword(seller.token, {
        currentPassword: `wrong ${attempt}`,
        newPassword: 'my new password',
      });
      expect(wrong.status).toBe(403);
    }
    const limited = await changePassword(seller.token, {
      currentPassword: seller.password,
      newPassword: 'my new password',
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(200);

    const { seller: other } = await env.createSeller();
    const unaffected = await changePassword(other.token, {
      currentPassword: other.password,
      newPassword: 'my new password',
    });
    expect(unaffected.status).toBe(200);
  });

  it('needs a signed-in seller', async () => {
    const refused = await env
      .server()
      .call(routes.changePassword, { body: { newPassword: 'my new password' } });
    expect(refused.status).toBe(401);
  });
});
