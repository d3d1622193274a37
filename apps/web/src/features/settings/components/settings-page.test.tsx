// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { env } from '@/config/env';
import { useAuthStore } from '@/stores/auth';
import { stubApi } from '@/testing/api-stub';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { SettingsPage } from './settings-page';

setUpPageTests();

beforeEach(() => {
  useAuthStore.getState().setToken('token-1');
  useAuthStore.getState().setUser(createUser({ email: 'maya@example.com' }));
});

function renderSettings() {
  return renderRoutes(
    [
      { path: '/dashboard/settings', element: <SettingsPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    '/dashboard/settings',
  ).router;
}

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

  it('shows the marketplaces section the route table gives it between the account and help', () => {
    renderRoutes(
      [{ path: '/dashboard/settings', element: <SettingsPage marketplaces={<h2>Marketplaces</h2>} /> }],
      '/dashboard/settings',
    );

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Account',
      'Marketplaces',
      'Help',
    ]);
  });

  it('Sign Out revokes the token, forgets the seller and goes home', async () => {
    const user = userEvent.setup();
    const api = stubApi({ logout: { ok: true } });
    const router = renderSettings();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo('logout')).toHaveLength(1);
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
