// @vitest-environment jsdom
import { AUTH_TOKEN_STORAGE_KEY, MIN_PASSWORD_LENGTH } from '@snaplist/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { createUser } from '@/testing/factories';
import { setUpPageTests } from '@/testing/render-page';
import { renderSettings, SIGNED_IN_TOKEN, settingsSection } from '../render-settings';

setUpPageTests();

const DONE = "Password changed. You're still signed in here; other devices were signed out.";

/** Fills in both passwords of the "Change password" card and sends them. */
async function changePassword(user: ReturnType<typeof userEvent.setup>, card: HTMLElement, current: string) {
  await user.type(within(card).getByLabelText('Current password'), current);
  await user.type(within(card).getByLabelText('New password'), 'new-password-2');
  await user.click(within(card).getByRole('button', { name: 'Change password' }));
}

describe('Change password', () => {
  it('sends both passwords, keeps this browser signed in with the new token and says the others were signed out', async () => {
    const user = userEvent.setup();
    const changed = createUser({ email: 'maya@example.com' });
    const answer = deferred<{ jwtToken: string; user: typeof changed }>();
    const api = stubApi({ changePassword: () => answer.promise });
    renderSettings();
    const card = settingsSection('Change password');

    await changePassword(user, card, 'old-password-1');

    expect(await within(card).findByRole('button', { name: 'Saving…' })).toBeTruthy();
    const [request] = api.requestsTo('changePassword');
    expect(request?.body).toEqual({ currentPassword: 'old-password-1', newPassword: 'new-password-2' });
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${SIGNED_IN_TOKEN}`);
    answer.resolve({ jwtToken: 'token-after-change', user: changed });

    expect(await screen.findByText(DONE)).toBeTruthy();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('token-after-change');
    expect(useAuthStore.getState()).toMatchObject({ token: 'token-after-change', user: changed });
    expect((within(card).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect((within(card).getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('says a wrong current password on that field, and keeps the session as it was', async () => {
    const user = userEvent.setup();
    stubApi({
      changePassword: () =>
        apiError(403, {
          code: 'wrong_password',
          message: 'The current password is not correct.',
        }),
    });
    renderSettings();
    const card = settingsSection('Change password');

    await changePassword(user, card, 'not-my-password');

    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe('Your current password is not correct.');
    const current = within(card).getByLabelText('Current password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(current);
    expect(within(card).getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(useAuthStore.getState().token).toBe(SIGNED_IN_TOKEN);
    expect(screen.queryByText(DONE)).toBeNull();
  });

  it('refuses a missing current password and a short new one before sending anything', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderSettings();
    const card = settingsSection('Change password');
    expect(within(card).getByText(`At least ${MIN_PASSWORD_LENGTH} characters.`)).toBeTruthy();

    await user.type(within(card).getByLabelText('New password'), 'x'.repeat(MIN_PASSWORD_LENGTH - 1));
    await user.click(within(card).getByRole('button', { name: 'Change password' }));

    expect(
      within(card)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      'You need to enter a password',
      `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
    ]);
    expect(document.activeElement).toBe(within(card).getByLabelText('Current password'));
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('says under the form why a request got no answer', async () => {
    const user = userEvent.setup();
    stubApi({ changePassword: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderSettings();
    const card = settingsSection('Change password');

    await changePassword(user, card, 'old-password-1');

    expect((await within(card).findByRole('alert')).textContent).toBe(
      "We couldn't reach Snaplist. Check your internet connection and try again.",
    );
  });

  it('lets a Google or Apple account set a first password without a current one', async () => {
    const user = userEvent.setup();
    const withPassword = createUser({
      email: 'maya@example.com',
      hasPassword: true,
      linkedProviders: ['google'],
    });
    const api = stubApi({ changePassword: { jwtToken: 'token-with-password', user: withPassword } });
    renderSettings({ hasPassword: false, linkedProviders: ['google'] });
    const card = settingsSection('Set a password');

    expect(within(card).getByText(/Set a password to log in with your email address too/)).toBeTruthy();
    expect(within(card).queryByLabelText('Current password')).toBeNull();
    await user.type(within(card).getByLabelText('New password'), 'first-password-1');
    await user.click(within(card).getByRole('button', { name: 'Set password' }));

    expect(
      await screen.findByText(
        'Password set. You can now also log in with your email address and this password.',
      ),
    ).toBeTruthy();
    expect(api.requestsTo('changePassword').map((request) => request.body)).toEqual([
      { newPassword: 'first-password-1' },
    ]);
    // The account has a password now: the card changes it, asking for the current one.
    const changeCard = settingsSection('Change password');
    expect(within(changeCard).getByLabelText('Current password')).toBeTruthy();
  });
});
