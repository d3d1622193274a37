// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { setUpPageTests } from '@/testing/render-page';
import { renderSettings, settingsSection } from '../render-settings';

setUpPageTests();

/** Renders the settings page and sends the change-email form with these values. */
async function submitChangeEmail(email: string, currentPassword: string): Promise<HTMLElement> {
  const user = userEvent.setup();
  renderSettings();
  const card = settingsSection('Change email');
  await user.type(within(card).getByLabelText('New email address'), email);
  await user.type(within(card).getByLabelText('Current password'), currentPassword);
  await user.click(within(card).getByRole('button', { name: 'Send confirmation link' }));
  return card;
}

describe('Change email', () => {
  it('sends the new address with the password, and says the old one stays until the link is followed', async () => {
    const answer = deferred<{ ok: true; pendingEmail: string }>();
    const api = stubApi({ changeEmail: () => answer.promise });
    const card = await submitChangeEmail('  Maya.New@Example.com ', 'my-password-1');

    expect(await within(card).findByRole('button', { name: 'Sending…' })).toBeTruthy();
    // The contract's schema trims and lowers the address, as the server would.
    expect(api.requestsTo('changeEmail').map((request) => request.body)).toEqual([
      { email: 'maya.new@example.com', currentPassword: 'my-password-1', language: 'en' },
    ]);
    answer.resolve({ ok: true, pendingEmail: 'maya.new@example.com' });

    expect((await within(card).findByRole('status')).textContent).toBe(
      'We sent a link to maya.new@example.com. Your address stays maya@example.com until you follow it.',
    );
    expect((within(card).getByLabelText('New email address') as HTMLInputElement).value).toBe('');
    expect(useAuthStore.getState().user?.email).toBe('maya@example.com');
    expect(screen.getByText('maya@example.com', { selector: 'span' })).toBeTruthy();
  });

  it('refuses an address that is not one before sending anything', async () => {
    const api = stubApi({});
    const card = await submitChangeEmail('maya-at-example', 'my-password-1');

    expect((await within(card).findByRole('alert')).textContent).toBe('Invalid email address');
    expect(within(card).getByLabelText('New email address').getAttribute('aria-invalid')).toBe('true');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('refuses the account’s own address, whatever its case, before sending anything', async () => {
    const api = stubApi({});
    const card = await submitChangeEmail(' Maya@Example.com', 'my-password-1');

    expect((await within(card).findByRole('alert')).textContent).toBe(
      'This is already your email address: enter the new one.',
    );
    expect(api.fetch).not.toHaveBeenCalled();
  });

  const refusals = [
    {
      refusal: 'the server’s refusal of a field on that field',
      answer: () =>
        apiError(400, {
          code: 'validation_failed',
          message: 'This is already your email address.',
          details: [
            { field: 'email', code: 'email_unchanged', message: 'This is already your email address.' },
          ],
        }),
      password: 'my-password-1',
      message: 'This is already your email address: enter the new one.',
      field: 'New email address',
      invalid: 'true',
    },
    {
      refusal: 'on the password field that the password is wrong',
      answer: () => apiError(403, { code: 'wrong_password', message: 'Wrong.' }),
      password: 'not-my-password',
      message: 'Your current password is not correct.',
      field: 'Current password',
      invalid: 'true',
    },
    {
      refusal: 'under the form that there were too many attempts',
      answer: () => apiError(429, { code: 'rate_limited', message: 'Too many.' }),
      password: 'my-password-1',
      message: 'Too many attempts. Please wait a few minutes and try again.',
      field: 'New email address',
      invalid: null,
    },
  ];

  for (const { refusal, answer, password, message, field, invalid } of refusals) {
    it(`says ${refusal}`, async () => {
      stubApi({ changeEmail: answer });
      const card = await submitChangeEmail('maya.new@example.com', password);

      expect((await within(card).findByRole('alert')).textContent).toBe(message);
      expect(within(card).getByLabelText(field).getAttribute('aria-invalid')).toBe(invalid);
    });
  }

  it('says on the address field that another account has it', async () => {
    stubApi({ changeEmail: () => apiError(409, { code: 'email_taken', message: 'Taken.' }) });
    const card = await submitChangeEmail('taken@example.com', 'my-password-1');

    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe('An account with this email already exists. Log in instead.');
    const address = within(card).getByLabelText('New email address');
    expect(address.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(address);
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('asks a Google or Apple account without a password for the address only', async () => {
    const user = userEvent.setup();
    const api = stubApi({ changeEmail: { ok: true, pendingEmail: 'maya.new@example.com' } });
    renderSettings({ hasPassword: false, linkedProviders: ['apple'] });
    const card = settingsSection('Change email');

    expect(within(card).queryByLabelText('Current password')).toBeNull();
    await user.type(within(card).getByLabelText('New email address'), 'maya.new@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send confirmation link' }));

    expect(await within(card).findByRole('status')).toBeTruthy();
    expect(api.requestsTo('changeEmail').map((request) => request.body)).toEqual([
      { email: 'maya.new@example.com', language: 'en' },
    ]);
  });
});
