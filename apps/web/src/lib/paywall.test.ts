import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { initialPaywallState, usePaywallStore } from '@/stores/paywall';
import { createUser } from '@/testing/factories';
import { ApiError } from './api-client';
import { guardCreateListing, hasActivePlan, openPaywallFor, paywallContextFor } from './paywall';

const refusal = (status: number, code: string | undefined) => new ApiError('No', status, code, { code });

beforeEach(() => usePaywallStore.setState(initialPaywallState));

describe('openPaywallFor', () => {
  it('opens the generateListing paywall for 402 payment_required', () => {
    expect(openPaywallFor(refusal(402, 'payment_required'))).toBe(true);
    expect(usePaywallStore.getState()).toMatchObject({
      showPaywallModal: true,
      context: 'generateListing',
      viewType: 'modal',
    });
  });

  it('opens the createListing paywall for 402 plan_required', () => {
    expect(openPaywallFor(refusal(402, 'plan_required'))).toBe(true);
    expect(usePaywallStore.getState()).toMatchObject({ showPaywallModal: true, context: 'createListing' });
  });

  it.each([
    ['a 402 without a code', refusal(402, undefined)],
    ['a 402 with another code', refusal(402, 'validation_failed')],
    ['another status with a paywall code', refusal(409, 'payment_required')],
    ['a plain Error', new Error('payment_required')],
    ['nothing at all', undefined],
  ])('leaves the paywall shut for %s', (_, error) => {
    expect(openPaywallFor(error)).toBe(false);
    expect(paywallContextFor(error)).toBeUndefined();
    expect(usePaywallStore.getState()).toMatchObject(initialPaywallState);
  });
});

describe('entitlements', () => {
  it('counts active, trialing and trial plans as active; past_due and canceled not', () => {
    for (const status of ['active', 'trialing', 'trial'])
      expect(hasActivePlan(createUser({ planData: { plan: 'pro_monthly', status } }))).toBe(true);
    for (const status of ['past_due', 'canceled', null])
      expect(hasActivePlan(createUser({ planData: { plan: 'pro_monthly', status } }))).toBe(false);
    expect(hasActivePlan(createUser({ planData: { plan: null, status: 'active' } }))).toBe(false);
  });
});

describe('guardCreateListing', () => {
  const click = () => {
    const preventDefault = vi.fn();
    guardCreateListing({ preventDefault });
    return preventDefault.mock.calls.length > 0;
  };

  it('stops the way into a new listing and opens the createListing paywall without an active plan', () => {
    useAuthStore.setState({
      ...initialAuthState(),
      user: createUser({ planData: { plan: null, status: null } }),
    });
    expect(click()).toBe(true);
    expect(usePaywallStore.getState()).toMatchObject({ showPaywallModal: true, context: 'createListing' });
  });

  it('lets sellers with an active plan through, and stops free-access sellers without one (SPEC section 6)', () => {
    useAuthStore.setState({
      ...initialAuthState(),
      user: createUser({ planData: { plan: 'pro_monthly', status: 'trialing' } }),
    });
    expect(click()).toBe(false);
    expect(usePaywallStore.getState().showPaywallModal).toBe(false);
    useAuthStore.setState({ ...initialAuthState(), user: createUser({ freeAccess: true }) });
    expect(click()).toBe(true);
  });
});
