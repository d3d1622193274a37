// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { initialOnboardingState, type OnboardingContext, useOnboardingStore } from '@/stores/onboarding';
import { apiError, stubApi } from '@/testing/api-stub';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { OnboardingDialog } from './onboarding-dialog';

setUpPageTests();

/** Answers POST /api/users/onboarding with `status`; anything else is a test failure. */
function stubOnboardingApi(status = 200) {
  return stubApi({
    completeOnboarding: () =>
      status === 200
        ? { ok: true }
        : apiError(status, { message: 'Server unavailable', code: 'internal_error' }),
  });
}

/** The dialog mounted as the root layout mounts it, on a listing page with a way to wander off. */
function renderDialog(context: OnboardingContext = 'home', entry = '/dashboard/listings/listing-1') {
  useOnboardingStore.getState().setShowOnboarding({ context, isOpen: true });
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <OnboardingDialog />
          </>
        ),
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          {
            path: '/dashboard/listings/:itemId',
            element: (
              <>
                <h1>Listing page</h1>
                <Link to="/dashboard">elsewhere</Link>
              </>
            ),
          },
        ],
      },
    ],
    entry,
  );
}

/** Opens the dialog for context home, goes on to step 2 and leaves it with `button`: it closes, marked seen. */
async function finishOnStepTwoWith(button: 'Done' | 'Close') {
  const user = userEvent.setup();
  const api = stubOnboardingApi();
  renderDialog('home');
  await user.click(screen.getByRole('button', { name: /^Next/ }));
  await user.click(screen.getByRole('button', { name: button }));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(useOnboardingStore.getState().hasShownOnboarding).toBe(true);
  return api;
}

const newUser = createUser({ isNewUser: true, hasSeenOnboarding: false });

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState(), user: newUser, isAuthenticated: true, token: 'jwt-1' });
  useOnboardingStore.setState(initialOnboardingState);
});

describe('OnboardingDialog', () => {
  it('is closed until the store opens it', () => {
    stubOnboardingApi();
    renderRoutes([{ path: '/', element: <OnboardingDialog /> }], '/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts with the welcome and testimonials; Skip on step 1 goes to step 2, Skip on step 2 closes', async () => {
    const user = userEvent.setup();
    const api = stubOnboardingApi();
    renderDialog('home');

    const dialog = screen.getByRole('dialog', { name: 'Welcome aboard!' });
    expect(within(dialog).getByText('Step 1 of 2')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'What sellers say' })).toBeTruthy();
    expect(within(dialog).getAllByRole('button', { name: /^Show testimonial/ })).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(screen.getByRole('dialog', { name: 'How would you like to start?' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(useOnboardingStore.getState().showOnboarding.isOpen, 'skip on step 1 does not close').toBe(true);
    expect(api.fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useOnboardingStore.getState()).toMatchObject({
      hasShownOnboarding: true,
      showOnboarding: { isOpen: false },
    });
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('offers the two guides in new tabs for context home, without "Take me to my listing"', async () => {
    const user = userEvent.setup();
    stubOnboardingApi();
    renderDialog('home');
    await user.click(screen.getByRole('button', { name: /^Next/ }));

    const crosslister = screen.getByRole('link', { name: /^Use Crosslister .*\(opens in a new tab\)$/ });
    const grow = screen.getByRole('link', { name: /^Use Grow .*\(opens in a new tab\)$/ });
    expect(crosslister.getAttribute('href')).toMatch(/crosslister/);
    expect(grow.getAttribute('href')).toMatch(/grow/);
    for (const link of [crosslister, grow]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.queryByRole('button', { name: 'Take me to my listing' })).toBeNull();
  });

  it('Done marks onboarding seen in the store, the cached user and on the server, once', async () => {
    const api = await finishOnStepTwoWith('Done');
    expect(useAuthStore.getState().user).toEqual({ ...newUser, hasSeenOnboarding: true });
    await waitFor(() => expect(api.fetch).toHaveBeenCalledTimes(1));
    const [request] = api.requestsTo('completeOnboarding');
    expect(request?.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('Close on step 2 finishes too, and the next opening starts again at step 1', async () => {
    const api = await finishOnStepTwoWith('Close');
    expect(api.fetch).toHaveBeenCalledTimes(1);

    useOnboardingStore.getState().setShowOnboarding({ context: 'home', isOpen: true });
    expect(await screen.findByRole('dialog', { name: 'Welcome aboard!' })).toBeTruthy();
  });

  it('Escape on step 1 closes and finishes', async () => {
    const user = userEvent.setup();
    const api = stubOnboardingApi();
    renderDialog('home');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useOnboardingStore.getState().hasShownOnboarding).toBe(true);
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('a failing request is logged only: the dialog still closes and the seller carries on', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = stubOnboardingApi(503);
    renderDialog('home');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(useOnboardingStore.getState().hasShownOnboarding).toBe(true);
    expect(screen.getByRole('heading', { name: 'Listing page' })).toBeTruthy();
  });

  it('for a generated listing, "Take me to my listing" closes it on the listing', async () => {
    const user = userEvent.setup();
    const api = stubOnboardingApi();
    const { router } = renderDialog('generatedListing');
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    expect(screen.getByText(/Your first listing is ready/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Take me to my listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/listings/listing-1');
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('"Take me to my listing" returns to the listing if the seller went elsewhere meanwhile', async () => {
    const user = userEvent.setup();
    stubOnboardingApi();
    const { router } = renderDialog('generatedListing');
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await router.navigate('/dashboard');
    // The page behind the modal is hidden from the accessibility tree, so it is found by its text.
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Take me to my listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/listings/listing-1'));
  });

  it('waits for the auth modal to close before it shows', async () => {
    stubOnboardingApi();
    useAuthStore.getState().openAuthModal('home');
    renderDialog('home');
    expect(screen.queryByRole('dialog', { name: 'Welcome aboard!' })).toBeNull();
    useAuthStore.getState().closeAuthModal();
    expect(await screen.findByRole('dialog', { name: 'Welcome aboard!' })).toBeTruthy();
  });
});
