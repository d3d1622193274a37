// The paywall modal, mounted once for the whole app: visible while the paywall store
// says showPaywallModal, it slides up from the bottom; Escape, the close button or a click outside play a
// 300 ms slide down and then reset the store (at once when the seller prefers reduced motion). It also runs
// the checkout watch, so a plan bought in the other window closes it with a welcome.
import type { User } from '@snaplist/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { DialogDescription, DialogFrame, DialogTitle } from '@/components/ui/dialog';
import { useAuthStore } from '@/stores/auth';
import { usePaywallStore } from '@/stores/paywall';
import { useCheckoutWatch } from '../checkout-watch';
import { paywallCopy } from '../paywall-copy';
import { planNameForPriceId } from '../plan-display';
import { PlansView } from './plans-view';
import './plans.css';

/** The paywall's close animation. */
export const PAYWALL_CLOSE_MS = 300;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function PaywallHost() {
  const { t } = useTranslation();
  const open = usePaywallStore((state) => state.showPaywallModal);
  const context = usePaywallStore((state) => state.context);
  const user = useAuthStore((state) => state.user);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const close = useCallback(() => {
    if (closeTimer.current !== undefined) return;
    if (prefersReducedMotion()) {
      usePaywallStore.getState().resetPaywall();
      return;
    }
    setClosing(true);
    closeTimer.current = setTimeout(() => {
      closeTimer.current = undefined;
      setClosing(false);
      usePaywallStore.getState().resetPaywall();
    }, PAYWALL_CLOSE_MS);
  }, []);

  // Opened again, or closed by someone else, while the slide down ran: the store has the last word.
  useEffect(() => {
    if (!open && closeTimer.current !== undefined) {
      clearTimeout(closeTimer.current);
      closeTimer.current = undefined;
      setClosing(false);
    }
  }, [open]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useCheckoutWatch((user: User) => {
    if (user.planData.plan)
      toast.success(t('plans.welcome_to_plan', { plan: planNameForPriceId(user.planData.plan) }), {
        duration: 5000,
      });
    if (usePaywallStore.getState().showPaywallModal) close();
  });

  const copy = paywallCopy(context, user);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      overlayClassName={['paywall-overlay', closing ? 'paywall-overlay--closing' : '']
        .filter(Boolean)
        .join(' ')}
      className={['paywall', closing ? 'paywall--closing' : ''].filter(Boolean).join(' ')}
      aria-busy={closing || undefined}
    >
      <div className="paywall__inner">
        <header className="paywall__header">
          <DialogTitle className="paywall__title">{t(copy.title)}</DialogTitle>
          <DialogDescription className="paywall__intro">{t(copy.intro)}</DialogDescription>
        </header>
        <PlansView />
      </div>
    </DialogFrame>
  );
}
