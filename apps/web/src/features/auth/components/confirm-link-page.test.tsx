// @vitest-environment jsdom
// /auth/link?token=...: the e-mailed link that links Google or Apple to an existing account, used on a press.
import { AUTH_TOKEN_STORAGE_KEY, type AuthResponse } from '@snaplist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { expectLinkRefusedUnsent, expectRefusalKeepsButton } from '../link-page-checks';
import { ConfirmLinkPage } from './confirm-link-page';

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
});

const seller = createUser({ email: 'seller@example.com', linkedProviders: ['google'] });

function renderLinkPage(entry: string) {
  return renderRoutes(
    [
      { path: paths.linkAccount, element: <ConfirmLinkPage /> },
      { path: paths.dashboard.home, element: <h1>Dashboard</h1> },
      { path: paths.home, element: <h1>Home</h1> },
    ],
    entry,
  );
}

describe('ConfirmLinkPage', () => {
  it('sends nothing on load (mail scanners open links), and takes the token out of the address', async () => {
    const api = stubApi({});
    const { router } = renderLinkPage(`${paths.linkAccount}?token=link-token-1`);
    expect(await screen.findByRole('heading', { name: 'Link Google or Apple to your account' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('links on the press, signs in and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const answer = deferred<AuthResponse>();
    const api = stubApi({ confirmOidcLink: () => answer.promise });
    const { router } = renderLinkPage(`${paths.linkAccount}?token=link-token-1`);
    await user.click(await screen.findByRole('button', { name: 'Link and sign in' }));

    expect((screen.getByRole('button', { name: 'Linking...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.requestsTo('confirmOidcLink').map((request) => request.body)).toEqual([
      { token: 'link-token-1' },
    ]);
    answer.resolve({ jwtToken: 'jwt-linked', user: seller });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.dashboard.home);
    expect(await screen.findByText("Linked. You're signed in.")).toBeTruthy();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jwt-linked');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: seller });
  });

  it('says an expired or used link does not work, with the way back', async () => {
    const user = userEvent.setup();
    stubApi({ confirmOidcLink: () => apiError(410, { message: 'Expired', code: 'oidc_link_invalid' }) });
    renderLinkPage(`${paths.linkAccount}?token=used-token`);
    await user.click(await screen.findByRole('button', { name: 'Link and sign in' }));

    expect(await screen.findByRole('heading', { name: "This link doesn't work" })).toBeTruthy();
    expect(
      screen.getByText('This link has expired or was already used. Sign in with Google or Apple again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link and sign in' })).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Back to Snaplist' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('names the provider the e-mail was for, on the page and when the link no longer works', async () => {
    const user = userEvent.setup();
    stubApi({ confirmOidcLink: () => apiError(410, { message: 'Expired', code: 'oidc_link_invalid' }) });
    const { router } = renderLinkPage(`${paths.linkAccount}?token=used-token&provider=apple`);
    expect(await screen.findByRole('heading', { name: 'Link Apple to your account' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(
      await screen.findByText('This link has expired or was already used. Sign in with Apple again.'),
    ).toBeTruthy();
  });

  it('says the same without a token, and sends nothing', async () => {
    const api = stubApi({});
    renderLinkPage(paths.linkAccount);
    await expectLinkRefusedUnsent(api);
  });

  it('keeps the button and says why when the server cannot link now', async () => {
    const user = userEvent.setup();
    stubApi({ confirmOidcLink: () => apiError(429, { message: 'Too many', code: 'rate_limited' }) });
    renderLinkPage(`${paths.linkAccount}?token=link-token-1`);
    await expectRefusalKeepsButton(
      user,
      'Link and sign in',
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
