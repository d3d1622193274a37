// @vitest-environment jsdom
import { AUTH_TOKEN_STORAGE_KEY, MIN_PASSWORD_LENGTH } from '@snaplist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { ResetPasswordPage } from './reset-password-page';

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
});

const seller = createUser({ email: 'seller@example.com' });
const newPassword = 'a-new-long-password';

function renderResetPage(entry: string) {
  return renderRoutes(
    [
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.dashboard.home, element: <h1>Dashboard</h1> },
    ],
    entry,
  );
}

describe('ResetPasswordPage', () => {
  it('takes the token out of the address at once', async () => {
    const { router } = renderResetPage(`${paths.resetPassword}?token=secret-token-1`);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(paths.resetPassword);
    // Replaced, not pushed: Back does not return to the address with the token.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sets the new password with the token, signs in as a log-in does and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ jwtToken: string; user: typeof seller }>();
    const api = stubApi({ confirmPasswordReset: () => answer.promise });
    const { router } = renderResetPage(`${paths.resetPassword}?token=secret-token-1`);
    await user.type(await screen.findByLabelText('New password'), newPassword);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.requestsTo('confirmPasswordReset').map((request) => request.body)).toEqual([
      { token: 'secret-token-1', password: newPassword },
    ]);
    answer.resolve({ jwtToken: 'jwt-after-reset', user: seller });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.dashboard.home);
    expect(await screen.findByText("Your password is changed. You're signed in.")).toBeTruthy();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jwt-after-reset');
    expect(useAuthStore.getState()).toMatchObject({
      token: 'jwt-after-reset',
      user: seller,
      isAuthenticated: true,
    });
  });

  it('refuses a password shorter than sign-up allows, before sending anything', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderResetPage(`${paths.resetPassword}?token=secret-token-1`);
    expect(await screen.findByText(`At least ${MIN_PASSWORD_LENGTH} characters.`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('You need to enter a password')).toBeTruthy();

    await user.type(screen.getByLabelText('New password'), 'x'.repeat(MIN_PASSWORD_LENGTH - 1));
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`)).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('says an expired or used link does not work, and offers the modal to ask for a new one', async () => {
    const user = userEvent.setup();
    stubApi({
      confirmPasswordReset: () =>
        apiError(410, { message: 'This password reset link has expired', code: 'reset_link_invalid' }),
    });
    renderResetPage(`${paths.resetPassword}?token=used-token`);
    await user.type(await screen.findByLabelText('New password'), newPassword);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('heading', { name: "This link doesn't work" })).toBeTruthy();
    expect(
      screen.getByText('This password reset link has expired or was already used. Ask for a new one.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(useAuthStore.getState().authModal).toEqual({
      isOpen: true,
      context: 'home',
      view: 'password-reset',
    });
  });

  it('says the same when the address has no token, without sending anything', async () => {
    const api = stubApi({});
    renderResetPage(paths.resetPassword);
    expect(await screen.findByRole('heading', { name: "This link doesn't work" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'This password reset link has expired or was already used. Ask for a new one.',
    );
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('keeps the form and says why when the server cannot take the password now', async () => {
    const user = userEvent.setup();
    stubApi({
      confirmPasswordReset: () => apiError(429, { message: 'Too many requests', code: 'rate_limited' }),
    });
    renderResetPage(`${paths.resetPassword}?token=secret-token-1`);
    await user.type(await screen.findByLabelText('New password'), newPassword);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(newPassword);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
