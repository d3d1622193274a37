// @vitest-environment jsdom
import { MOBILE_MAX_WIDTH, type User } from '@snaplist/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { initialOnboardingState, useOnboardingStore } from '@/stores/onboarding';
import { createUser } from '@/test/factories';
import { renderRoutes, setUpPageTests } from '@/test/render-page';
import { DashboardHome } from './dashboard-home';

setUpPageTests();

function renderHome(user: User = createUser()) {
  useAuthStore.setState({ ...initialAuthState(), user, isAuthenticated: true });
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardHome /> },
      { path: '/photo-upload', element: <h1>Photo upload page</h1> },
      { path: '/dashboard/plans', element: <h1>Plans page</h1> },
    ],
    '/dashboard',
  );
}

/** A viewport of `width` px: the mobile query matches at 768 px or less. */
function viewportWidth(width: number) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: query === `(max-width: ${MOBILE_MAX_WIDTH}px)` && width <= MOBILE_MAX_WIDTH,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

const usage = (overrides: Partial<User['usage']>): User['usage'] => ({
  month: '2025-01',
  aiListingsUsed: 0,
  aiListingsLimit: null,
  freeAiListingsLeft: 3,
  ...overrides,
});

beforeEach(() => {
  useOnboardingStore.setState(initialOnboardingState);
});

describe('DashboardHome', () => {
  it('shows the heading and an analytics summary marked coming soon, with its two figures marked sample', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const analytics = screen.getByRole('region', { name: 'Analytics' });
    expect(within(analytics).getByText('Coming Soon')).toBeTruthy();
    expect(within(analytics).getByText('Total listings value')).toBeTruthy();
    expect(within(analytics).getByText('£845.00')).toBeTruthy();
    expect(within(analytics).getByText('Total earnings this week')).toBeTruthy();
    expect(within(analytics).getByText('£126.40')).toBeTruthy();
    expect(within(analytics).getAllByText('Sample')).toHaveLength(2);
    expect(within(analytics).getByText(/^Sample figures/)).toBeTruthy();
  });

  it('offers List from Photo, and the Crosslister and Grow guides in new tabs', () => {
    renderHome();
    const actions = screen.getByRole('region', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'List from Photo' }).getAttribute('href')).toBe(
      '/photo-upload',
    );
    const crosslister = within(actions).getByRole('link', { name: 'Use Crosslister (opens in a new tab)' });
    const grow = within(actions).getByRole('link', { name: 'Use Grow (opens in a new tab)' });
    expect(crosslister.getAttribute('href')).toMatch(/crosslister/);
    expect(grow.getAttribute('href')).toMatch(/grow/);
    for (const link of [crosslister, grow]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('on a desktop says no extensions are detected', () => {
    viewportWidth(1280);
    renderHome();
    const extensions = screen.getByRole('region', { name: 'Browser extensions' });
    expect(within(extensions).getByText('No extensions detected.')).toBeTruthy();
    expect(within(extensions).queryByText(/Switch to a desktop/)).toBeNull();
  });

  it('at 768 px asks the seller to switch to a desktop to install extensions', () => {
    viewportWidth(768);
    renderHome();
    const extensions = screen.getByRole('region', { name: 'Browser extensions' });
    expect(within(extensions).getByText('Switch to a desktop computer to install extensions.')).toBeTruthy();
    expect(within(extensions).queryByText('No extensions detected.')).toBeNull();
  });

  describe('AI-listing allowance', () => {
    const usageText = () => screen.getByRole('region', { name: 'Your AI listings' }).textContent ?? '';

    it('without a plan: the free listings left, and a way to the plans', () => {
      renderHome(createUser({ usage: usage({ freeAiListingsLeft: 3 }) }));
      const region = screen.getByRole('region', { name: 'Your AI listings' });
      expect(within(region).getByText('3 free AI listings left')).toBeTruthy();
      expect(within(region).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
        '/dashboard/plans',
      );
    });

    it('says "1 free AI listing left" in the singular', () => {
      renderHome(createUser({ usage: usage({ freeAiListingsLeft: 1 }) }));
      expect(usageText()).toContain('1 free AI listing left');
    });

    it('once the free ones are gone without a plan, says so', () => {
      renderHome(createUser({ usage: usage({ freeAiListingsLeft: 0, aiListingsUsed: 3 }) }));
      expect(usageText()).toContain('You have used your free AI listings.');
    });

    it('on a plan: how many of the month’s allowance are used', () => {
      renderHome(
        createUser({ usage: usage({ aiListingsUsed: 2, aiListingsLimit: 100, freeAiListingsLeft: 0 }) }),
      );
      expect(usageText()).toContain('2 of 100 AI listings used this month');
      expect(usageText()).not.toContain('You have used');
    });

    it('on a plan with the month used up: says it renews', () => {
      renderHome(
        createUser({ usage: usage({ aiListingsUsed: 5, aiListingsLimit: 5, freeAiListingsLeft: 0 }) }),
      );
      expect(usageText()).toContain('5 of 5 AI listings used this month');
      expect(usageText()).toContain("You have used this month's AI listings.");
    });

    it('with free access: unlimited', () => {
      renderHome(createUser({ freeAccess: true, usage: usage({ aiListingsUsed: 40 }) }));
      expect(usageText()).toContain('Unlimited AI listings');
      expect(usageText()).not.toContain('free AI listings left');
    });
  });

  describe('onboarding on arrival', () => {
    it('opens for a new seller who has not seen it (context home)', () => {
      renderHome(createUser({ isNewUser: true, hasSeenOnboarding: false }));
      expect(useOnboardingStore.getState().showOnboarding).toEqual({ context: 'home', isOpen: true });
    });

    it('does not open for a seller who saw it on another device', () => {
      renderHome(createUser({ isNewUser: true, hasSeenOnboarding: true }));
      expect(useOnboardingStore.getState().showOnboarding.isOpen).toBe(false);
    });

    it('does not open again once shown in this session', () => {
      useOnboardingStore.setState({ hasShownOnboarding: true });
      renderHome(createUser({ isNewUser: true, hasSeenOnboarding: false }));
      expect(useOnboardingStore.getState().showOnboarding.isOpen).toBe(false);
    });

    it('does not open for a seller who is not new', () => {
      renderHome(createUser({ isNewUser: false, hasSeenOnboarding: false }));
      expect(useOnboardingStore.getState().showOnboarding.isOpen).toBe(false);
    });
  });
});
