// @vitest-environment jsdom
// "Continue with Google" in the auth modal: the popup opened during the click, the provider's answer coming back
// from the callback page (to the opener, or on the sign-in channel), the blocked popup's redirect, failures,
// and the view that links the provider to an existing password account.
import {
  AUTH_TOKEN_STORAGE_KEY,
  type OidcOutcome,
  type OidcProvider,
  type OidcStartResponse,
} from '@snaplist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthModalContext, initialAuthState, useAuthStore } from '@/stores/auth';
import { initialOnboardingState, useOnboardingStore } from '@/stores/onboarding';
import { type ApiHandlers, apiError, stubApi } from '@/testing/api-stub';
import { createUser } from '@/testing/factories';
import { setUpPageTests } from '@/testing/render-page';
import {
  callbackMessage,
  type ProviderAnswer,
  readPendingRedirect,
  SIGN_IN_CHANNEL,
} from '../lib/provider-callback';
import { tabNavigation } from '../lib/sign-in-popup';
import { renderAuthModal } from '../render-auth-modal';

setUpPageTests();

const AUTHORIZATION_URL = 'https://accounts.provider.test/authorize?client_id=snaplist';
const started: OidcStartResponse = {
  authorizationUrl: AUTHORIZATION_URL,
  state: 'state-1',
  browserKey: 'browser-key-1',
};
const newUser = createUser({ email: 'new@gmail.test', isNewUser: true, hasSeenOnboarding: false });
const existing = createUser({ email: 'seller@example.com', isNewUser: false });

interface FakePopup {
  closed: boolean;
  close: () => void;
  location: { href: string };
  document: Document;
}

function stubPopup(blocked = false) {
  const popup: FakePopup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: { href: 'about:blank' },
    document: document.implementation.createHTMLDocument(''),
  };
  const open = vi.fn((..._args: Parameters<typeof window.open>) =>
    blocked ? null : (popup as unknown as Window),
  );
  vi.stubGlobal('open', open);
  return { open, popup };
}

const renderModal = (context: AuthModalContext = 'home', providers: OidcProvider[] = ['google', 'apple']) =>
  renderAuthModal({ context, providers, withToaster: true });

/** What the callback page posts to its opener: a window message from this origin. */
function answerAsOpener(answer: ProviderAnswer, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data: callbackMessage(answer), origin }));
}

/** What the callback page sends when the browser cut it off from its opener. */
function answerOnChannel(answer: ProviderAnswer) {
  const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
  channel.postMessage(callbackMessage(answer));
  channel.close();
}

function stubProviderApi(outcome: OidcOutcome | (() => Response), more: ApiHandlers = {}) {
  return stubApi({
    startOidc: started,
    completeOidc: typeof outcome === 'function' ? outcome : () => Response.json(outcome),
    ...more,
  });
}

async function startWithGoogle(popup: FakePopup | null) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
  if (popup) await waitFor(() => expect(popup.location.href).toBe(AUTHORIZATION_URL));
  return user;
}

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
  useOnboardingStore.setState(initialOnboardingState);
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  toast.remove();
});

