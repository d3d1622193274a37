// Changing the e-mail address in Settings (decision 042) over real HTTP: the link goes to the new address,
// the account keeps its address until it is followed, the old address is told, and the request never tells
// whether another account uses the new address.
import { AccountChangeMessages, AuthMessages, type Language, routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { expectOk, uniqueEmail } from '../../testing';
import {
  authCheck,
  confirmEmail,
  confirmTokenIn,
  EMAIL_LINK_REFUSED,
  login,
  makeProviderAccount,
  PUBLIC_URL,
  useAccountEmailServer,
} from '../../testing/account-email';

const env = useAccountEmailServer();

function changeEmail(token: string, body: { email: string; currentPassword?: string; language?: Language }) {
  return env.server().call(routes.changeEmail, { token, body });
}

async function changeLinkToken(to: string): Promise<string> {
  return confirmTokenIn(await env.smtp().waitForMessage(to));
}

describe('changing the e-mail address', () => {
  it('mails the link to the new address, keeps the old one until it is followed, then tells the old one', async () => {
    const { seller } = await env.createSeller();
    const newEmail = uniqueEmail('moved');

    const requested = await changeEmail(seller.token, {
      email: newEmail.toUpperCase(),
      currentPassword: seller.password,
      language: 'pl',
    });
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({ ok: true, pendingEmail: newEmail });

    const mail = await env.smtp().waitForMessage(newEmail);
    expect(mail.subject).toBe('Potwierdź nowy adres e-mail w Snaplist');
    expect(mail.text).toContain('przez 24 godziny');
    const token = confirmTokenIn(mail);
    const link = `${PUBLIC_URL}/confirm-email?token=${token}`;
    expect(mail.html).toContain(`<a href="${link}">Potwierdź nowy adres e-mail</a>`);

    // Until the link is followed nothing changes.
    expect(expectOk(await authCheck(env.server(), seller.token)).user.email).toBe(seller.email);
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(200);
    expect((await login(env.server(), newEmail, seller.password)).status).toBe(401);

    // Signed out: the link may be opened on another device.
    expect(expectOk(await confirmEmail(env.server(), token))).toEqual({ ok: true, email: newEmail });

    // No session ends: the seller changed their own address.
    const { user } = expectOk(await authCheck(env.server(), seller.token));
    expect(user).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await login(env.server(), newEmail, seller.password)).status).toBe(200);
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(401);

    const notice = await env.smtp().waitForMessage(seller.email);
    expect(notice.subject).toBe('Adres e-mail Twojego konta Snaplist został zmieniony');
    expect(notice.text).toContain(`to teraz ${newEmail}`);
    expect(notice.text).toContain('napisz na support@snaplist.app');
    expect(notice.html).toContain(newEmail);

    const again = await confirmEmail(env.server(), token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual(EMAIL_LINK_REFUSED);
  });

  it('answers an address another account uses exactly like a free one, and refuses it at the confirm step', async () => {
    const { seller } = await env.createSeller();
    const { seller: owner } = await env.createSeller();
    const freeEmail = uniqueEmail('free');

    const free = await changeEmail(seller.token, { email: freeEmail, currentPassword: seller.password });
    const taken = await changeEmail(seller.token, { email: owner.email, currentPassword: seller.password });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual({ ok: true, pendingEmail: owner.email });
    expect(Object.keys(taken.body)).toEqual(Object.keys(free.body));

    const token = await changeLinkToken(owner.email);
    const refused = await confirmEmail(env.server(), token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'email_taken', message: AuthMessages.emailTaken });

    // Nothing changed: both accounts keep their address.
    expect(expectOk(await authCheck(env.server(), seller.token)).user.email).toBe(seller.email);
    expect((await login(env.server(), seller.email, seller.password)).status).toBe(200);
    expect((await login(env.server(), owner.email, owner.password)).status).toBe(200);

    // The link was not used up: once the address is free, it works.
    const elsewhere = uniqueEmail('elsewhere');
    expectOk(await changeEmail(owner.token, { email: elsewhere, currentPassword: owner.password }));
    expectOk(await confirmEmail(env.server(), await changeLinkToken(elsewhere)));
    expect(expectOk(await confirmEmail(env.server(), token))).toEqual({ ok: true, email: owner.email });
  });

  it('refuses the address the account already has with 400, whatever its case', async () => {
    const { seller } = await env.createSeller();
    const refused = await changeEmail(seller.token, {
      email: ` ${seller.email.toUpperCase()} `,
      currentPassword: seller.password,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed' });
    expect(refused.body.details).toEqual([
      {
        field: 'email',
        code: 'email_unchanged',
        message: 'This is already your email address: enter the new one.',
      },
    ]);
  });

  it('refuses a wrong current password with 403 and a missing one with 400, sending nothing', async () => {
    const { seller } = await env.createSeller();
    const newEmail = uniqueEmail('moved');
    const wrong = await changeEmail(seller.token, { email: newEmail, currentPassword: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'wrong_password', message: AccountChangeMessages.wrongPassword });
    const missing = await changeEmail(seller.token, { email: newEmail });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([expect.objectContaining({ field: 'currentPassword' })]);

    const changeLinks = await env
      .server()
      .app.db.selectFrom('email_links')
      .select('id')
      .where('email', '=', newEmail)
      .execute();
    expect(changeLinks).toEqual([]);
  });

  it('lets an account made with Google or Apple change its address without a password', async () => {
    const { seller } = await env.createSeller();
    await makeProviderAccount(env.server(), seller.email);
    const newEmail = uniqueEmail('moved');
    expect((await changeEmail(seller.token, { email: newEmail })).status).toBe(202);
    expectOk(await confirmEmail(env.server(), await changeLinkToken(newEmail)));
    expect(expectOk(await authCheck(env.server(), seller.token)).user.email).toBe(newEmail);
  });

  it('makes a newer request replace the earlier link', async () => {
    const { seller } = await env.createSeller();
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    await changeEmail(seller.token, { email: first, currentPassword: seller.password });
    await changeEmail(seller.token, { email: second, currentPassword: seller.password });
    const refused = await confirmEmail(env.server(), await changeLinkToken(first));
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual(EMAIL_LINK_REFUSED);
    expect(expectOk(await confirmEmail(env.server(), await changeLinkToken(second))).email).toBe(second);
  });

  it('makes the sign-up’s verification link stop working once the address changed', async () => {
    const { seller, verificationMail } = await env.createSeller();
    const newEmail = uniqueEmail('moved');
    await changeEmail(seller.token, { email: newEmail, currentPassword: seller.password });
    expectOk(await confirmEmail(env.server(), await changeLinkToken(newEmail)));

    const stale = await confirmEmail(env.server(), confirmTokenIn(verificationMail));
    expect(stale.status).toBe(410);
    expect(stale.body).toEqual(EMAIL_LINK_REFUSED);
  });

  it('limits the requests of one account', async () => {
    const { seller } = await env.createSeller();
    const request = () =>
      changeEmail(seller.token, { email: uniqueEmail('moved'), currentPassword: seller.password });
    for (let attempt = 0; attempt < 3; attempt++) expect((await request()).status).toBe(202);
    const refused = await request();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
  });
});
