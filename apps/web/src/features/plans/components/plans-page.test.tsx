// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAlertStore } from '@/stores/alert';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { stubApi } from '@/testing/api-stub';
import { signIn } from '@/testing/auth';
import { createProUser, createUsage, createUser } from '@/testing/factories';
import { plansResponse } from '@/testing/plans';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { PlansPage } from './plans-page';

function renderPage(entry: string) {
  return renderRoutes(
    [
      { path: '/', element: <p>landing page</p> },
      { path: '/plans', element: <PlansPage /> },
      { path: '/dashboard/plans', element: <PlansPage /> },
    ],
    entry,
  ).router;
}

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState(initialAuthState());
  useAlertStore.setState({ queue: [] });
});

describe('/plans (standalone)', () => {
  it("alerts 'Email missing' and goes home without an e-mail", async () => {
    stubApi({ plans: plansResponse() });
    const router = renderPage('/plans?context=generateListing');

    expect(await screen.findByText('landing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useAlertStore.getState().queue).toEqual(['Email missing']);
  });

  it('reads email and context from the query', async () => {
    stubApi({ plans: plansResponse() });
    const router = renderPage('/plans?email=ana%40example.com&context=createListing');

    expect(screen.getByRole('heading', { level: 1, name: 'Creating listings needs a plan' })).toBeTruthy();
    expect(screen.getByText('Choosing a plan for ana@example.com')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Pro/ }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.pathname).toBe('/plans');
    expect(useAlertStore.getState().queue).toEqual([]);
  });

  it.each([
    ['falls back to the generic heading for an unknown context', 'nonsense'],
    // A visitor's allowance it cannot know, so it does not tell them they are out.
    ['gives a visitor the generic heading on context generateListing', 'generateListing'],
  ])('%s', (_, context) => {
    stubApi({ plans: plansResponse() });
    renderPage(`/plans?email=ana%40example.com&context=${context}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeTruthy();
  });

  it('tells a seller who really is out of AI listings so (context generateListing)', () => {
    stubApi({ plans: plansResponse() });
    signIn(
      createUser({
        canGenerate: false,
        usage: createUsage({ aiListingsUsed: 3, aiListingsLimit: null, freeAiListingsLeft: 0 }),
      }),
    );
    renderPage('/plans?email=seller%40example.com&context=generateListing');
    expect(screen.getByRole('heading', { level: 1, name: 'You are out of AI listings' })).toBeTruthy();
    expect(screen.getByText(/keep generating listings/)).toBeTruthy();
  });

  it('gives a Pro seller with AI listings left the plain heading, and what is left, on context generateListing', () => {
    stubApi({ plans: plansResponse() });
    signIn(createProUser({ aiListingsUsed: 1, aiListingsLimit: 100, freeAiListingsLeft: 0 }));
    renderPage('/plans?email=seller%40example.com&context=generateListing');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeTruthy();
    expect(screen.queryByText(/out of AI listings|used all your AI listings/)).toBeNull();
    expect(
      screen.getByText('You are on Pro, billed monthly. 99 of 100 AI listings left this month.'),
    ).toBeTruthy();
    expect(screen.queryByText(/free AI listing/)).toBeNull();
  });

  it('says which account buys when another one is signed in', () => {
    stubApi({ plans: plansResponse() });
    signIn(createUser({ email: 'bo@example.com' }));
    renderPage('/plans?email=ana%40example.com');
    expect(
      screen.getByText('You are signed in as bo@example.com: the plan you choose is for this account.'),
    ).toBeTruthy();
  });
});

describe('/dashboard/plans', () => {
  it("shows the signed-in seller's plan and this month's use", async () => {
    stubApi({ plans: plansResponse() });
    signIn(
      createUser({
        planData: { plan: 'pro_yearly', status: 'active' },
        usage: createUsage({ aiListingsUsed: 7, aiListingsLimit: 100, freeAiListingsLeft: 0 }),
      }),
    );
    renderPage('/dashboard/plans');

    expect(screen.getByRole('heading', { level: 1, name: 'Plans' })).toBeTruthy();
    expect(
      screen.getByText('You are on Pro, billed yearly. 93 of 100 AI listings left this month.'),
    ).toBeTruthy();
    await waitFor(() => expect(useAlertStore.getState().queue).toEqual([]));
  });

  it('names a lapsed plan, then the free AI listings left', () => {
    stubApi({ plans: plansResponse() });
    signIn(
      createUser({
        planData: { plan: 'standard_monthly', status: 'past_due' },
        usage: createUsage({ aiListingsUsed: 0, aiListingsLimit: null, freeAiListingsLeft: 1 }),
      }),
    );
    renderPage('/dashboard/plans');
    expect(screen.getByText('Your Standard plan is not active. 1 free AI listing left.')).toBeTruthy();
  });

  it('tells a seller with free access it is unlimited', () => {
    stubApi({ plans: plansResponse() });
    signIn(createUser({ freeAccess: true }));
    renderPage('/dashboard/plans');
    expect(screen.getByText('Unlimited AI listings: your account has free access.')).toBeTruthy();
  });
});
