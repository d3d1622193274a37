// @vitest-environment jsdom
import type { User } from '@snaplist/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { initialOnboardingState, useOnboardingStore } from '@/stores/onboarding';
import { createProUser, createUsage, createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
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

/** What a sighted person reads in `element`: its text without the parts only screen readers get. */
function visibleText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

beforeEach(() => {
  useOnboardingStore.setState(initialOnboardingState);
});

describe('DashboardHome', () => {
  it('puts the recent activity, then the browser extensions, from the route table after the quick actions', () => {
    useAuthStore.setState({ ...initialAuthState(), user: createUser(), isAuthenticated: true });
    renderRoutes(
      [
        {
          path: '/dashboard',
          element: (
            <DashboardHome
              recentActivity={<h2>Recent activity</h2>}
              extensions={<h2>Browser extensions</h2>}
            />
          ),
        },
      ],
      '/dashboard',
    );

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const afterQuickActions = headings.slice(headings.indexOf('Quick actions') + 1);
    expect(afterQuickActions).toEqual(['Recent activity', 'Browser extensions']);
  });

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
    expect(
      within(actions)
        .getByRole('link', { name: /^List from Photo/ })
        .getAttribute('href'),
    ).toBe('/photo-upload');
    const crosslister = within(actions).getByRole('link', {
      name: /^Use Crosslister.*\(opens in a new tab\)$/,
    });
    const grow = within(actions).getByRole('link', { name: /^Use Grow.*\(opens in a new tab\)$/ });
    expect(crosslister.getAttribute('href')).toMatch(/crosslister/);
    expect(grow.getAttribute('href')).toMatch(/grow/);
    for (const link of [crosslister, grow]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('names each quick action with all of its visible text (axe: label-content-name-mismatch)', () => {
    renderHome();
    const links = within(screen.getByRole('region', { name: 'Quick actions' })).getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const link of links) {
      const named = screen.getByRole('link', {
        name: (accessibleName, element) => element === link && accessibleName.includes(visibleText(link)),
      });
      expect(named).toBe(link);
    }
  });

  describe('AI-listing allowance', () => {
    const usageCard = () => screen.getByRole('region', { name: 'Your AI listings' });
    const usageText = () => usageCard().textContent ?? '';

    it('without a plan: the free listings left, and a way to the plans', () => {
      renderHome(createUser({ usage: createUsage({ freeAiListingsLeft: 3 }) }));
      expect(within(usageCard()).getByText('3 free AI listings left.')).toBeTruthy();
      expect(within(usageCard()).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
        '/dashboard/plans',
      );
    });

    it('says "1 free AI listing left" in the singular', () => {
      renderHome(createUser({ usage: createUsage({ freeAiListingsLeft: 1 }) }));
      expect(usageText()).toContain('1 free AI listing left.');
    });

    it('once the free ones are gone without a plan, says so', () => {
      renderHome(createUser({ usage: createUsage({ freeAiListingsLeft: 0, aiListingsUsed: 3 }) }));
      expect(usageText()).toContain('You have used all your free AI listings.');
    });

    it('on a plan: what is left of the month, not the free allowance the plan holder still has', () => {
      renderHome(createProUser({ aiListingsUsed: 0, aiListingsLimit: 100, freeAiListingsLeft: 2 }));
      expect(within(usageCard()).getByText('100 of 100 AI listings left this month.')).toBeTruthy();
      expect(usageText()).not.toMatch(/free AI listing/);
    });

    it('on a plan: counts down as the month is used, with a bar of the share used', () => {
      renderHome(createProUser({ aiListingsUsed: 25, aiListingsLimit: 100, freeAiListingsLeft: 0 }));
      expect(within(usageCard()).getByText('75 of 100 AI listings left this month.')).toBeTruthy();
      const bar = usageCard().querySelector<HTMLElement>('.dashboard-usage__bar span');
      expect(bar?.style.width).toBe('25%');
    });

    it('on a plan with the month used up: says so, and that it renews', () => {
      renderHome(
        createUser({
          planData: { plan: 'standard_monthly', status: 'active' },
          canGenerate: false,
          usage: createUsage({ aiListingsUsed: 5, aiListingsLimit: 5, freeAiListingsLeft: 0 }),
        }),
      );
      expect(usageText()).toContain(
        "You have used this month's AI listings. They renew at the start of next month.",
      );
      expect(usageText()).not.toMatch(/left this month/);
    });

    it('with free access: unlimited, whatever the counts say', () => {
      renderHome(
        createUser({ freeAccess: true, usage: createUsage({ aiListingsUsed: 40, freeAiListingsLeft: 3 }) }),
      );
      expect(usageText()).toContain('Unlimited AI listings: your account has free access.');
      expect(usageText()).not.toMatch(/free AI listings? left/);
      expect(usageCard().querySelector('.dashboard-usage__bar')).toBeNull();
    });
  });

  it('does not open onboarding, even for a new seller: the spec shows it only after signing in from home and on a generated listing', () => {
    renderHome(createUser({ isNewUser: true, hasSeenOnboarding: false }));
    expect(useOnboardingStore.getState().showOnboarding.isOpen).toBe(false);
  });
});
