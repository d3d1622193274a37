// Whether the onboarding dialog shows, for which context, and whether it was already seen (SPEC sections 3, 4).
// The dialog itself arrives with the onboarding feature; sign-in only opens it through this store.
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
