// @vitest-environment jsdom
// The auth modal's "Reset your password" view, inside the modal as the seller reaches it.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { type AuthModalView, initialAuthState, useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { renderAuthModal } from '../render-auth-modal';

const sentText = (email: string) =>
  `If an account exists for ${email}, we've sent a link to choose a new password. It works for an hour.`;

// This server offers no Google or Apple sign-in (auth-modal.test.tsx covers the buttons).
const renderModal = (view?: AuthModalView) => renderAuthModal({ view });

beforeAll(async () => {
  await loadAllTranslations();
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the auth modal: forgot password', () => {
  it('offers "Forgot password?" in log-in mode only, and opens the reset view with the typed e-mail', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Email'), 'seller@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('seller@example.com');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('seller@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
  });

  it('sends the e-mail and the interface language, shows the busy state, then the confirmation', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ ok: true }>();
    const api = stubApi({ requestPasswordReset: () => answer.promise });
    await i18n.changeLanguage('de');
    renderModal();
    await user.type(screen.getByLabelText('E-Mail'), '  Seller@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Passwort vergessen?' }));
    await user.click(screen.getByRole('button', { name: 'Link senden' }));

    expect((screen.getByRole('button', { name: 'Wird gesendet...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(api.requestsTo('requestPasswordReset').map((request) => request.body)).toEqual([
      { email: 'Seller@Example.com', language: 'de' },
    ]);
    answer.resolve({ ok: true });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Falls es ein Konto für Seller@Example.com gibt, haben wir einen Link geschickt, mit dem du ein neues Passwort wählst. Er gilt eine Stunde lang.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zurück zur Anmeldung' }));
  });

  it('shows the same confirmation for any accepted request, whatever else the answer holds', async () => {
    const user = userEvent.setup();
    // A server that says more than the contract allows must not change what the seller sees.
    stubApi({ requestPasswordReset: () => Response.json({ ok: true, known: false }, { status: 202 }) });
    renderModal('password-reset');
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect((await screen.findByRole('status')).textContent).toBe(sentText('nobody@example.com'));
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nobody@example.com');
  });

  it('refuses a bad address before sending anything', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderModal('password-reset');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it("says too many requests in the seller's language, and keeps the form", async () => {
    const user = userEvent.setup();
    stubApi({
      requestPasswordReset: () => apiError(429, { message: 'Too many requests', code: 'rate_limited' }),
    });
    await i18n.changeLanguage('fr');
    renderModal('password-reset');
    await user.type(screen.getByLabelText('E-mail'), 'seller@example.com');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de tentatives. Patientez quelques minutes puis réessayez.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('seller@example.com');
  });

  it('says when Snaplist could not be reached', async () => {
    const user = userEvent.setup();
    stubApi({
      requestPasswordReset: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderModal('password-reset');
    await user.type(screen.getByLabelText('Email'), 'seller@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't reach Snaplist. Check your internet connection and try again.",
    );
  });

  it('opens on the reset view when asked to, and on the log-in form the next time', async () => {
    const user = userEvent.setup();
    renderModal('password-reset');
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(useAuthStore.getState().authModal.isOpen).toBe(false);

    useAuthStore.getState().openAuthModal('home');
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
  });
});
