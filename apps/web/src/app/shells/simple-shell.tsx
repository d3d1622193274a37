// The shell of the pages outside the dashboard: a top bar with a Back button to / on every
// page except / (plus Go to Dashboard when signed in; the landing page has its own), and a footer with the
// product name, the source link, help and the language selector.
import { ArrowLeft, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { buttonClass } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';
import { LanguageSelectorWhenVisible } from './language-selector-when-visible';
import './shells.css';

export function SimpleShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const isHome = pathname === paths.home;

  return (
    <div className="simple-shell">
      <header className="simple-shell__header">
        <div className="simple-shell__bar">
          <div className="simple-shell__start">
            {!isHome && (
              <Link to={paths.home} className={buttonClass('ghost', 'sm')}>
                <ArrowLeft size={18} aria-hidden="true" />
                {t('common.back')}
              </Link>
            )}
            <Link to={paths.home} className="simple-shell__brand" aria-label={t('nav.home_link')}>
              <Logo />
            </Link>
          </div>
          {isAuthenticated && !isHome && (
            <Link to={paths.dashboard.home} className={buttonClass('secondary', 'sm')}>
              <LayoutDashboard size={16} aria-hidden="true" />
              <span className="simple-shell__dashboard-label">{t('common.go_to_dashboard')}</span>
            </Link>
          )}
        </div>
      </header>
      <main className="simple-shell__main">
        <Outlet />
      </main>
      <footer className="simple-shell__footer">
        <div className="simple-shell__footer-inner">
          <p className="simple-shell__footer-name">
            © {new Date().getFullYear()} {t('app.name')}
          </p>
          <nav className="simple-shell__footer-links" aria-label={t('nav.footer')}>
            <ExternalLink href={env.sourceUrl}>{t('footer.source')}</ExternalLink>
            <ExternalLink href={env.docsUrl}>{t('common.get_help')}</ExternalLink>
          </nav>
          <LanguageSelectorWhenVisible />
        </div>
      </footer>
    </div>
  );
}
