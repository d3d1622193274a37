// The paywall's visibility and why it opened.
import type { PaywallContext } from '@snaplist/contract';
import { create } from 'zustand';

export type { PaywallContext };
export type PaywallViewType = 'page' | 'modal';

interface PaywallFlags {
  showPaywallModal: boolean;
  context: PaywallContext;
  viewType: PaywallViewType;
}

export interface PaywallState extends PaywallFlags {
  /** Merges the given flags into the current ones. */
  setPaywall: (flags: Partial<PaywallFlags>) => void;
  /** Back to hidden, context all, view page. */
  resetPaywall: () => void;
}

export const initialPaywallState: PaywallFlags = {
  showPaywallModal: false,
  context: 'all',
  viewType: 'page',
};

export const usePaywallStore = create<PaywallState>()((set) => ({
  ...initialPaywallState,
  setPaywall: (flags) => set(flags),
  resetPaywall: () => set(initialPaywallState),
}));

/**
 * Opens the paywall modal for `context` ('all' when the reason is not a specific action). Here rather than in
 * lib/paywall so a page can open it without loading the API client and the contract's schemas.
 */
export function openPaywall(context: PaywallContext = 'all'): void {
  usePaywallStore.getState().setPaywall({ showPaywallModal: true, context, viewType: 'modal' });
}
