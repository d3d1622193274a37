// "Confirm your email address" (decision 042): above every dashboard page while a password sign-up has not
// followed the link e-mailed to it. Nothing waits on it; it offers the link again, and the seller can put it
// away for the rest of the session (it comes back in the next one, until the address is confirmed).

import { Mail, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSendEmailVerification } from '@/lib/email-verification';
import { pageLanguage } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { describeAccountFailure } from '../lib/auth-failure';
import './verify-email-banner.css';

/** Which address the banner was put away for, in this tab's session: another account still sees its own. */
const DISMISSED_KEY = 'snaplist.verify_banner_dismissed';

function dismissedFor(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function rememberDismissed(email: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, email);
  } catch {
    // Without storage the banner is away until the page reloads.
  }
}

export function VerifyEmailBanner() {
  const { t, i18n } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const [dismissed, setDismissed] = useState(dismissedFor);
  const send = useSendEmailVerification();

  if (!user || user.emailVerified || dismissed === user.email) return null;
  const { email } = user;

  const onSend = async () => {
    if (send.isPending) return;
    try {
      await send.mutateAsync({ language: pageLanguage(i18n) });
      toast.success(t('verify_banner.sent', { email }));
    } catch (error) {
      toast.error(describeAccountFailure(error, t('verify_banner.send_failed'), t).message);
    }
  };

  const onDismiss = () => {
    rememberDismissed(email);
    setDismissed(email);
  };

  return (
    <section className="verify-banner" aria-label={t('verify_banner.label')}>
      <Mail size={20} aria-hidden="true" className="verify-banner__icon" />
      <p className="verify-banner__text">{t('verify_banner.text', { email })}</p>
      <div className="verify-banner__actions">
        <Button variant="secondary" size="sm" onClick={() => void onSend()} disabled={send.isPending}>
          {send.isPending && <Spinner size="sm" />}
          {send.isPending ? t('verify_banner.sending') : t('verify_banner.send_again')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="verify-banner__dismiss"
          onClick={onDismiss}
          aria-label={t('verify_banner.dismiss')}
          title={t('verify_banner.dismiss')}
        >
          <X size={18} aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
