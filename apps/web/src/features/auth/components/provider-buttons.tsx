// "Continue with Google" and "Continue with Apple" under the auth modal's e-mail form (decision 044): only
// the providers this server is configured for. While the list loads, or when it cannot be had, none shows: a
// button that might not work is worse than one that comes a moment later. With none, the divider goes too.
import type { OidcProvider } from '@snaplist/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthProviders } from '../api/oidc';
import type { AuthFailure } from '../lib/auth-failure';
import { PROVIDER_NAMES } from '../lib/providers';
import { FailureAlert } from './failure-alert';

interface ProviderButtonsProps {
  onStart: (provider: OidcProvider) => void;
  busyProvider: OidcProvider | null;
  failure: AuthFailure | undefined;
}

export function ProviderButtons({ onStart, busyProvider, failure }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const { data } = useAuthProviders();
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;

  return (
    <>
      <div className="auth-form__divider">
        <span>{t('auth.or')}</span>
      </div>
      <div className="auth-form__providers">
        {providers.map((provider) => {
          const Icon = PROVIDER_ICONS[provider];
          const name = PROVIDER_NAMES[provider];
          const busy = busyProvider === provider;
          return (
            <Button
              key={provider}
              variant="secondary"
              size="lg"
              disabled={busyProvider !== null}
              aria-busy={busy || undefined}
              onClick={() => onStart(provider)}
            >
              {busy ? <Spinner size="sm" /> : <Icon />}
              {busy ? t('oidc.waiting_for', { provider: name }) : t(`auth.continue_with_${provider}`)}
            </Button>
          );
        })}
        {failure && <FailureAlert {...failure} />}
      </div>
    </>
  );
}

function ProviderIconFrame({ children }: { children: React.ReactNode }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

function GoogleIcon() {
  return (
    <ProviderIconFrame>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84Z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06L5.84 9.9C6.71 7.3 9.14 5.38 12 5.38Z"
      />
    </ProviderIconFrame>
  );
}

function AppleIcon() {
  return (
    <ProviderIconFrame>
      <path
        fill="currentColor"
        d="M16.37 12.78c-.02-2.3 1.88-3.4 1.96-3.46-1.07-1.56-2.73-1.78-3.32-1.8-1.41-.14-2.76.83-3.48.83-.72 0-1.82-.81-3-.79a4.44 4.44 0 0 0-3.75 2.28c-1.6 2.78-.41 6.9 1.15 9.16.76 1.1 1.67 2.34 2.86 2.3 1.15-.05 1.58-.74 2.97-.74 1.38 0 1.77.74 2.98.72 1.23-.02 2.01-1.12 2.76-2.23a9.9 9.9 0 0 0 1.25-2.57 3.98 3.98 0 0 1-2.38-3.7ZM14.1 6.02c.63-.77 1.06-1.83.94-2.9-.91.04-2.01.61-2.67 1.38-.58.67-1.1 1.76-.96 2.8 1.02.08 2.06-.52 2.69-1.28Z"
      />
    </ProviderIconFrame>
  );
}

const PROVIDER_ICONS: Record<OidcProvider, () => React.JSX.Element> = {
  google: GoogleIcon,
  apple: AppleIcon,
};
