// What a signed-out visitor sees behind the auth modal on /dashboard: the page's outline, blurred, hidden
// from assistive technology and unreachable by keyboard, with one clear way to sign in.
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthStore } from '@/stores/auth';

export function DashboardPlaceholder() {
  const { t } = useTranslation();
  const openAuthModal = useAuthStore((state) => state.openAuthModal);
  return (
    <div className="dashboard-placeholder">
      <div className="dashboard-placeholder__blur" aria-hidden="true" inert>
        <Skeleton width="40%" height="2rem" />
        <Skeleton width="60%" height="1rem" />
        <div className="dashboard-placeholder__grid">
          <div className="card">
            <Skeleton width="50%" />
            <Skeleton height="3rem" />
          </div>
          <div className="card">
            <Skeleton width="50%" />
            <Skeleton height="3rem" />
          </div>
        </div>
        <div className="card">
          <Skeleton width="30%" />
          <Skeleton height="6rem" />
        </div>
      </div>
      <div className="card dashboard-placeholder__prompt">
        <Lock size={24} aria-hidden="true" />
        <h1 className="card__title">{t('dashboard.locked_title')}</h1>
        <p className="muted">{t('dashboard.locked_text')}</p>
        <Button onClick={() => openAuthModal('dashboard')}>{t('landing.login_signup')}</Button>
      </div>
    </div>
  );
}
