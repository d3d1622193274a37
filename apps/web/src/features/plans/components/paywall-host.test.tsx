// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { initialPaywallState, openPaywall, usePaywallStore } from '@/stores/paywall';
import { stubApi } from '@/testing/api-stub';
import { createUsage, createUser } from '@/testing/factories';
import { plansResponse, stubWindowOpen } from '@/testing/plans';
import { renderRoutes, setUpPageTests, stubMatchMedia } from '@/testing/render-page';
import { AFTER_CLOSE_MS, CHECKOUT_POLL_MS, useCheckoutWatchStore } from '../checkout-watch';
import { PAYWALL_CLOSE_MS, PaywallHost } from './paywall-host';

function renderHost() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <p>page under the paywall</p>
            <PaywallHost />
          </>
        ),
      },
    ],
    '/',
  );
}

/** A seller without a plan whose free AI listings are all used: out, as the server would also say. */
const outOfFreeListings = createUser({
  canGenerate: false,
  usage: createUsage({ aiListingsUsed: 3, aiListingsLimit: null, freeAiListingsLeft: 0 }),
});

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState(), user: createUser(), isAuthenticated: true, token: 't' });
  usePaywallStore.setState(initialPaywallState);
  useCheckoutWatchStore.setState({ watch: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PaywallHost', () => {
  it('stays hidden until the paywall store asks for it', async () => {
    stubApi({ plans: plansResponse() });
    renderHost();
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => openPaywall());
    const dialog = await screen.findByRole('dialog', { name: 'Choose your plan' });
    expect(dialog.className).toContain('paywall');
    expect(screen.getByRole('tab', { name: /^Pro/ }).getAttribute('aria-selected')).toBe('true');
  });

  it.each([
    ['generateListing', 'You are out of AI listings', /keep generating listings/],
    ['createListing', 'Creating listings needs a plan', /save listings to your inventory/],
  ] as const)('says why it opened (%s)', async (context, title, intro) => {
    stubApi({ plans: plansResponse() });
    useAuthStore.setState({ user: outOfFreeListings });
    renderHost();
    act(() => openPaywall(context));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(intro)).toBeTruthy();
  });

  it('opened for generateListing, tells a seller who still has AI listings what is left, not that they are out', async () => {
    stubApi({ plans: plansResponse() });
    useAuthStore.setState({
      user: createUser({
        planData: { plan: 'pro_monthly', status: 'active' },
        usage: createUsage({ aiListingsUsed: 1, aiListingsLimit: 100, freeAiListingsLeft: 0 }),
      }),
    });
    renderHost();
    act(() => openPaywall('generateListing'));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your plan' });
    expect(dialog.textContent).not.toMatch(/out of AI listings/);
    expect(screen.getByText(/99 of 100 AI listings left this month\./)).toBeTruthy();
  });

  it('plays the 300 ms slide down before it resets the store', async () => {
    stubApi({ plans: plansResponse() });
    renderHost();
    act(() => openPaywall('generateListing'));
    await screen.findByRole('dialog');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.getByRole('dialog').className).toContain('paywall--closing');
    act(() => vi.advanceTimersByTime(PAYWALL_CLOSE_MS - 1));
    expect(usePaywallStore.getState().showPaywallModal).toBe(true);
    expect(screen.getByRole('dialog')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1));
    expect(usePaywallStore.getState()).toMatchObject(initialPaywallState);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(PAYWALL_CLOSE_MS).toBe(300);
  });

  it('closes with Escape too', async () => {
    const user = userEvent.setup();
    stubApi({ plans: plansResponse() });
    renderHost();
    act(() => openPaywall());
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(usePaywallStore.getState().showPaywallModal).toBe(false);
  });

  it('closes at once for a seller who prefers reduced motion', async () => {
    stubApi({ plans: plansResponse() });
    window.matchMedia = vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    renderHost();
    act(() => openPaywall());
    await screen.findByRole('dialog');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(usePaywallStore.getState().showPaywallModal).toBe(false);
    stubMatchMedia();
  });

  it('re-checks the account on focus while a checkout is open, then closes with a welcome', async () => {
    const user = userEvent.setup();
    let plan: { plan: string | null; status: string | null } = { plan: null, status: null };
    const api = stubApi({
      plans: plansResponse(),
      checkout: { url: 'http://localhost/checkout/1' },
      authCheck: () => ({ user: createUser({ planData: plan, canGenerate: plan.status === 'active' }) }),
    });
    const { popup } = stubWindowOpen();
    useAuthStore.setState({ user: createUser({ canGenerate: false }) });
    renderHost();
    act(() => openPaywall('generateListing'));
    await screen.findByRole('dialog');

    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(popup.location.href).toBe('http://localhost/checkout/1'));

    // Not paid yet: the focus check finds no plan and the paywall stays.
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(api.requestsTo('authCheck')).not.toEqual([]));
    expect(screen.getByRole('dialog')).toBeTruthy();

    plan = { plan: 'pro_monthly', status: 'active' };
    act(() => void window.dispatchEvent(new Event('focus')));

    expect(await screen.findByText('Welcome to Snaplist Pro! Your plan is active.')).toBeTruthy();
    await waitFor(() => expect(usePaywallStore.getState().showPaywallModal).toBe(false));
    expect(useAuthStore.getState().user?.canGenerate).toBe(true);
    expect(useCheckoutWatchStore.getState().watch).toBeNull();
  });

  it('re-checks every few seconds while the checkout window is open', async () => {
    const api = stubApi({
      plans: plansResponse(),
      authCheck: { user: createUser({ planData: { plan: 'standard_yearly', status: 'active' } }) },
    });
    const { popup } = stubWindowOpen();
    renderHost();
    act(() => openPaywall());
    await screen.findByRole('dialog');

    vi.useFakeTimers();
    act(() => useCheckoutWatchStore.getState().startWatch(popup as unknown as Window, null));
    expect(api.requestsTo('authCheck')).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(api.requestsTo('authCheck')).not.toEqual([]);
    expect(useCheckoutWatchStore.getState().watch).toBeNull();
    expect(useAuthStore.getState().user?.planData.plan).toBe('standard_yearly');
  });
  it('stops polling 30 s after the checkout window closes, but still checks when the tab regains focus', async () => {
    const api = stubApi({ plans: plansResponse(), authCheck: { user: createUser() } });
    const { popup } = stubWindowOpen();
    renderHost();
    const authChecks = () => api.requestsTo('authCheck').length;

    vi.useFakeTimers();
    act(() => useCheckoutWatchStore.getState().startWatch(popup as unknown as Window, null));
    popup.close();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AFTER_CLOSE_MS + 2 * CHECKOUT_POLL_MS);
    });
    const polled = authChecks();
    expect(polled).toBeGreaterThan(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * CHECKOUT_POLL_MS);
    });
    expect(authChecks()).toBe(polled);

    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(authChecks()).toBe(polled + 1);
    expect(useCheckoutWatchStore.getState().watch).not.toBeNull();
  });
});
