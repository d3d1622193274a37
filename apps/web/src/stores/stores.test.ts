import { beforeEach, describe, expect, it } from 'vitest';
import { createGeneratedListing } from '@/testing/factories';
import { initialActiveListingState, useActiveListingStore } from './active-listing';
import { useAlertStore } from './alert';
import { initialOnboardingState, useOnboardingStore } from './onboarding';
import { initialPaywallState, usePaywallStore } from './paywall';

beforeEach(() => {
  useActiveListingStore.setState(initialActiveListingState);
  usePaywallStore.setState(initialPaywallState);
  useOnboardingStore.setState(initialOnboardingState);
  useAlertStore.setState({ queue: [] });
});

describe('active listing store', () => {
  it('ignores updates until a listing is loaded', () => {
    useActiveListingStore.getState().updateListing({ title: 'x' });
    expect(useActiveListingStore.getState()).toMatchObject({ data: null, isDirty: false });
  });

  it('stores a listing clean, then merges updates and marks dirty', () => {
    const listing = createGeneratedListing({ listingId: 'l1', title: 'Denim jacket', brand: 'Levi’s' });
    useActiveListingStore.getState().setListing(listing);
    expect(useActiveListingStore.getState()).toMatchObject({
      data: listing,
      originalData: listing,
      isDirty: false,
    });

    useActiveListingStore.getState().updateListing({ title: 'Blue denim jacket' });
    const state = useActiveListingStore.getState();
    expect(state.data).toEqual({ ...listing, title: 'Blue denim jacket' });
    expect(state.originalData).toEqual(listing);
    expect(state.isDirty).toBe(true);
  });
});

describe('paywall store', () => {
  it('merges flags and resets to hidden/all/page', () => {
    usePaywallStore.getState().setPaywall({ showPaywallModal: true, context: 'generateListing' });
    expect(usePaywallStore.getState()).toMatchObject({
      showPaywallModal: true,
      context: 'generateListing',
      viewType: 'page',
    });
    usePaywallStore.getState().resetPaywall();
    expect(usePaywallStore.getState()).toMatchObject(initialPaywallState);
  });
});

describe('onboarding store', () => {
  it('opens for a context, and finishing closes it and marks it shown', () => {
    useOnboardingStore.getState().setShowOnboarding({ context: 'generatedListing', isOpen: true });
    expect(useOnboardingStore.getState().showOnboarding).toEqual({
      context: 'generatedListing',
      isOpen: true,
    });
    useOnboardingStore.getState().finishOnboarding();
    expect(useOnboardingStore.getState()).toMatchObject({
      hasShownOnboarding: true,
      showOnboarding: { context: 'generatedListing', isOpen: false },
    });
  });
});

describe('alert store', () => {
  it('queues messages and dismisses them in order', () => {
    useAlertStore.getState().showAlert('first');
    useAlertStore.getState().showAlert('second');
    expect(useAlertStore.getState().queue).toEqual(['first', 'second']);
    useAlertStore.getState().dismissAlert();
    expect(useAlertStore.getState().queue).toEqual(['second']);
  });
});
