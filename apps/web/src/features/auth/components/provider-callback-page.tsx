// /auth/callback/{provider}?code&state (or ?error&state): where Google or Apple send the seller back
// (decision 044). In the popup the modal opened, the page hands the answer to the modal's page and
// closes: that page holds the browser key and finishes the sign-in. In a tab that went to the provider itself
// (the popup was blocked), this page finishes it with the key the tab kept, then returns the seller to where
// they started.
import type { AuthResponse } from '@snaplist/contract';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { OutcomePageCard, WorkingPageCard } from '@/components/page-card';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';
import { completeProviderSignIn } from '../api/oidc';
import { finishSignIn } from '../lib/finish-sign-in';
import {
  clearPendingRedirect,
  handBackAnswer,
  type PendingRedirect,
  type ProviderAnswer,
  readPendingRedirect,
  readProviderAnswer,
} from '../lib/provider-callback';
import { describeProviderFailure, describeProviderRefusal, PROVIDER_NAMES } from '../lib/providers';
import type { LinkRequest } from '../lib/use-provider-sign-in';
import { LinkAccountView } from './link-account-view';
import './auth-modal.css';
import './auth-page.css';

export function ProviderCallbackPage() {
  const { t } = useTranslation();
  const { provider = '' } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Kept from the first render: the address loses the code right after.
  const [answer] = useState(() => readProviderAnswer(provider, search));
  const [pending] = useState(() => (answer ? readPendingRedirect(answer.state) : null));

  useEffect(() => {
    if (search.size > 0) void navigate(pathname, { replace: true });
  }, [search, pathname, navigate]);

  if (!answer) {
    return (
      <CallbackFailed
        title={t('oidc.callback_invalid_title')}
        text={t('oidc.callback_invalid')}
        backTo={paths.home}
      />
    );
  }
  return pending ? <FinishInThisTab answer={answer} pending={pending} /> : <HandBack answer={answer} />;
}

/** In the popup: give the answer to the page that opened it, and close. */
function HandBack({ answer }: { answer: ProviderAnswer }) {
  const { t } = useTranslation();
  const [handedBack, setHandedBack] = useState(false);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    handBackAnswer(answer);
    setHandedBack(true);
    window.close();
  }, [answer]);

  // Seen only when the browser keeps the window open (it was not opened by the modal).
  return (
    <section className="card auth-page">
      <h1 className="card__title">
        {t('oidc.callback_title', { provider: PROVIDER_NAMES[answer.provider] })}
      </h1>
      <p className="auth-page__status" role="status">
        {handedBack ? t('oidc.callback_handed_back') : t('oidc.callback_working')}
      </p>
    </section>
  );
}

interface FinishInThisTabProps {
  answer: ProviderAnswer;
  pending: PendingRedirect;
}

/** The sign-in left this tab for the provider: finish it here, then go back to where the seller was. */
function FinishInThisTab({ answer, pending }: FinishInThisTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = PROVIDER_NAMES[pending.provider];
  const [failure, setFailure] = useState<string | undefined>(() =>
    'error' in answer ? describeProviderRefusal(answer.error, pending.provider, t).message : undefined,
  );
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null);
  // The provider's code works once: the request goes once, even when an effect runs twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearPendingRedirect();
    if (!('code' in answer)) return;
    const { provider, state, browserKey, returnTo, context } = pending;
    completeProviderSignIn(provider, { state, code: answer.code, browserKey })
      .then(async (outcome) => {
        if (outcome.status === 'link_required') {
          setLinkRequest({ provider, email: outcome.email, state, browserKey });
          return;
        }
        const welcome = outcome.accountCreated ? 'welcome' : 'welcome_back';
        await finishSignIn({ jwtToken: outcome.jwtToken, welcome, context }, t);
        await navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => setFailure(describeProviderFailure(error, provider, t).message));
  }, [answer, pending, navigate, t]);

  if (failure) {
    return (
      <CallbackFailed
        title={t('oidc.failed_title', { provider: name })}
        text={failure}
        backTo={pending.returnTo}
      />
    );
  }
  if (linkRequest) {
    const onLinked = async ({ jwtToken }: AuthResponse) => {
      await finishSignIn({ jwtToken, welcome: 'welcome_back', context: pending.context }, t);
      await navigate(pending.returnTo, { replace: true });
    };
    const onBack = () => {
      void navigate(pending.returnTo, { replace: true });
      useAuthStore.getState().openAuthModal(pending.context);
    };
    return (
      <section className="card auth-page">
        <h1 className="card__title">{t('link_account.title', { provider: name })}</h1>
        <LinkAccountView request={linkRequest} onLinked={onLinked} onBack={onBack} />
      </section>
    );
  }
  return (
    <WorkingPageCard
      className="auth-page"
      title={t('oidc.callback_title', { provider: name })}
      status={t('oidc.callback_working')}
    />
  );
}

function CallbackFailed({ title, text, backTo }: { title: string; text: string; backTo: string }) {
  const { t } = useTranslation();
  return (
    <OutcomePageCard
      outcome="failed"
      className="auth-page"
      title={title}
      text={text}
      action={
        <Link to={backTo} className={buttonClass('secondary', 'md')}>
          <ArrowLeft size={18} aria-hidden="true" />
          {t('oidc.back')}
        </Link>
      }
    />
  );
}
