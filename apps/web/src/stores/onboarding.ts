// Whether the onboarding dialog shows, for which context, and whether it was already seen.
// The dialog lives in features/onboarding; sign-in from home and listing details open it through this
// store (SPEC: contexts home and generatedListing only), with the one rule of who gets it in `openOnboardingIfDue`.
import type { User } from '@snaplist/contract';
import { create } from 'zustand';

export type OnboardingContext = 'home' | 'generatedListing';

export interface OnboardingState {
  hasShownOnboarding: boolean;
  cancelledOnboarding: boolean;
  showOnboarding: { context: OnboardingContext; isOpen: boolean };

  setShowOnboarding: (showOnboarding: { context: OnboardingContext; isOpen: boolean }) => void;
  setHasShownOnboarding: (hasShownOnboarding: boolean) => void;
  setCancelledOnboarding: (cancelledOnboarding: boolean) => void;
  /** Close or Done: the dialog closes and counts as shown. */
  finishOnboarding: () => void;
}

export const initialOnboardingState = {
  hasShownOnboarding: false,
  cancelledOnboarding: false,
  showOnboarding: { context: 'home' as OnboardingContext, isOpen: false },
};

export const useOnboardingStore = create<OnboardingState>()((set) => ({
  ...initialOnboardingState,
  setShowOnboarding: (showOnboarding) => set({ showOnboarding }),
  setHasShownOnboarding: (hasShownOnboarding) => set({ hasShownOnboarding }),
  setCancelledOnboarding: (cancelledOnboarding) => set({ cancelledOnboarding }),
  finishOnboarding: () =>
    set((state) => ({
      hasShownOnboarding: true,
      showOnboarding: { ...state.showOnboarding, isOpen: false },
    })),
}));

/**
 * Whether onboarding is due for this user: a new user who has not seen it, neither on any device (the server's
 * hasSeenOnboarding) nor in this session (hasShownOnboarding), and it is not already open.
 */
export function isOnboardingDue(
  user: Pick<User, 'isNewUser' | 'hasSeenOnboarding'> | null | undefined,
): boolean {
  const { hasShownOnboarding, showOnboarding } = useOnboardingStore.getState();
  return !!user && user.isNewUser && !user.hasSeenOnboarding && !hasShownOnboarding && !showOnboarding.isOpen;
}

/** Opens onboarding for `context` when it is due for `user`; says whether it opened. */
export function openOnboardingIfDue(
  user: Pick<User, 'isNewUser' | 'hasSeenOnboarding'> | null | undefined,
  context: OnboardingContext,
): boolean {
  if (!isOnboardingDue(user)) return false;
  useOnboardingStore.getState().setShowOnboarding({ context, isOpen: true });
  return true;
}
