// Settings (decision 023): who is signed in, Sign Out, and where to get help, with the account's own
// settings (its address and whether it is confirmed, the password, the e-mail, exporting the
// data and deleting the account). Only a signed-in seller gets here: the dashboard shell shows visitors its
// sign-in prompt instead, so there is no 'Not logged in' state (decision 023). The route table puts the
// marketplaces section (another feature's) after the account's sign-in settings.
import { LifeBuoy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';
import { useAuthStore } from '@/stores/auth';
import { AccountCard } from './account-card';
import { ChangeEmailCard } from './change-email-card';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { ExportDataCard } from './export-data-card';
import './settings.css';

export function SettingsPage({ marketplaces }: { marketplaces?: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);

  // The dashboard shell never renders this page without a user (decision 023): this only narrows the type.
  if (!user) return null;

  // Keyed by whether the account has a password: setting a first one turns "Set a password" into the
  // change form, and the e-mail form then asks for it.
  const passwordKey = user.hasPassword ? 'with' : 'without';
  return (
    <div className="page settings">
      <header className="page__header">
        <h1 className="page__title">{t('settings.title')}</h1>
      </header>
      <AccountCard user={user} />
      <div className="settings__pair">
        <ChangePasswordCard key={`password-${passwordKey}`} hasPassword={user.hasPassword} />
        <ChangeEmailCard
          key={`email-${passwordKey}`}
          currentEmail={user.email}
          hasPassword={user.hasPassword}
        />
      </div>
      {marketplaces}
      <ExportDataCard />
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
      <DeleteAccountCard email={user.email} hasPassword={user.hasPassword} />
    </div>
  );
}
