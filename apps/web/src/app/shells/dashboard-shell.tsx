// The dashboard shell (decision 005): a left sidebar on desktop, a bottom bar on mobile (768 px or less).
// Signed-out visitors get a blurred placeholder, and the auth modal opens with context 'dashboard'. The listing
// editor is a task with its own action bar and its own way back: on a phone it gets the screen the bottom bar
// would take (the three bars took a third of an 844 px screen).
import { BarChart3, House, LifeBuoy, List, LogIn, LogOut, MessagesSquare, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useMatch } from 'react-router';
import { LanguageSelector } from '@/components/language-selector';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { DashboardPlaceholder } from '@/features/dashboard/components/dashboard-placeholder';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useLogout } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';
import './shells.css';

const MENU = [
  { to: paths.dashboard.home, label: 'nav.home', icon: House, end: true },
  { to: paths.dashboard.listings, label: 'nav.listings', icon: List, end: false },
  { to: paths.dashboard.analytics, label: 'nav.analytics', icon: BarChart3, end: true },
  { to: paths.dashboard.messages, label: 'nav.messages', icon: MessagesSquare, end: true },
  { to: paths.dashboard.settings, label: 'nav.settings', icon: Settings, end: true },
] as const;

function MainMenu({ className }: { className: string }) {
  const { t } = useTranslation();
  // NavLink marks the current page with aria-current="page" and the active class.
  return (
    <nav className={className} aria-label={t('nav.main')}>
      <ul>
        {MENU.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className="nav-item">
              <Icon size={20} aria-hidden="true" />
              <span className="nav-item__label">{t(label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AccountPanel() {
  const { t } = useTranslation();
  const email = useAuthStore((state) => state.user?.email);
  const openAuthModal = useAuthStore((state) => state.openAuthModal);
  const logout = useLogout();

  return (
    <div className="sidebar__account">
      {email ? (
        <>
          <p className="sidebar__email" title={email}>
            <span className="visually-hidden">{t('settings.signed_in_as')} </span>
            {email}
          </p>
          <Button variant="ghost" size="sm" className="sidebar__action" onClick={() => void logout()}>
            <LogOut size={18} aria-hidden="true" />
            {t('common.logout')}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="sidebar__action"
          onClick={() => openAuthModal('dashboard')}
        >
          <LogIn size={18} aria-hidden="true" />
          {t('landing.login_signup')}
        </Button>
      )}
      <ExternalLink href={env.docsUrl} className="btn btn--ghost btn--sm sidebar__action">
        <LifeBuoy size={18} aria-hidden="true" />
        {t('common.get_help')}
      </ExternalLink>
      <LanguageSelector />
    </div>
  );
}

export function DashboardShell() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const openAuthModal = useAuthStore((state) => state.openAuthModal);
  const inEditor = useMatch(paths.dashboard.createListing) !== null;
  // Settings' Account card offers the link itself, with why: one "Send again" on a page is enough.
  const inSettings = useMatch(paths.dashboard.settings) !== null;
  const showBottomBar = isMobile && !inEditor;

  // Only on arrival: logging out from here navigates home and must not pop the modal on the way out.
  useEffect(() => {
    if (!useAuthStore.getState().isAuthenticated) openAuthModal('dashboard');
  }, [openAuthModal]);

  return (
    <div className={showBottomBar ? 'dashboard-shell dashboard-shell--bottom-bar' : 'dashboard-shell'}>
      {isMobile ? (
        <header className="mobile-topbar">
          <Link to={paths.home} aria-label={t('nav.home_link')}>
            <Logo size={28} />
          </Link>
          <LanguageSelector side="bottom" compact />
        </header>
      ) : (
        <aside className="sidebar">
          <Link to={paths.home} className="sidebar__brand" aria-label={t('nav.home_link')}>
            <Logo />
          </Link>
          <MainMenu className="sidebar__nav" />
          <AccountPanel />
        </aside>
      )}
      <main className="dashboard-shell__main">
        {isAuthenticated ? (
          <>
            {/* In the page's flow, above it: on a phone it pushes the page down rather than cover it. */}
            {!inSettings && <VerifyEmailBanner />}
            <Outlet />
          </>
        ) : (
          <DashboardPlaceholder />
        )}
      </main>
      {showBottomBar && <MainMenu className="bottom-bar" />}
    </div>
  );
}
