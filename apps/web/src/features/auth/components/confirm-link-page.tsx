// /auth/link?token=...: where the e-mail linking Google or Apple to an existing account leads (decision 041).
// The seller presses a button to link and sign in: not on load, because mail scanners open the links in the
// mail they check, and one would use the link up before the seller does. A link that is missing, expired or
// used says so, with the way back to sign in.
import { OidcLinkConfirmRequestSchema, OidcProviderSchema } from '@snaplist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OutcomePageCard } from '@/components/page-card';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';
import { useConfirmProviderLink } from '../api/oidc';
import { type AuthFailure, describeAccountFailure } from '../lib/auth-failure';
import { PROVIDER_NAMES } from '../lib/providers';
import { useLinkToken } from '../lib/use-link-token';
import { FailureAlert } from './failure-alert';
import './auth-modal.css';
import './auth-page.css';

const HTTP_GONE = 410;
const DONE_TOAST_MS = 4000;

export function ConfirmLinkPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // Read on the first render, before useLinkToken takes the query out of the address.
  const [providerName] = useState(() => {
    const provider = OidcProviderSchema.safeParse(search.get('provider'));
    return provider.success ? PROVIDER_NAMES[provider.data] : undefined;
  });
  const token = useLinkToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmProviderLink();
  const [linkInvalid, setLinkInvalid] = useState(
    () => !OidcLinkConfirmRequestSchema.shape.token.safeParse(token).success,
  );
  const [failure, setFailure] = useState<AuthFailure | undefined>();

  const onConfirm = async () => {
    if (confirm.isPending) return;
    setFailure(undefined);
    try {
      const { jwtToken, user } = await confirm.mutateAsync({ token });
      // Whoever was signed in in this browser before, their cached data is not this account's.
      queryClient.clear();
      const auth = useAuthStore.getState();
      auth.setToken(jwtToken);
      auth.setUser(user);
      toast.success(t('link_account.linked'), { duration: DONE_TOAST_MS, position: 'top-center' });
      await navigate(paths.dashboard.home, { replace: true });
    } catch (caught) {
      if (
        caught instanceof ApiError &&
        (caught.status === HTTP_GONE || caught.code === 'oidc_link_invalid')
      ) {
        setLinkInvalid(true);
        return;
      }
      setFailure(describeAccountFailure(caught, t('link_account.confirm_failed'), t));
    }
  };

  if (linkInvalid) {
    return (
      <OutcomePageCard
        outcome="failed"
        className="auth-page"
        title={t('link_account.link_invalid_title')}
        text={
          providerName
            ? t('link_account.link_invalid_provider', { provider: providerName })
            : t('errors.oidc_link_invalid')
        }
        action={
          <Link to={paths.home} className={buttonClass('secondary', 'md')}>
            <ArrowLeft size={18} aria-hidden="true" />
            {t('oidc.back')}
          </Link>
        }
      />
    );
  }

  return (
    <section className="card auth-page">
      <h1 className="card__title">
        {providerName ? t('link_account.title', { provider: providerName }) : t('link_account.page_title')}
      </h1>
      <p className="auth-page__intro">{t('link_account.page_intro')}</p>
      <Button size="lg" onClick={() => void onConfirm()} disabled={confirm.isPending}>
        {confirm.isPending && <Spinner size="sm" />}
        {confirm.isPending ? t('link_account.linking') : t('link_account.confirm')}
      </Button>
      {failure && <FailureAlert {...failure} />}
    </section>
  );
}