describe('signing in with Google in a popup', () => {
  it('opens the window during the click, then sends it to the provider with what the server started', async () => {
    const { open, popup } = stubPopup();
    const api = stubProviderApi({
      status: 'signed_in',
      accountCreated: true,
      jwtToken: 'jwt-g',
      user: newUser,
    });
    renderModal();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    // The window exists before the server answered: a popup blocker allows it.
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[2]).toMatch(/width=500,height=650/);
    expect(popup.document.body.textContent).toBe('Just a moment...');
    expect(screen.getByRole('button', { name: 'Waiting for Google...' })).toBeTruthy();
    await waitFor(() => expect(popup.location.href).toBe(AUTHORIZATION_URL));
    expect(api.requestsTo('startOidc').map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { provider: 'google' }, body: { language: 'en' } },
    ]);
  });

  it('completes with the answer the popup posts, signs in, welcomes a new seller and opens onboarding', async () => {
    const { popup } = stubPopup();
    const api = stubProviderApi(
      { status: 'signed_in', accountCreated: true, jwtToken: 'jwt-g', user: newUser },
      { authCheck: { user: newUser } },
    );
    renderModal('home');
    await startWithGoogle(popup);

    // Answers for another sign-in, or from another origin, are not this one's.
    answerAsOpener({ provider: 'google', state: 'someone-elses-state', code: 'code-x' });
    answerAsOpener({ provider: 'google', state: 'state-1', code: 'code-x' }, 'https://evil.test');
    answerAsOpener({ provider: 'google', state: 'state-1', code: 'code-1' });

    await waitFor(() => expect(useAuthStore.getState().authModal.isOpen).toBe(false), { timeout: 4000 });
    expect(api.requestsTo('completeOidc').map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { provider: 'google' },
        body: { state: 'state-1', code: 'code-1', browserKey: 'browser-key-1' },
      },
    ]);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jwt-g');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: newUser });
    expect(api.requestsTo('authCheck')[0]?.headers.get('Authorization')).toBe('Bearer jwt-g');
    expect(screen.getByText('Welcome!')).toBeTruthy();
    expect(useOnboardingStore.getState().showOnboarding).toEqual({ context: 'home', isOpen: true });
  }, 8000);

  it('completes with an answer on the sign-in channel when the popup lost its opener, and welcomes back', async () => {
    const { popup } = stubPopup();
    stubProviderApi(
      { status: 'signed_in', accountCreated: false, jwtToken: 'jwt-g', user: existing },
      { authCheck: { user: existing } },
    );
    renderModal('dashboard');
    await startWithGoogle(popup);

    answerOnChannel({ provider: 'google', state: 'state-1', code: 'code-1' });

    await waitFor(() => expect(useAuthStore.getState().authModal.isOpen).toBe(false), { timeout: 4000 });
    expect(useAuthStore.getState().user).toEqual(existing);
    expect(screen.getByText('Welcome back!')).toBeTruthy();
    expect(useOnboardingStore.getState().showOnboarding.isOpen).toBe(false);
  }, 8000);

  it('keeps the modal usable when the seller closes the popup, and still takes a late answer', async () => {
    const { popup } = stubPopup();
    const api = stubProviderApi(
      { status: 'signed_in', accountCreated: false, jwtToken: 'jwt-g', user: existing },
      { authCheck: { user: existing } },
    );
    renderModal('dashboard');
    await startWithGoogle(popup);
    expect(
      (screen.getByRole('button', { name: 'Waiting for Google...' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    popup.closed = true;
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect((google as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Continue with Apple' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(useAuthStore.getState().authModal.isOpen).toBe(true);
    expect(api.requestsTo('completeOidc')).toEqual([]);

    // A window the browser cut off reports closed too: its answer still counts.
    answerOnChannel({ provider: 'google', state: 'state-1', code: 'code-1' });
    await waitFor(() => expect(useAuthStore.getState().authModal.isOpen).toBe(false), { timeout: 4000 });
  }, 8000);

  it('goes to the provider in this tab when the popup is blocked, keeping what the callback page needs', async () => {
    stubPopup(true);
    const leave = vi.spyOn(tabNavigation, 'leaveFor').mockImplementation(() => {});
    stubProviderApi({ status: 'signed_in', accountCreated: false, jwtToken: 'jwt-g', user: existing });
    window.history.replaceState(null, '', '/photo-upload');
    renderModal('photo-upload');
    await startWithGoogle(null);

    await waitFor(() => expect(leave).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(readPendingRedirect('state-1')).toEqual({
      provider: 'google',
      state: 'state-1',
      browserKey: 'browser-key-1',
      returnTo: '/photo-upload',
      context: 'photo-upload',
    });
  });
});

describe('a Google sign-in that fails says why under the buttons', () => {
  const cases: { name: string; answer: ProviderAnswer | null; complete?: () => Response; shown: string }[] = [
    {
      name: 'the seller cancelled on the provider page',
      answer: { provider: 'google', state: 'state-1', error: 'access_denied' },
      shown: 'Signing in with Google was cancelled.',
    },
    {
      name: 'the provider refused for another reason',
      answer: { provider: 'google', state: 'state-1', error: 'server_error' },
      shown: "Signing in with Google didn't complete. Please try again.",
    },
    {
      name: 'the server could not complete (400 oidc_failed)',
      answer: { provider: 'google', state: 'state-1', code: 'code-1' },
      complete: () => apiError(400, { message: 'Signing in did not complete', code: 'oidc_failed' }),
      shown: "Signing in didn't complete. Please try again.",
    },
    {
      name: 'an unverified e-mail of an existing account (409)',
      answer: { provider: 'google', state: 'state-1', code: 'code-1' },
      complete: () => apiError(409, { message: 'Unverified', code: 'oidc_email_unverified' }),
      shown: 'An account with this email already exists. Log in with your password.',
    },
    {
      name: 'no e-mail shared (422)',
      answer: { provider: 'google', state: 'state-1', code: 'code-1' },
      complete: () => apiError(422, { message: 'Missing', code: 'oidc_email_missing' }),
      shown: 'The provider did not share your email address, which your Snaplist account needs.',
    },
    {
      name: 'the provider cannot be reached (503)',
      answer: { provider: 'google', state: 'state-1', code: 'code-1' },
      complete: () => apiError(503, { message: 'Unavailable', code: 'not_ready' }),
      shown: 'Snaplist is having trouble right now. Please try again in a few minutes.',
    },
  ];

  for (const { name, answer, complete, shown } of cases) {
    it(name, async () => {
      const { popup } = stubPopup();
      stubApi({ startOidc: started, ...(complete && { completeOidc: complete }) });
      renderModal();
      await startWithGoogle(popup);
      if (answer) answerAsOpener(answer);

      expect((await screen.findByRole('alert')).textContent).toBe(shown);
      expect(popup.close).toHaveBeenCalled();
      expect(useAuthStore.getState().isAuthenticated).toBe(false);
      expect(useAuthStore.getState().authModal.isOpen).toBe(true);
      expect(
        (screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled,
      ).toBe(false);
    });
  }

  it('closes the waiting window when the server cannot start', async () => {
    const { popup } = stubPopup();
    stubApi({ startOidc: () => apiError(429, { message: 'Too many', code: 'rate_limited' }) });
    renderModal();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('about:blank');
  });
});

describe('linking Google to an existing password account', () => {
  const linkRequired: OidcOutcome = {
    status: 'link_required',
    provider: 'google',
    email: 'seller@example.com',
  };

  async function reachLinkView(more: ApiHandlers) {
    const { popup } = stubPopup();
    const api = stubProviderApi(linkRequired, more);
    renderModal('dashboard');
    const user = await startWithGoogle(popup);
    answerAsOpener({ provider: 'google', state: 'state-1', code: 'code-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Link Google to your account' });
    return { api, user, dialog };
  }

  it('asks for the password of the account, refuses a wrong one, then links and signs in', async () => {
    let attempts = 0;
    const { api, user, dialog } = await reachLinkView({
      linkOidc: () => {
        attempts += 1;
        return attempts === 1
          ? apiError(401, { message: 'Incorrect email or password', code: 'invalid_credentials' })
          : Response.json({ jwtToken: 'jwt-linked', user: existing });
      },
      authCheck: { user: existing },
    });
    expect(
      within(dialog).getByText(
        'An account with seller@example.com already exists. Enter its password to link Google to it. Afterwards you can sign in either way.',
      ),
    ).toBeTruthy();

    await user.type(screen.getByLabelText('Snaplist password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "That's not this account's password. Try again, or get a link by email instead.",
    );
    expect(useAuthStore.getState().isAuthenticated).toBe(false);

    await user.clear(screen.getByLabelText('Snaplist password'));
    await user.type(screen.getByLabelText('Snaplist password'), 'the-right-one');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(useAuthStore.getState().authModal.isOpen).toBe(false), { timeout: 4000 });
    expect(api.requestsTo('linkOidc').map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { provider: 'google' },
        body: { state: 'state-1', browserKey: 'browser-key-1', password: 'not-it' },
      },
      {
        params: { provider: 'google' },
        body: { state: 'state-1', browserKey: 'browser-key-1', password: 'the-right-one' },
      },
    ]);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jwt-linked');
    expect(useAuthStore.getState().user).toEqual(existing);
    expect(screen.getByText('Welcome back!')).toBeTruthy();
  }, 10000);

  it('e-mails a link instead, and says where it went', async () => {
    const { api, user } = await reachLinkView({ sendOidcLinkEmail: { ok: true } });
    await user.click(screen.getByRole('button', { name: 'Email me a link instead' }));

    const sent = await screen.findByRole('status');
    expect(sent.textContent).toBe(
      'Check your inboxWe sent a link to seller@example.com. Open it to link Google to your account and sign in. It works for an hour.',
    );
    expect(api.requestsTo('sendOidcLinkEmail').map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { provider: 'google' },
        body: { state: 'state-1', browserKey: 'browser-key-1', language: 'en' },
      },
    ]);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('seller@example.com');
  });
});
