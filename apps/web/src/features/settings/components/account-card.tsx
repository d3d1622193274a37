// The Account card: who is signed in, whether their address is confirmed (with a new link
// when it is not: the first one may be lost or expired), the providers they can also sign in with, and Sign Out.
import { EMAIL_LINK_TTL_HOURS, type User } from '@snaplist/contract';
import { CircleAlert, CircleCheck, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { useLogout } from '@/lib/auth';
import { useSendEmailVerification } from '@/lib/email-verification';
import { pageLanguage } from '@/lib/i18n';
import { failureText } from '../account-failure';
import { FormAlert } from './form-alert';

const PROVIDER_NAMES: Record<User['linkedProviders'][number], string> = { google: 'Google', apple: 'Apple' };

export function AccountCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const logout = useLogout();
  const providers = user.linkedProviders.map((provider) => PROVIDER_NAMES[provider]);

  return (
    <TitledCard titleId="settings-account" className="settings__account" title={t('settings.account')}>
      <div className="settings__identity">
        <p className="settings__email">
          <UserRound size={18} aria-hidden="true" />
          <span className="visually-hidden">{t('settings.signed_in_as')} </span>
          <span>{user.email}</span>
        </p>
        {user.emailVerified ? (
          <span className="badge badge--accent settings__email-state">
            <CircleCheck size={14} aria-hidden="true" />
            {t('settings.account_email_confirmed')}
          </span>
        ) : (
          <span className="badge settings__email-state settings__email-state--pending">
            <CircleAlert size={14} aria-hidden="true" />
            {t('settings.account_email_unconfirmed')}
          </span>
        )}
      </div>
      {!user.emailVerified && <ConfirmationLink email={user.email} />}
      {providers.length > 0 && (
        <p className="muted">
          {t('settings.account_linked_providers', {
            providers: new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(providers),
          })}
        </p>
      )}
      <Button variant="danger" onClick={() => void logout()}>
        <LogOut size={18} aria-hidden="true" />
        {t('settings.sign_out')}
      </Button>
    </TitledCard>
  );
}

/** "Send the link again" for an address not confirmed yet, and what came of it. */
function ConfirmationLink({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const language = pageLanguage(i18n);
  const send = useSendEmailVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const sendAgain = () => {
    if (send.isPending) return;
    setSentTo(null);
    send.mutate({ language }, { onSuccess: () => setSentTo(email) });
  };

  return (
    <div className="settings__confirm">
      <p className="muted">{t('settings.account_confirm_why')}</p>
      <Button variant="secondary" onClick={sendAgain} aria-disabled={send.isPending}>
        {send.isPending && <Spinner size="sm" />}
        {send.isPending ? t('settings.account_sending_link') : t('settings.account_send_link')}
      </Button>
      {sentTo !== null && (
        <p role="status" className="settings-form__done">
          {t('settings.account_link_sent', { email: sentTo, hours: EMAIL_LINK_TTL_HOURS })}
        </p>
      )}
      {send.isError && <FormAlert message={failureText(send.error, t)} />}
    </div>
  );
}
