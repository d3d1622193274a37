import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/testing/factories';
import {
  initialOnboardingState,
  isOnboardingDue,
  openOnboardingIfDue,
  useOnboardingStore,
} from './onboarding';

beforeEach(() => {
  useOnboardingStore.setState(initialOnboardingState);
});

describe('who gets onboarding', () => {
  const fresh = createUser({ isNewUser: true, hasSeenOnboarding: false });

  it('is due for a new user who has not seen it anywhere', () => {
    expect(isOnboardingDue(fresh)).toBe(true);
  });

  it('is not due without a user, for a returning user, or once seen on any device', () => {
    expect(isOnboardingDue(null)).toBe(false);
    expect(isOnboardingDue(createUser({ isNewUser: false, hasSeenOnboarding: false }))).toBe(false);
    expect(isOnboardingDue(createUser({ isNewUser: true, hasSeenOnboarding: true }))).toBe(false);
  });

  it('is not due again in a session where it was shown', () => {
    useOnboardingStore.getState().finishOnboarding();
    expect(isOnboardingDue(fresh)).toBe(false);
  });

  it('opens once, for the context asked, and does not switch context while open', () => {
    expect(openOnboardingIfDue(fresh, 'generatedListing')).toBe(true);
    expect(useOnboardingStore.getState().showOnboarding).toEqual({
      context: 'generatedListing',
      isOpen: true,
    });
    expect(openOnboardingIfDue(fresh, 'home')).toBe(false);
    expect(useOnboardingStore.getState().showOnboarding.context).toBe('generatedListing');
  });
});
