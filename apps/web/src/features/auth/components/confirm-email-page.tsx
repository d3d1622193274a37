// /confirm-email?token=...: where the link that confirms an e-mail address leads (decision 042): a password
// sign-up's address, or a new address asked for in Settings. Confirmed on a button press, not on load, because
// mail scanners open the links in the mail they check. A signed-in seller's user is asked for again, so the
// verification banner goes. A link that is missing, expired or used, or an address taken meanwhile, is explained
// with the way to Settings, where a new link is asked for.
import { EmailTokenRequestSchema } from '@snaplist/contract';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutcomePageCard } from '@/components/page-card';
import { buttonClass } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { refreshUser } from '@/lib/refresh-user';
import { useConfirmEmail } from '../api/email-verification';
import { type AuthFailure, describeAccountFailure } from '../lib/auth-failure';
import { useLinkToken } from '../lib/use-link-token';
import { ConfirmLinkCard } from './confirm-link-card';
import './auth-modal.css';
import './auth-page.css';

const HTTP_CONFLICT = 409;
const HTTP_GONE = 410;

type Refusal = { kind: 'link_invalid' } | { kind: 'conflict'; text: string };

export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const confirm = useConfirmEmail();
  const [confirmedEmail, setConfirmedEmail] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>(() =>
    EmailTokenRequestSchema.shape.token.safeParse(token).success ? undefined : { kind: 'link_invalid' },
  );
  const [failure, setFailure] = useState<AuthFailure | undefined>();

  const onConfirm = async () => {
    if (confirm.isPending) return;
    setFailure(undefined);
    try {
      const { email } = await confirm.mutateAsync({ token });
      setConfirmedEmail(email);
      // The seller may be signed in here: their user says the address is confirmed now (or is the new one).
      void refreshUser();
    } catch (caught) {
      if (
        caught instanceof ApiError &&
        (caught.status === HTTP_GONE || caught.code === 'email_link_invalid')
      ) {
        setRefusal({ kind: 'link_invalid' });
      } else if (caught instanceof ApiError && caught.status === HTTP_CONFLICT) {
        setRefusal({ kind: 'conflict', text: errorText(caught, t) });
      } else {
        setFailure(describeAccountFailure(caught, t('confirm_email.failed'), t));
      }
    }
  };

  if (refusal) {
    const linkInvalid = refusal.kind === 'link_invalid';
    return (
      <OutcomePageCard
        outcome="failed"
        className="auth-page"
        title={linkInvalid ? t('confirm_email.link_invalid_title') : t('confirm_email.conflict_title')}
        text={linkInvalid ? t('errors.email_link_invalid') : refusal.text}
        action={
          <Link to={paths.dashboard.settings} className={buttonClass('secondary', 'md')}>
            <Settings size={18} aria-hidden="true" />
            {t('confirm_email.go_to_settings')}
          </Link>
        }
      />
    );
  }

  if (confirmedEmail !== undefined) {
    return (
      <OutcomePageCard
        outcome="done"
        className="auth-page"
        title={t('confirm_email.done_title')}
        text={t('confirm_email.done', { email: confirmedEmail })}
        action={
          <Link to={paths.dashboard.home} className={buttonClass('primary', 'md')}>
            {t('common.go_to_dashboard')}
          </Link>
        }
      />
    );
  }

  return (
    <ConfirmLinkCard
      title={t('confirm_email.title')}
      intro={t('confirm_email.intro')}
      action={t('confirm_email.confirm')}
      pendingAction={t('confirm_email.confirming')}
      pending={confirm.isPending}
      onConfirm={() => void onConfirm()}
      failure={failure}
    />
  );
}
