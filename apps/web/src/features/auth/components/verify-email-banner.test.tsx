// @vitest-environment jsdom
// The e-mail verification banner: shown to a signed-in seller whose address is not confirmed, a new link on
// request, put away for the session.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { VerifyEmailBanner } from './verify-email-banner';

setUpPageTests();

const unverified = createUser({ email: 'seller@example.com', emailVerified: false });
const bannerText = 'Confirm your email address: we sent a link to seller@example.com.';

function renderBanner() {
  return renderRoutes([{ path: '/', element: <VerifyEmailBanner /> }], '/');
}

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
  sessionStorage.clear();
});

describe('VerifyEmailBanner', () => {
  it('shows nothing to a visitor, nor to a seller whose address is confirmed', async () => {
    stubApi({});
    renderBanner();
    expect(screen.queryByText(bannerText)).toBeNull();
    useAuthStore.getState().setUser(createUser({ emailVerified: true }));
    expect(screen.queryByText(bannerText)).toBeNull();
    useAuthStore.getState().setUser(unverified);
    expect(await screen.findByText(bannerText)).toBeTruthy();
  });

  it('sends the link again in the page language and says so', async () => {
    const user = userEvent.setup();
    useAuthStore.getState().setUser(unverified);
    const answer = deferred<{ ok: true }>();
    const api = stubApi({ sendEmailVerification: () => answer.promise });
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Send again' }));

    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve({ ok: true });
    expect(await screen.findByText('We sent a new link to seller@example.com.')).toBeTruthy();
    expect(api.requestsTo('sendEmailVerification').map((request) => request.body)).toEqual([
      { language: 'en' },
    ]);
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('says, in the seller’s words, when too many links were asked for', async () => {
    const user = userEvent.setup();
    useAuthStore.getState().setUser(unverified);
    stubApi({ sendEmailVerification: () => apiError(429, { message: 'Too many', code: 'rate_limited' }) });
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeTruthy();
    expect(screen.getByText(bannerText)).toBeTruthy();
  });

  it('goes away for the rest of the session when put away, for this account only', async () => {
    const user = userEvent.setup();
    useAuthStore.getState().setUser(unverified);
    stubApi({});
    const first = renderBanner();
    await user.click(screen.getByRole('button', { name: 'Hide for now' }));
    expect(screen.queryByText(bannerText)).toBeNull();

    // Another page of the same session: still away.
    first.router.dispose();
    document.body.innerHTML = '';
    renderBanner();
    expect(screen.queryByText(bannerText)).toBeNull();

    // Another account signs in in this tab: theirs shows.
    useAuthStore.getState().setUser(createUser({ email: 'other@example.com', emailVerified: false }));
    await waitFor(() =>
      expect(
        screen.getByText('Confirm your email address: we sent a link to other@example.com.'),
      ).toBeTruthy(),
    );
  });
});
