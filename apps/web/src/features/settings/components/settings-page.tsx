// Settings (SPEC section 2): who is signed in, Sign Out, and where to get help. Only a signed-in seller gets
// here: the dashboard shell shows visitors its sign-in prompt instead, so there is no 'Not logged in' state
// (decision 023). The route table puts the marketplaces section (another feature's) between the two.
import { LifeBuoy, LogOut, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';
import { useLogout } from '@/lib/auth';
import { useAuthStore } from '@/stores/auth';

export function SettingsPage({ marketplaces }: { marketplaces?: ReactNode }) {
  const { t } = useTranslation();
  const email = useAuthStore((state) => state.user?.email);
  const logout = useLogout();

  // The dashboard shell never renders this page without a user (decision 023): this only narrows the type.
  if (!email) return null;

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{t('settings.title')}</h1>
      </header>
      <section className="card settings__account" aria-labelledby="settings-account">
        <h2 id="settings-account" className="card__title">
          {t('settings.account')}
        </h2>
        <p className="settings__email">
          <UserRound size={18} aria-hidden="true" />
          <span className="visually-hidden">{t('settings.signed_in_as')} </span>
          <span>{email}</span>
        </p>
        <Button variant="danger" onClick={() => void logout()}>
          <LogOut size={18} aria-hidden="true" />
          {t('settings.sign_out')}
        </Button>
      </section>
      {marketplaces}
      <section className="card" aria-labelledby="settings-help">
        <h2 id="settings-help" className="card__title">
          {t('settings.help_title')}
        </h2>
        <p className="muted">{t('settings.help_text')}</p>
        <ExternalLink href={env.docsUrl} className="btn btn--secondary btn--md">
          <LifeBuoy size={18} aria-hidden="true" />
          {t('common.get_help')}
        </ExternalLink>
      </section>
    </div>
  );
}
