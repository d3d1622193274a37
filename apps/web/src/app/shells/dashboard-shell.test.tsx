// @vitest-environment jsdom
// The dashboard's frame around every signed-in page: the address-confirmation banner above the page, except on
// Settings, whose Account card offers the same link with its reason.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { stubApi } from '@/testing/api-stub';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { DashboardShell } from './dashboard-shell';

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
  sessionStorage.clear();
});

function renderShell(entry: string) {
  return renderRoutes(
    [
      {
        element: <DashboardShell />,
        children: [
          { path: paths.dashboard.home, element: <h1>Home page</h1> },
          { path: paths.dashboard.settings, element: <h1>Settings page</h1> },
        ],
      },
    ],
    entry,
  );
}

describe('DashboardShell', () => {
  it('asks to confirm the address above every page but Settings', async () => {
    stubApi({});
    const auth = useAuthStore.getState();
    auth.setToken('jwt-1');
    auth.setUser(createUser({ email: 'seller@example.com', emailVerified: false }));
    const { router } = renderShell(paths.dashboard.home);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Send again' })).toHaveLength(1);

    await router.navigate(paths.dashboard.settings);
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });
});
