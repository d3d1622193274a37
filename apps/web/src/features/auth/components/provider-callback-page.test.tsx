// @vitest-environment jsdom
// /auth/callback/{provider}: in the popup, the provider's answer handed to the page that opened it (directly or on
// the sign-in channel) and the window closed; in a tab that went to the provider itself, the sign-in finished here
// and the seller back where they started; an address that is not a provider's answer explained.
import { AUTH_TOKEN_STORAGE_KEY, type OidcOutcome } from '@snaplist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { initialOnboardingState, useOnboardingStore } from '@/stores/onboarding';
import { type ApiHandlers, apiError, stubApi } from '@/testing/api-stub';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import {
  answerFromMessage,
  type PendingRedirect,
  readPendingRedirect,
  SIGN_IN_CHANNEL,
  savePendingRedirect,
} from '../lib/provider-callback';
import { ProviderCallbackPage } from './provider-callback-page';

setUpPageTests();

const seller = createUser({ email: 'new@gmail.test', isNewUser: true, hasSeenOnboarding: false });
const pending: PendingRedirect = {
  provider: 'google',
  state: 'state-1',
  browserKey: 'browser-key-1',
  returnTo: '/photo-upload?from=modal',
  context: 'home',
};

function renderCallback(entry: string) {
  return renderRoutes(
    [
      { path: paths.providerCallbackPattern, element: <ProviderCallbackPage /> },
      { path: paths.photoUpload, element: <h1>Photo upload</h1> },
      { path: paths.home, element: <h1>Home</h1> },
    ],
    entry,
  );
}

function stubClose() {
  const close = vi.fn();
  vi.stubGlobal('close', close);
  return close;
}

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
  useOnboardingStore.setState(initialOnboardingState);
  sessionStorage.clear();
});

describe('in the popup', () => {
  it("posts the provider's answer to the page that opened it, on this origin only, and closes", async () => {
    const close = stubClose();
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { location: { origin: window.location.origin }, postMessage });
    const api = stubApi({});
    renderCallback('/auth/callback/google?code=code-1&state=state-1');

    await waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(postMessage).toHaveBeenCalledOnce();
    const [message, targetOrigin] = postMessage.mock.calls[0] ?? [];
    expect(answerFromMessage(message)).toEqual({ provider: 'google', state: 'state-1', code: 'code-1' });
    expect(targetOrigin).toBe(window.location.origin);
    // The popup holds no browser key: the page that opened it completes the sign-in.
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(
      'All done here: carry on in your Snaplist tab. You can close this window.',
    );
  });

  it('sends the answer on the sign-in channel when the browser cut it off from its opener', async () => {
    const close = stubClose();
    vi.stubGlobal('opener', null);
    stubApi({});
    const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
    const heard = new Promise<unknown>((resolve) => {
      channel.addEventListener('message', (event) => resolve((event as MessageEvent).data), { once: true });
    });
    try {
      const { router } = renderCallback('/auth/callback/apple?error=access_denied&state=state-9');
      expect(answerFromMessage(await heard)).toEqual({
        provider: 'apple',
        state: 'state-9',
        error: 'access_denied',
      });
      await waitFor(() => expect(close).toHaveBeenCalledOnce());
      // The answer is out of the address at once.
      await waitFor(() => expect(router.state.location.search).toBe(''));
    } finally {
      channel.close();
    }
  });
});

describe('in a tab that went to the provider itself (the popup was blocked)', () => {
  function renderWithPending(query: string, handlers: ApiHandlers) {
    savePendingRedirect(pending);
    stubClose();
    vi.stubGlobal('opener', null);
    const api = stubApi(handlers);
    const rendered = renderCallback(`/auth/callback/google?${query}`);
    return { api, ...rendered };
  }

  it('completes with the key it kept, signs in as the modal does and returns to where the seller was', async () => {
    const { api, router } = renderWithPending('code=code-1&state=state-1', {
      completeOidc: { status: 'signed_in', accountCreated: true, jwtToken: 'jwt-g', user: seller },
      authCheck: { user: seller },
    });

    expect(await screen.findByRole('heading', { name: 'Photo upload' }, { timeout: 4000 })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/photo-upload?from=modal',
    );
    expect(api.requestsTo('completeOidc').map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { provider: 'google' },
        body: { state: 'state-1', code: 'code-1', browserKey: 'browser-key-1' },
      },
    ]);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jwt-g');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: seller });
    expect(screen.getByText('Welcome!')).toBeTruthy();
    expect(useOnboardingStore.getState().showOnboarding).toEqual({ context: 'home', isOpen: true });
    // The key is used once.
    expect(readPendingRedirect('state-1')).toBeNull();
  }, 8000);

  it("says the seller cancelled on the provider's page, with the way back", async () => {
    const { api } = renderWithPending('error=access_denied&state=state-1', {});
    expect(await screen.findByRole('heading', { name: "Signing in with Google didn't work" })).toBeTruthy();
    expect(screen.getByText('Signing in with Google was cancelled.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Snaplist' }).getAttribute('href')).toBe(
      '/photo-upload?from=modal',
    );
    expect(api.fetch).not.toHaveBeenCalled();
    expect(readPendingRedirect('state-1')).toBeNull();
  });

  it('says why the server refused, by its code, and signs nobody in', async () => {
    renderWithPending('code=code-1&state=state-1', {
      completeOidc: () => apiError(409, { message: 'Unverified', code: 'oidc_email_unverified' }),
    });
    expect(await screen.findByRole('heading', { name: "Signing in with Google didn't work" })).toBeTruthy();
    expect(
      screen.getByText('An account with this email already exists. Log in with your password.'),
    ).toBeTruthy();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('asks for the existing account’s password on the page, then links and returns', async () => {
    const linkRequired: OidcOutcome = {
      status: 'link_required',
      provider: 'google',
      email: 'seller@example.com',
    };
    const { api, router } = renderWithPending('code=code-1&state=state-1', {
      completeOidc: linkRequired,
      linkOidc: { jwtToken: 'jwt-linked', user: seller },
      authCheck: { user: seller },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Link Google to your account' })).toBeTruthy();
    await user.type(screen.getByLabelText('Snaplist password'), 'the-right-one');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Photo upload' }, { timeout: 4000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/photo-upload');
    expect(api.requestsTo('linkOidc')[0]?.body).toEqual({
      state: 'state-1',
      browserKey: 'browser-key-1',
      password: 'the-right-one',
    });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jwt-linked');
  }, 8000);
});

describe('an address that is not an answer', () => {
  it.each([
    ['without a state', '/auth/callback/google?code=code-1'],
    ['without a code or an error', '/auth/callback/google?state=state-1'],
    ['from an unknown provider', '/auth/callback/myspace?code=code-1&state=state-1'],
  ])('says the sign-in did not come through %s, and sends nothing', async (_, entry) => {
    const close = stubClose();
    const api = stubApi({});
    renderCallback(entry);
    expect(await screen.findByRole('heading', { name: "This sign-in didn't come through" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Snaplist' }).getAttribute('href')).toBe('/');
    expect(api.fetch).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
