// The paywall modal, mounted once for the whole app (SPEC sections 3 and 4): visible while the paywall store
// says showPaywallModal, it slides up from the bottom; Escape, the close button or a click outside play a
// 300 ms slide down and then reset the store (at once when the seller prefers reduced motion). It also runs
// the checkout watch, so a plan bought in the other window closes it with a welcome.
import * as RadixDialog from '@radix-ui/react-dialog';
import type { User } from '@snaplist/contract';
import { X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useAuthStore } from '@/stores/auth';
import { usePaywallStore } from '@/stores/paywall';
import { useCheckoutWatch } from '../checkout-watch';
import { paywallCopy } from '../paywall-copy';
import { planNameForPriceId } from '../plan-display';
import { PlansView } from './plans-view';
import './plans.css';

/** SPEC section 9: the paywall's close animation. */
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
  const returnFocus = useReturnFocus();

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
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={['paywall-overlay', closing ? 'paywall-overlay--closing' : ''].filter(Boolean).join(' ')}
        />
        <RadixDialog.Content
          className={['paywall', closing ? 'paywall--closing' : ''].filter(Boolean).join(' ')}
          aria-busy={closing || undefined}
          {...returnFocus}
        >
          <div className="paywall__inner">
            <header className="paywall__header">
              <RadixDialog.Title className="paywall__title">{t(copy.title)}</RadixDialog.Title>
              <RadixDialog.Description className="paywall__intro">{t(copy.intro)}</RadixDialog.Description>
            </header>
            <PlansView />
          </div>
          <RadixDialog.Close className="dialog__close" aria-label={t('common.close')}>
            <X size={20} aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
