// The settings tests' page: Settings as the route table mounts it, with the home page it leaves for, and the
// seller signed in with the given account.
import type { User } from '@snaplist/contract';
import { screen } from '@testing-library/react';
import { useAuthStore } from '@/stores/auth';
import { createUser } from '@/testing/factories';
import { renderRoutes } from '@/testing/render-page';
import { SettingsPage } from './components/settings-page';

export const SIGNED_IN_TOKEN = 'token-1';

export function renderSettings(overrides: Partial<User> = {}) {
  useAuthStore.getState().setToken(SIGNED_IN_TOKEN);
  useAuthStore.getState().setUser(createUser({ email: 'maya@example.com', ...overrides }));
  return renderRoutes(
    [
      { path: '/dashboard/settings', element: <SettingsPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    '/dashboard/settings',
  );
}

/** One card of the page, by its heading. */
export function settingsSection(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}
