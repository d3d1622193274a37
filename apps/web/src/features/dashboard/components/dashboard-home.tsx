// Dashboard home (SPEC section 2). For now the heading and the List from Photo quick action; the coming-soon
// analytics summary, the guide actions and the extensions section arrive with a later issue.
import { Camera, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';

export function DashboardHome() {
  const { t } = useTranslation();
  const email = useAuthStore((state) => state.user?.email);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{t('dashboard.title')}</h1>
        {email && <p className="page__subtitle">{t('dashboard.subtitle', { email })}</p>}
      </header>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="section-title">
          {t('dashboard.quick_actions')}
        </h2>
        <div className="quick-actions">
          <Link to={paths.photoUpload} className="card card--link quick-action">
            <span className="quick-action__icon">
              <Camera size={24} aria-hidden="true" />
            </span>
            <span className="quick-action__body">
              <span className="quick-action__title">{t('common.list_from_photo')}</span>
              <span className="quick-action__text">{t('dashboard.list_from_photo_text')}</span>
            </span>
            <ChevronRight className="quick-action__chevron" size={20} aria-hidden="true" />
          </Link>
        </div>
      </section>
    </div>
  );
}
