// /marketplaces/callback/:marketplace: where a marketplace sends the seller back after they granted (or
// refused) access. The page posts what the marketplace appended to its address to the server, then goes to
// Settings, which says the marketplace is connected; a refusal is shown here with the way back to Settings.
// The seller arrives on a full page load: the root layout has run the auth check with the stored token before
// this page renders, and a seller whose session ended signs in here first.
import {
  type CompleteConnectionRequest,
  isPublishingMarketplace,
  MARKETPLACE_NAMES,
  type PublishingMarketplace,
} from '@snaplist/contract';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { OutcomePageCard, WorkingPageCard } from '@/components/page-card';
import { Button, buttonClass } from '@/components/ui/button';
import { errorText } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';
import { useCompleteConnection } from '../api/complete-connection';
import { callbackRequest } from '../callback-request';
import { connectedState } from '../connected-notice';
import './crosslisting.css';

export function MarketplaceCallbackPage() {
  const { t } = useTranslation();
  const { marketplace = '' } = useParams();
  const [search] = useSearchParams();

  if (!isPublishingMarketplace(marketplace)) {
    return (
      <CallbackFailed
        title={t('crosslisting.callback_invalid_title')}
        text={t('crosslisting.callback_invalid')}
      />
    );
  }
  const request = callbackRequest(marketplace, search);
  if (!request) {
    return (
      <CallbackFailed
        title={t('crosslisting.callback_failed_title', { marketplace: MARKETPLACE_NAMES[marketplace] })}
        text={t('crosslisting.callback_invalid')}
      />
    );
  }
  return <CompleteConnection marketplace={marketplace} request={request} />;
}

interface CompleteConnectionProps {
  marketplace: PublishingMarketplace;
  request: CompleteConnectionRequest;
}

function CompleteConnection({ marketplace, request }: CompleteConnectionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const openAuthModal = useAuthStore((state) => state.openAuthModal);
  const complete = useCompleteConnection();
  const name = MARKETPLACE_NAMES[marketplace];
  // The marketplace's code works once: the request goes once, even when an effect runs twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!isAuthenticated || sent.current) return;
    sent.current = true;
    complete.mutate(
      { marketplace, request },
      {
        onSuccess: () =>
          void navigate(paths.dashboard.settings, { replace: true, state: connectedState(marketplace) }),
      },
    );
  }, [isAuthenticated, complete, marketplace, request, navigate]);

  // Signed out (the session ended while the seller was away): sign in, and the effect above carries on.
  useEffect(() => {
    if (!useAuthStore.getState().isAuthenticated) openAuthModal('dashboard');
  }, [openAuthModal]);

  if (complete.error) {
    return (
      <CallbackFailed
        title={t('crosslisting.callback_failed_title', { marketplace: name })}
        text={errorText(complete.error, t)}
      />
    );
  }
  if (!isAuthenticated) {
    return (
      <section className="card callback-page">
        <h1 className="card__title">{t('crosslisting.callback_title', { marketplace: name })}</h1>
        <p>{t('crosslisting.callback_sign_in', { marketplace: name })}</p>
        <Button onClick={() => openAuthModal('dashboard')}>{t('landing.login_signup')}</Button>
      </section>
    );
  }
  return (
    <WorkingPageCard
      className="callback-page"
      title={t('crosslisting.callback_title', { marketplace: name })}
      status={t('crosslisting.callback_working', { marketplace: name })}
    />
  );
}

function CallbackFailed({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <OutcomePageCard
      outcome="failed"
      className="callback-page"
      title={title}
      text={text}
      action={
        <Link to={paths.dashboard.settings} className={buttonClass('secondary', 'md')}>
          <ArrowLeft size={18} aria-hidden="true" />
          {t('crosslisting.back_to_settings')}
        </Link>
      }
    />
  );
}
