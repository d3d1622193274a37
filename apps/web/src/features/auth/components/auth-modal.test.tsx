// @vitest-environment jsdom
import { AUTH_TOKEN_STORAGE_KEY, fieldIssue, type OidcProvider, type User } from '@snaplist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { useAlertStore } from '@/stores/alert';
import { type AuthModalContext, initialAuthState, useAuthStore } from '@/stores/auth';
import { initialOnboardingState, useOnboardingStore } from '@/stores/onboarding';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { createUser } from '@/testing/factories';
import { renderAuthModal } from '../render-auth-modal';

const newUser = createUser({ email: 'new@seller.com', isNewUser: true, hasSeenOnboarding: false });

/** `providers`: none by default, as on a server without Google or Apple. */
const renderModal = (context: AuthModalContext = 'home', providers: OidcProvider[] | 'ask' = []) =>
  renderAuthModal({ context, providers });

/** Types an address and a password into the modal and sends them. */
async function continueWithEmail(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue with email' }));
}

beforeAll(async () => {
  await loadAllTranslations();
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
  useOnboardingStore.setState(initialOnboardingState);
  useAlertStore.setState({ queue: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthModal', () => {
  it('opens in login mode with labelled fields', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('offers exactly the providers the server is configured for', async () => {
    const api = stubApi({ authProviders: { providers: ['google'] } });
    renderModal('home', 'ask');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Apple/ })).toBeNull();
    expect(screen.getByText('or')).toBeTruthy();
    expect(screen.queryByText(/Coming Soon/i)).toBeNull();
    expect(api.requestsTo('authProviders')).toHaveLength(1);
  });

  it('shows no provider, no divider and no note when the server offers none', () => {
    renderModal('home', []);
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Google|Apple/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.queryByText(/Coming Soon/i)).toBeNull();
  });

  it('shows no provider while the list loads, nor when it cannot be had', async () => {
    const answer = deferred<Response>();
    const api = stubApi({ authProviders: () => answer.promise });
    renderModal('home', 'ask');
    await waitFor(() => expect(api.requestsTo('authProviders')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Google|Apple/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();

    answer.resolve(apiError(500, { message: 'Internal server error', code: 'internal_error' }));
    await waitFor(() => expect(api.fetch).toHaveBeenCalledOnce());
    expect(screen.queryByRole('button', { name: /Google|Apple/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('validates e-mail and password before sending anything', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderModal();

    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('You need to enter a password')).toBeTruthy();

    await continueWithEmail(user, 'not-an-email@nowhere', 'secret');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.queryByText('You need to enter a password')).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('toggling between login and sign-up clears both fields and the error', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Email'), 'seller@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    useAuthStore.getState().setError('Sign in failed. Please try again.');
    expect(await screen.findByText('Sign in failed. Please try again.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(screen.getByRole('dialog', { name: 'Welcome to Snaplist' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Sign in failed. Please try again.')).toBeNull();
    expect(useAuthStore.getState().error).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
  });

  it('shows the listing-ready heading for the photo-upload context', () => {
    renderModal('photo-upload');
    expect(screen.getByRole('dialog', { name: 'Your listing is almost ready' })).toBeTruthy();
  });

  it('refuses a sign-up password shorter than the server accepts, before sending anything', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    await continueWithEmail(user, 'new@seller.com', 'abc');

    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a common password on the password field, not under the form", async () => {
    const user = userEvent.setup();
    const refusal = fieldIssue('password', 'password_too_common');
    stubApi({
      signup: () =>
        apiError(400, { message: refusal.message, code: 'validation_failed', details: [refusal] }),
    });
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await continueWithEmail(user, 'new@seller.com', 'Password1!');

    expect(
      await screen.findByText('This password is too common and easy to guess: choose a less common one.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useAuthStore.getState().isLoading).toBe(false);
  });

  it('lets a log-in through with any non-empty password: the length rule is for new passwords', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      login: () => apiError(401, { message: 'Incorrect email or password', code: 'invalid_credentials' }),
    });
    renderModal();
    await continueWithEmail(user, 'seller@example.com', 'abc');

    await screen.findByRole('alert');
    expect(api.fetch).toHaveBeenCalledOnce();
  });

  describe('a failure shows one message under the form, and no alert', () => {
    const failures: {
      name: string;
      mode: 'login' | 'sign-up';
      answer: { status: number; body: unknown } | 'network down';
      shown: string;
    }[] = [
      {
        name: 'a wrong password or an unknown e-mail',
        mode: 'login',
        answer: {
          status: 401,
          body: { message: 'Incorrect email or password', code: 'invalid_credentials' },
        },
        shown: 'Incorrect email or password',
      },
      {
        name: 'an e-mail that already has an account',
        mode: 'sign-up',
        answer: { status: 409, body: { message: 'Taken', code: 'email_taken' } },
        shown: 'An account with this email already exists. Log in instead.',
      },
      {
        name: 'too many attempts',
        mode: 'sign-up',
        answer: { status: 429, body: { message: 'Too many attempts', code: 'rate_limited' } },
        shown: 'Too many attempts. Please wait a few minutes and try again.',
      },
      {
        name: 'no connection',
        mode: 'login',
        answer: 'network down',
        shown: "We couldn't reach Snaplist. Check your internet connection and try again.",
      },
      {
        name: 'a server error',
        mode: 'sign-up',
        answer: { status: 500, body: { message: 'Internal server error', code: 'internal_error' } },
        shown: 'Snaplist is having trouble right now. Please try again in a few minutes.',
      },
      {
        name: 'an unexpected refusal of a sign-up, with what the server refused, by its code',
        mode: 'sign-up',
        answer: {
          status: 400,
          body: { message: 'An English sentence never shown', code: 'malformed_json' },
        },
        shown:
          'Sign up failed. Please try again.Your request could not be read. Reload the page and try again.',
      },
      {
        name: 'an "unauthorized" answer, without its raw message',
        mode: 'login',
        answer: { status: 401, body: { message: 'Unauthorized', code: 'unauthorized' } },
        shown: 'Sign in failed. Please try again.',
      },
    ];

    for (const { name, mode, answer, shown } of failures) {
      it(name, async () => {
        const user = userEvent.setup();
        const reply = () => {
          if (answer === 'network down') throw new TypeError('Failed to fetch');
          return Response.json(answer.body, { status: answer.status });
        };
        stubApi(mode === 'sign-up' ? { signup: reply } : { login: reply });
        renderModal();
        if (mode === 'sign-up') await user.click(screen.getByRole('button', { name: 'Sign up' }));
        await continueWithEmail(user, 'seller@example.com', 'long-enough');

        expect((await screen.findByRole('alert')).textContent).toBe(shown);
        expect(screen.getAllByRole('alert')).toHaveLength(1);
        expect(useAlertStore.getState().queue).toEqual([]);
        expect(useAuthStore.getState().isAuthenticated).toBe(false);
      });
    }
  });

  it("says it in the seller's language", async () => {
    const user = userEvent.setup();
    const api = stubApi({ signup: () => apiError(409, { message: 'Taken', code: 'email_taken' }) });
    await i18n.changeLanguage('fr');
    try {
      renderModal();
      await user.click(screen.getByRole('button', { name: "S'inscrire" }));
      await user.type(screen.getByLabelText('E-mail'), 'seller@example.com');
      await user.type(screen.getByLabelText('Mot de passe'), 'abc');
      await user.click(screen.getByRole('button', { name: "Continuer avec l'e-mail" }));
      expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères')).toBeTruthy();

      await user.type(screen.getByLabelText('Mot de passe'), 'defgh');
      await user.click(screen.getByRole('button', { name: "Continuer avec l'e-mail" }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Un compte existe déjà avec cet e-mail. Connectez-vous plutôt.',
      );
      // The e-mail that confirms the address is written in the page's language.
      expect(api.requestsTo('signup')[0]?.body.language).toBe('fr');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('signs up, stores token and user, opens onboarding for a new user and closes', async () => {
    const user = userEvent.setup();
    const api = stubApi({ signup: { jwtToken: 'jwt-1', user: newUser }, authCheck: { user: newUser } });
    renderModal('home');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await continueWithEmail(user, 'new@seller.com', 'long-enough');

    const busy = screen.getByRole('button', { name: 'Signing up...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    await waitFor(() => expect(useAuthStore.getState().authModal.isOpen).toBe(false), { timeout: 4000 });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jwt-1');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: newUser });
    expect(useOnboardingStore.getState().showOnboarding).toEqual({ context: 'home', isOpen: true });

    expect(api.requestsTo('signup')[0]?.body).toEqual({
      email: 'new@seller.com',
      password: 'long-enough',
      isNewDashboard: true,
      product: 'crosslister',
      name: 'new@seller.com',
      language: 'en',
    });
    expect(api.requestsTo('authCheck')[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
  }, 8000);

  const alreadyOnboarded: Array<{ when: string; context: AuthModalContext; signedIn: User }> = [
    {
      when: 'after signing in from the dashboard: only the home context gets it',
      context: 'dashboard',
      signedIn: newUser,
    },
    {
      when: 'for a new user who has already seen it on another device',
      context: 'home',
      signedIn: createUser({ email: 'new@seller.com', isNewUser: true, hasSeenOnboarding: true }),
    },
  ];

  for (const { when, context, signedIn } of alreadyOnboarded) {
    it(`does not open onboarding ${when}`, async () => {
      const user = userEvent.setup();
      stubApi({ login: { jwtToken: 'jwt-2', user: signedIn }, authCheck: { user: signedIn } });
      renderModal(context);
      await continueWithEmail(user, 'new@seller.com', 'long-enough');

      await waitFor(() => expect(useAuthStore.getState().authModal.isOpen).toBe(false), { timeout: 4000 });
      expect(useAuthStore.getState().user).toEqual(signedIn);
      expect(useOnboardingStore.getState().showOnboarding.isOpen).toBe(false);
    }, 8000);
  }
});
