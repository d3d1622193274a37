// /auth/link?token=...: where the e-mail linking Google or Apple to an existing account leads (decision 041).
// The seller presses a button to link and sign in: not on load, because mail scanners open the links in the
// mail they check, and one would use the link up before the seller does. A link that is missing, expired or
// used says so, with the way back to sign in.
import { OidcLinkConfirmRequestSchema, OidcProviderSchema } from '@snaplist/contract';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OutcomePageCard } from '@/components/page-card';
import { buttonClass } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useConfirmProviderLink } from '../api/oidc';
import { type AuthFailure, describeAccountFailure } from '../lib/auth-failure';
import { PROVIDER_NAMES } from '../lib/providers';
import { useLinkToken } from '../lib/use-link-token';
import { useSignInFromLink } from '../lib/use-sign-in-from-link';
import { ConfirmLinkCard } from './confirm-link-card';
import './auth-modal.css';
import './auth-page.css';

const HTTP_GONE = 410;

export function ConfirmLinkPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // Read on the first render, before useLinkToken takes the query out of the address.
  const [providerName] = useState(() => {
    const provider = OidcProviderSchema.safeParse(search.get('provider'));
    return provider.success ? PROVIDER_NAMES[provider.data] : undefined;
  });
  const token = useLinkToken();
  const signIn = useSignInFromLink();
  const confirm = useConfirmProviderLink();
  const [linkInvalid, setLinkInvalid] = useState(
    () => !OidcLinkConfirmRequestSchema.shape.token.safeParse(token).success,
  );
  const [failure, setFailure] = useState<AuthFailure | undefined>();

  const onConfirm = async () => {
    if (confirm.isPending) return;
    setFailure(undefined);
    try {
      await signIn(await confirm.mutateAsync({ token }), t('link_account.linked'));
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
    <ConfirmLinkCard
      title={
        providerName ? t('link_account.title', { provider: providerName }) : t('link_account.page_title')
      }
      intro={t('link_account.page_intro')}
      action={t('link_account.confirm')}
      pendingAction={t('link_account.linking')}
      pending={confirm.isPending}
      onConfirm={() => void onConfirm()}
      failure={failure}
    />
  );
}
