// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { createUsage, createUser } from '@/testing/factories';
import { plansResponse, SUPPORT_EMAIL, stubWindowOpen } from '@/testing/plans';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { useCheckoutWatchStore } from '../checkout-watch';
import { PlansView } from './plans-view';

function renderView(existingPlan: string | null = null) {
  return renderRoutes([{ path: '/', element: <PlansView existingPlan={existingPlan} /> }], '/');
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const getStarted = () => screen.getByRole('button', { name: 'Get Started' });
const card = () => screen.getByRole('tabpanel');

/** A promise whose answer the test gives later. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState(), user: createUser(), isAuthenticated: true, token: 't' });
  useCheckoutWatchStore.setState({ watch: null });
});

describe('PlansView: tiers and billing period', () => {
  it('opens on Pro, marked Best Value, billed monthly in US dollars', () => {
    stubApi({ plans: plansResponse() });
    renderView();

    expect(tab(/^Pro/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/^Standard/).getAttribute('aria-selected')).toBe('false');
    expect(within(tab(/^Pro/)).getByText('Best Value')).toBeTruthy();
    expect(within(tab(/^Standard/)).queryByText('Best Value')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveProperty('checked', true);

    expect(within(card()).getByText('$29.99')).toBeTruthy();
    expect(within(card()).getByText('per month')).toBeTruthy();
    expect(within(card()).getByText('100 AI listings a month')).toBeTruthy();
    const features = within(card()).getByRole('list', { name: 'What Pro includes' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Crosslisting to eBay, Depop, Etsy, Poshmark, Vinted and Shopify',
      'Listings written by AI from your photos',
      'Automatic offers to interested buyers',
      'Automatic re-upload of your listings',
      'Free access to the Grow bots (Vinted, Depop, Poshmark)',
    ]);
    expect(card().textContent).not.toContain('£');
  });

  it("switches to yearly ('Save 20%') and to Standard", async () => {
    const user = userEvent.setup();
    stubApi({ plans: plansResponse() });
    renderView();

    const yearly = screen.getByRole('radio', { name: /^Yearly/ });
    expect(within(yearly.closest('label') as HTMLElement).getByText('Save 20%')).toBeTruthy();
    await user.click(yearly);
    expect(within(card()).getByText('$299.99')).toBeTruthy();
    expect(within(card()).getByText('per year')).toBeTruthy();
    expect(within(card()).getByText('That is $25.00 a month, billed once a year.')).toBeTruthy();

    await user.click(tab(/^Standard/));
    expect(within(card()).getByText('$140.99')).toBeTruthy();
    expect(within(card()).getByText('5 AI listings a month')).toBeTruthy();
    expect(within(card()).queryByText('Automatic offers to interested buyers')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(card()).getByText('$12.99')).toBeTruthy();
  });

  it('tells a seller without a plan how many free AI listings are left', async () => {
    stubApi({ plans: plansResponse() });
    useAuthStore.setState({
      user: createUser({
        usage: createUsage({ aiListingsUsed: 1, aiListingsLimit: null, freeAiListingsLeft: 2 }),
      }),
    });
    renderView();
    expect(screen.getByText('2 free AI listings left.')).toBeTruthy();
  });

  it('tells a visitor about the free allowance from GET /plans', async () => {
    stubApi({ plans: plansResponse() });
    useAuthStore.setState({ user: null, isAuthenticated: false, token: null });
    renderView();
    expect(await screen.findByText('New accounts get 3 free AI listings.')).toBeTruthy();
    expect(screen.getByText('You will be asked to log in or sign up first.')).toBeTruthy();
  });
});

describe('PlansView: Get Started', () => {
  it('refuses the plan the seller is already on, without a window or a request', async () => {
    const user = userEvent.setup();
    const api = stubApi({ plans: plansResponse() });
    const { open } = stubWindowOpen();
    useAuthStore.setState({ user: createUser({ planData: { plan: 'pro_monthly', status: 'active' } }) });
    renderView();

    expect(within(card()).getByText('Your current plan')).toBeTruthy();
    await user.click(getStarted());

    expect(await screen.findByText('You are already on this plan')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(api.requestsTo('checkout')).toEqual([]);
  });

  it("refuses the standalone page's existingPlan for a visitor too", async () => {
    const user = userEvent.setup();
    stubApi({ plans: plansResponse() });
    const { open } = stubWindowOpen();
    useAuthStore.setState({ user: null, isAuthenticated: false, token: null });
    renderView('pro_monthly');

    await user.click(getStarted());
    expect(await screen.findByText('You are already on this plan')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(useAuthStore.getState().authModal.isOpen).toBe(false);
  });

  it("opens a window during the click, says 'Just a moment...', then sends it to the checkout", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const bodies: unknown[] = [];
    stubApi({
      plans: plansResponse(),
      checkout: ({ body }) => {
        bodies.push(body);
        return answer.promise;
      },
    });
    const { open, popup } = stubWindowOpen();
    renderView();

    await user.click(screen.getByRole('radio', { name: /^Yearly/ }));
    await user.click(getStarted());

    // The window exists before the server has answered: a pop-up blocker allows it.
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.document.body.textContent).toBe('Just a moment...');
    const busy = screen.getByRole('button', { name: 'Just a moment...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(bodies).toEqual([{ plan: 'pro_yearly', product: 'crosslister' }]);

    answer.resolve(Response.json({ url: 'http://localhost/api/payments/local/abc' }));
    await waitFor(() => expect(popup.location.href).toBe('http://localhost/api/payments/local/abc'));
    expect(popup.opener).toBeNull();
    expect(popup.close).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(useCheckoutWatchStore.getState().watch).toMatchObject({ popup, fromPlan: null });
  });

  it('closes the window and names the support address when the checkout fails', async () => {
    const user = userEvent.setup();
    stubApi({
      plans: plansResponse(),
      checkout: () =>
        apiError(502, { message: 'The checkout could not be started.', code: 'checkout_failed' }),
    });
    const { popup } = stubWindowOpen();
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderView();
    // The support address comes from GET /plans.
    await waitFor(() => expect(screen.getByText('Test checkout: no card is charged.')).toBeTruthy());

    await user.click(getStarted());

    expect(
      await screen.findByText(`Error generating checkout link. Please contact ${SUPPORT_EMAIL}`),
    ).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('about:blank');
    expect(useCheckoutWatchStore.getState().watch).toBeNull();
    expect(warned).toHaveBeenCalled();
  });

  it("shows 'You are already on this plan' when the server answers 409 already_on_plan", async () => {
    const user = userEvent.setup();
    stubApi({
      plans: plansResponse(),
      checkout: () => apiError(409, { message: 'You are already on this plan', code: 'already_on_plan' }),
    });
    const { popup } = stubWindowOpen();
    renderView();

    await user.click(getStarted());

    expect(await screen.findByText('You are already on this plan')).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(screen.queryByText(/Error generating checkout link/)).toBeNull();
  });

  it('asks a visitor to sign in instead of opening a window', async () => {
    const user = userEvent.setup();
    const api = stubApi({ plans: plansResponse() });
    const { open } = stubWindowOpen();
    useAuthStore.setState({ user: null, isAuthenticated: false, token: null });
    renderView();

    await user.click(getStarted());
    expect(useAuthStore.getState().authModal.isOpen).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(api.requestsTo('checkout')).toEqual([]);
  });
});
