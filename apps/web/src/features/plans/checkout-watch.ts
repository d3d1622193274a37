// After the payment page opens, the plan becomes active on the server (webhook or test checkout) while the
// seller is in the other window. Until then the auth check re-runs every few seconds while that window is
// open, and whenever this tab regains focus; once the user it returns has a newly active plan the watch ends and `onActivated` runs
// (the paywall closes, a welcome toast shows). The watch lives in a store, not in the plans view, so closing
// the paywall or changing page does not lose it.
import { isActivePlanStatus, type User } from '@snaplist/contract';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { refreshUser } from '@/lib/refresh-user';
import { useAuthStore } from '@/stores/auth';

export const CHECKOUT_POLL_MS = 3000;
/** After the payment window closes, a provider's webhook may still be on its way: keep polling this long. */
export const AFTER_CLOSE_MS = 30_000;
/** Nobody takes half an hour over a payment page; stop asking then. */
export const MAX_WATCH_MS = 30 * 60_000;

export interface CheckoutWatch {
  /** The payment window; null when the checkout could not get one. */
  popup: Window | null;
  /** The price id that was active when checkout started (null without an active plan). */
  fromPlan: string | null;
  startedAt: number;
}

interface CheckoutWatchState {
  watch: CheckoutWatch | null;
  startWatch: (popup: Window | null, fromPlan: string | null) => void;
  stopWatch: () => void;
}

export const useCheckoutWatchStore = create<CheckoutWatchState>()((set) => ({
  watch: null,
  startWatch: (popup, fromPlan) => set({ watch: { popup, fromPlan, startedAt: Date.now() } }),
  stopWatch: () => set({ watch: null }),
}));

/** A plan is now active that was not when the checkout started. */
export function planBecameActive(user: User, fromPlan: string | null): boolean {
  const { plan, status } = user.planData;
  return plan !== null && isActivePlanStatus(status) && plan !== fromPlan;
}

/** Runs the watch while there is one; mount once (the paywall host does). */
export function useCheckoutWatch(onActivated: (user: User) => void): void {
  const watch = useCheckoutWatchStore((state) => state.watch);
  const onActivatedRef = useRef(onActivated);
  onActivatedRef.current = onActivated;

  useEffect(() => {
    if (!watch) return;
    let ended = false;
    let inFlight = false;
    let closedAt: number | null = null;
    const end = () => {
      ended = true;
      useCheckoutWatchStore.getState().stopWatch();
    };

    const check = async () => {
      if (ended || inFlight) return;
      inFlight = true;
      try {
        const user = await refreshUser();
        if (ended) return;
        if (!user) {
          // Signed out (or the session ended): nobody to watch for.
          if (!useAuthStore.getState().isAuthenticated) end();
          return;
        }
        if (planBecameActive(user, watch.fromPlan)) {
          end();
          onActivatedRef.current(user);
        }
      } finally {
        inFlight = false;
      }
    };

    const expired = () => Date.now() - watch.startedAt > MAX_WATCH_MS;
    const tick = () => {
      if (expired()) {
        end();
        return;
      }
      // A closed window (or one a provider's opener policy reports as closed) stops the polling after a
      // while; coming back to this tab still checks until the watch expires.
      if (watch.popup?.closed) closedAt ??= Date.now();
      if (closedAt !== null && Date.now() - closedAt > AFTER_CLOSE_MS) {
        clearInterval(timer);
        return;
      }
      void check();
    };
    const checkIfCurrent = () => {
      if (expired()) end();
      else void check();
    };
    const onFocus = () => checkIfCurrent();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') checkIfCurrent();
    };

    const timer = setInterval(tick, CHECKOUT_POLL_MS);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ended = true;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [watch]);
}
