// The dashboard home's "Browser extensions" card (decision 037): the Snaplist extension's version and
// the account it is signed in to, kept live as the seller signs in or out of it. Without one: on a phone, to
// switch to a desktop to install it; on a desktop, that none is detected and how to get it.
import { Puzzle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useAuthStore } from '@/stores/auth';
import type { ExtensionStatus } from '../api/extension-bridge';
import { useExtensionStatus } from '../use-extension-status';
import './extensions-section.css';

export function ExtensionsSection() {
  const { t } = useTranslation();
  const id = useId();
  const isMobile = useIsMobile();
  const status = useExtensionStatus();

  return (
    <section className="card extensions-section" aria-labelledby={`${id}-title`}>
      <div className="extensions-section__head">
        <Puzzle className="extensions-section__icon" size={22} aria-hidden="true" />
        <h2 id={`${id}-title`} className="card__title">
          {t('extension.title')}
        </h2>
      </div>
      {/* Polite: the answer comes a moment after the page, and again when the seller signs in or out of it. */}
      <div className="extensions-section__body" aria-live="polite">
        {status.state === 'detected' ? (
          // Shown whatever the width: once it is installed, "switch to a desktop to install it" is not true.
          <DetectedExtension status={status} />
        ) : isMobile ? (
          <p>{t('extension.mobile')}</p>
        ) : status.state === 'checking' ? (
          <p className="muted">{t('extension.checking')}</p>
        ) : (
          <>
            <p>{t('extension.none')}</p>
            <p className="muted">
              {t('extension.how_to_get')}{' '}
              <ExternalLink href={env.extensionGuideUrl}>{t('extension.install_guide')}</ExternalLink>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

/** E-mail addresses match whatever their case: the server stores them in lower case. */
function isSameEmail(first: string, second: string): boolean {
  return first.trim().toLowerCase() === second.trim().toLowerCase();
}

function DetectedExtension({ status }: { status: Extract<ExtensionStatus, { state: 'detected' }> }) {
  const { t } = useTranslation();
  const account = useAuthStore((state) => state.user?.email ?? null);
  const { signedInAs } = status;
  return (
    <>
      <p className="extensions-section__name">{t('extension.detected', { version: status.version })}</p>
      {signedInAs === null ? (
        <p>{t('extension.signed_out')}</p>
      ) : (
        <>
          <p className="extensions-section__account">{t('extension.signed_in', { email: signedInAs })}</p>
          {account !== null && !isSameEmail(signedInAs, account) && (
            <p className="extensions-section__warning">{t('extension.other_account', { account })}</p>
          )}
        </>
      )}
    </>
  );
}
