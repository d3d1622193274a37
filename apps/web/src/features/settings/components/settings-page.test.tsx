// @vitest-environment jsdom
import { EMAIL_LINK_TTL_HOURS } from '@snaplist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { env } from '@/config/env';
import { i18n } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { renderSettings, settingsSection } from '../render-settings';
import { SettingsPage } from './settings-page';

setUpPageTests();

beforeEach(() => {
  useAuthStore.getState().setToken('token-1');
  useAuthStore.getState().setUser(createUser({ email: 'maya@example.com' }));
});

describe('SettingsPage', () => {
  it('shows who is signed in and where to get help', () => {
    renderSettings();

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('maya@example.com').closest('p')?.textContent).toBe(
      'Signed in as maya@example.com',
    );
    expect(screen.queryByText('Not logged in')).toBeNull();
    const help = screen.getByRole('link', { name: /Get Help/ });
    expect(help.getAttribute('href')).toBe(env.docsUrl);
    expect(help.getAttribute('target')).toBe('_blank');
  });

  it('puts the marketplaces section the route table gives it after the sign-in settings, and leaving last', () => {
    renderRoutes(
      [{ path: '/dashboard/settings', element: <SettingsPage marketplaces={<h2>Marketplaces</h2>} /> }],
      '/dashboard/settings',
    );

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Account',
      'Change password',
      'Change email',
      'Marketplaces',
      'Your data',
      'Help',
      'Delete account',
    ]);
  });

  it('Sign Out revokes the token, forgets the seller and goes home', async () => {
    const user = userEvent.setup();
    const api = stubApi({ logout: { ok: true } });
    const { router } = renderSettings();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo('logout')).toHaveLength(1);
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState().token).toBeNull();
  });
});

describe('Account card', () => {
  it('says a confirmed address is confirmed, and offers no link', () => {
    renderSettings({ emailVerified: true });
    const card = settingsSection('Account');

    expect(within(card).getByText('Confirmed')).toBeTruthy();
    expect(within(card).queryByText('Not confirmed yet')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('sends a new confirmation link in the page’s language and says where it went', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ ok: true }>();
    const api = stubApi({ sendEmailVerification: () => answer.promise });
    renderSettings({ emailVerified: false });
    const card = settingsSection('Account');
    expect(within(card).getByText('Not confirmed yet')).toBeTruthy();

    await i18n.changeLanguage('de');
    try {
      await user.click(within(card).getByRole('button', { name: 'Link erneut senden' }));
      expect(await within(card).findByRole('button', { name: 'Wird gesendet…' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(api.requestsTo('sendEmailVerification').map((request) => request.body)).toEqual([
      { language: 'de' },
    ]);
    answer.resolve({ ok: true });

    expect((await within(card).findByRole('status')).textContent).toBe(
      `We sent a new link to maya@example.com. It works for ${EMAIL_LINK_TTL_HOURS} hours.`,
    );
  });

  it('says why a new link was refused', async () => {
    const user = userEvent.setup();
    stubApi({
      sendEmailVerification: () => apiError(429, { code: 'rate_limited', message: 'Too many attempts.' }),
    });
    renderSettings({ emailVerified: false });
    const card = settingsSection('Account');

    await user.click(within(card).getByRole('button', { name: 'Send the link again' }));

    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('names the providers the seller signs in with', () => {
    renderSettings({ linkedProviders: ['google', 'apple'] });
    expect(within(settingsSection('Account')).getByText('Signed in with Google and Apple')).toBeTruthy();
  });

  it('says nothing about providers for a password-only account', () => {
    renderSettings({ linkedProviders: [] });
    expect(within(settingsSection('Account')).queryByText(/Signed in with/)).toBeNull();
  });
});
