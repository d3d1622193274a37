// @vitest-environment jsdom
// /confirm-email?token=...: the e-mailed link that confirms an address, used on a press; the signed-in seller's
// user asked for again afterwards; a used link and a taken address explained with the way to Settings.
import type { EmailConfirmed } from '@snaplist/contract';
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
import { ConfirmEmailPage } from './confirm-email-page';

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
});

function renderConfirmPage(entry: string) {
  return renderRoutes(
    [
      { path: paths.confirmEmail, element: <ConfirmEmailPage /> },
      { path: paths.dashboard.settings, element: <h1>Settings page</h1> },
    ],
    entry,
  );
}

describe('ConfirmEmailPage', () => {
  it('sends nothing on load, and takes the token out of the address', async () => {
    const api = stubApi({});
    const { router } = renderConfirmPage(`${paths.confirmEmail}?token=email-token-1`);
    expect(await screen.findByRole('heading', { name: 'Confirm your email address' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('confirms on the press and says which address, for a visitor who is not signed in', async () => {
    const user = userEvent.setup();
    const answer = deferred<EmailConfirmed>();
    const api = stubApi({ confirmEmail: () => answer.promise });
    renderConfirmPage(`${paths.confirmEmail}?token=email-token-1`);
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));

    expect((screen.getByRole('button', { name: 'Confirming...' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve({ ok: true, email: 'seller@example.com' });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your email seller@example.com is confirmed.');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      paths.dashboard.home,
    );
    expect(api.requestsTo('confirmEmail').map((request) => request.body)).toEqual([
      { token: 'email-token-1' },
    ]);
    // Nobody is signed in here: there is no user to ask for again.
    expect(api.requestsTo('authCheck')).toEqual([]);
  });

  it("refreshes a signed-in seller's user, so the banner goes", async () => {
    const user = userEvent.setup();
    useAuthStore.getState().setToken('jwt-1');
    useAuthStore.getState().setUser(createUser({ email: 'seller@example.com', emailVerified: false }));
    const confirmed = createUser({ email: 'seller@example.com', emailVerified: true });
    stubApi({ confirmEmail: { ok: true, email: 'seller@example.com' }, authCheck: { user: confirmed } });
    renderConfirmPage(`${paths.confirmEmail}?token=email-token-1`);
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));

    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeTruthy();
    await waitFor(() => expect(useAuthStore.getState().user?.emailVerified).toBe(true));
  });

  it.each([
    {
      name: 'an expired or used link (410)',
      answer: () => apiError(410, { message: 'Expired', code: 'email_link_invalid' }),
      title: "This link doesn't work",
      text: 'This link has expired or was already used. Ask for a new one from Settings.',
    },
    {
      name: 'an address another account took meanwhile (409)',
      answer: () => apiError(409, { message: 'Taken', code: 'email_taken' }),
      title: "This address can't be confirmed",
      text: 'An account with this email already exists. Log in instead.',
    },
  ])('explains $name, with the way to Settings', async ({ answer, title, text }) => {
    const user = userEvent.setup();
    stubApi({ confirmEmail: answer });
    renderConfirmPage(`${paths.confirmEmail}?token=email-token-1`);
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));

    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Go to Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeTruthy();
  });

  it('says a link without a token does not work, and sends nothing', async () => {
    const api = stubApi({});
    renderConfirmPage(paths.confirmEmail);
    await expectLinkRefusedUnsent(api);
  });

  it('keeps the button when the server cannot answer now', async () => {
    const user = userEvent.setup();
    stubApi({ confirmEmail: () => apiError(500, { message: 'Internal', code: 'internal_error' }) });
    renderConfirmPage(`${paths.confirmEmail}?token=email-token-1`);
    await expectRefusalKeepsButton(
      user,
      'Confirm my email',
      'Snaplist is having trouble right now. Please try again in a few minutes.',
    );
  });
});
