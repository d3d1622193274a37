// Get Started: the seller's current plan is refused with 'You are already on this
// plan'; otherwise a window opens during the click, POST /checkout answers the payment page's URL and the
// window goes there, and the checkout watch starts. A failure closes the window and names the support address.
import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { activePlanId } from '@/lib/paywall';
import { closeWindow, openWaitingWindow } from '@/lib/waiting-window';
import { useAuthStore } from '@/stores/auth';
import { createCheckout } from './api/create-checkout';
import { useCheckoutWatchStore } from './checkout-watch';
import { pointWindowAt } from './checkout-window';

interface CheckoutOptions {
  /** The price id the seller already pays for (the signed-in user's, or the standalone page's existingPlan). */
  currentPlanId: string | null;
  supportEmail: string;
}

export interface Checkout {
  start: (priceId: string) => void;
  /** The price id whose checkout link is being made, or null. */
  busyPriceId: string | null;
}

export function useCheckout({ currentPlanId, supportEmail }: CheckoutOptions): Checkout {
  const { t, i18n } = useTranslation();
  const [busyPriceId, setBusyPriceId] = useState<string | null>(null);
  const busy = useRef(false);

  const start = useCallback(
    (priceId: string) => {
      if (busy.current) return;
      if (priceId === currentPlanId) {
        toast(t('plans.already_on_plan'));
        return;
      }
      const auth = useAuthStore.getState();
      if (!auth.isAuthenticated) {
        // Buying needs an account; the seller clicks Get Started again once signed in.
        auth.openAuthModal('dashboard');
        return;
      }
      // Synchronously, inside the click: anything later is a pop-up the browser may block.
      const popup = openWaitingWindow(t('plans.just_a_moment'), i18n.resolvedLanguage ?? 'en');
      const fromPlan = activePlanId(auth.user);
      busy.current = true;
      setBusyPriceId(priceId);

      createCheckout(priceId)
        .then(({ url }) => {
          if (!popup) {
            // No window (blocked): the payment page takes this tab instead.
            window.location.assign(url);
            return;
          }
          // The seller closed the waiting window: they changed their mind.
          if (popup.closed) return;
          pointWindowAt(popup, url);
          useCheckoutWatchStore.getState().startWatch(popup, fromPlan);
        })
        .catch((error: unknown) => {
          closeWindow(popup);
          if (error instanceof ApiError && error.code === 'already_on_plan') {
            toast(t('plans.already_on_plan'));
          } else if (error instanceof ApiError && error.status === 401) {
            useAuthStore.getState().clearAuth();
            useAuthStore.getState().openAuthModal('dashboard');
          } else {
            console.warn('Checkout failed', error);
            toast.error(t('plans.checkout_failed', { email: supportEmail }));
          }
        })
        .finally(() => {
          busy.current = false;
          setBusyPriceId(null);
        });
    },
    [currentPlanId, i18n, supportEmail, t],
  );

  return { start, busyPriceId };
}
