// @vitest-environment jsdom
// The real route table in a memory router: the guide keys and the sign-in gate in front of the dashboard.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { paths } from '@/lib/paths';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { renderApp } from '@/testing/render-app';
import { setUpPageTests } from '@/testing/render-page';

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
});

describe('the guide keys', () => {
  it.each([
    [paths.dashboard.guideCrosslister, env.guideCrosslisterUrl],
    [paths.dashboard.guideGrow, env.guideGrowUrl],
  ])(
    '%s opens its guide once in a new window and lands on the dashboard, with no router warning',
    async (path, url) => {
      // React Router reports an empty leaf route or a missing HydrateFallback through console.warn.
      const warn = vi.spyOn(console, 'warn');
      const open = vi.spyOn(window, 'open').mockReturnValue(null);

      const router = renderApp(path);
      // While the loader runs on the first page of a visit: the loading view, not a blank page.
      expect(screen.getByRole('status').textContent).toBe('Loading…');

      await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.home));
      expect(open).toHaveBeenCalledTimes(1);
      expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer');
      expect(await screen.findByText('Log in to see your dashboard')).toBeTruthy();
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('opens the guide the same way when reached from inside the app', async () => {
    const warn = vi.spyOn(console, 'warn');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const router = renderApp(paths.home);
    await screen.findByRole('heading', { level: 1 });

    await router.navigate(paths.dashboard.guideGrow);

    expect(router.state.location.pathname).toBe(paths.dashboard.home);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(env.guideGrowUrl, '_blank', 'noopener,noreferrer');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('the sign-in gate (decision 023)', () => {
  it('shows a signed-out visitor of /dashboard/settings the way to sign in, not the settings page', async () => {
    renderApp(paths.dashboard.settings);

    expect(await screen.findByText('Log in to see your dashboard')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
    expect(screen.queryByText('Not logged in')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });
});
