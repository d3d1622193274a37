// Who may do what, and the paywall when they may not (decision 011). The server has the last word
// (402 with payment_required or plan_required); these helpers turn its refusal into the paywall and let a page
// stop before sending anything when the user it holds already says no.
import { isActivePlanStatus, type User } from '@snaplist/contract';
import { useAuthStore } from '@/stores/auth';
import { openPaywall, type PaywallContext } from '@/stores/paywall';
import { ApiError } from './api-client';

/** Which paywall each refusal code opens. */
const PAYWALL_CONTEXT_BY_CODE: Record<string, PaywallContext> = {
  payment_required: 'generateListing',
  plan_required: 'createListing',
};

/** The paywall context a refusal asks for: a 402 payment_required or plan_required; undefined for anything else. */
export function paywallContextFor(error: unknown): PaywallContext | undefined {
  if (!(error instanceof ApiError) || error.status !== 402 || !error.code) return undefined;
  return PAYWALL_CONTEXT_BY_CODE[error.code];
}

/**
 * Opens the paywall when `error` is the server refusing for want of a plan or allowance, and says whether it
 * did. In a catch block: `if (openPaywallFor(error)) return;` before any other error handling.
 */
export function openPaywallFor(error: unknown): boolean {
  const context = paywallContextFor(error);
  if (!context) return false;
  openPaywall(context);
  return true;
}

/** Active, trialing or trial. */
export function hasActivePlan(user: User): boolean {
  return user.planData.plan !== null && isActivePlanStatus(user.planData.status);
}

/** The price id the seller pays for now, or null without an active plan. */
export function activePlanId(user: User | null | undefined): string | null {
  return user && hasActivePlan(user) ? user.planData.plan : null;
}

/**
 * An onClick for every way into a new inventory listing (List Item, Create New, List on Marketplace): without
 * an active plan the paywall opens with context createListing instead, so nobody fills a form they cannot save.
 * The server still refuses (402 plan_required) whatever the browser lets through.
 */
export function guardCreateListing(event: { preventDefault: () => void }): void {
  const user = useAuthStore.getState().user;
  // Free access skips only the forced paywall, not the need for an active plan.
  if (user && !hasActivePlan(user)) {
    event.preventDefault();
    openPaywall('createListing');
  }
}
