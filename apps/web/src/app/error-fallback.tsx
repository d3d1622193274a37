// The route error screen. Texts carry English defaults so it renders even when the
// translations themselves are what failed.

import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LogoMark } from '@/components/logo';
import { paths } from '@/lib/paths';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

export function ErrorFallback() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main className="error-fallback">
      <div className="card error-fallback__card" role="alert">
        <LogoMark size={40} />
        <h1>{t('errors.unexpected_title', { defaultValue: 'Unexpected Application Error!' })}</h1>
        {describe(error) && <pre className="error-fallback__message">{describe(error)}</pre>}
        {/* A full page load, not client navigation: the app state that crashed is not trusted. */}
        <a href={paths.home} className="btn btn--primary btn--md">
          {t('errors.back_home', { defaultValue: 'Back to home' })}
        </a>
      </div>
    </main>
  );
}
