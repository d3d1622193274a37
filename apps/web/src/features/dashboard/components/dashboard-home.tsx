// Dashboard home: the analytics summary (coming soon, sample figures only),
// the seller's AI-listing allowance this month and the quick actions. The route table adds two other features'
// cards: the recent crosslisting activity after the quick actions, then the browser extensions section.
import type { User } from '@snaplist/contract';
import { Camera } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GuideQuickActions, QuickAction } from '@/components/quick-action';
import { Badge } from '@/components/ui/badge';
import { allowanceOf, allowanceText, shareUsed } from '@/lib/allowance';
import { formatCurrency } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';
import './dashboard-home.css';

/** Fixed sample figures: analytics is not built yet, so nothing here is the seller's. */
export const SAMPLE_FIGURES = { totalListingsValue: 845, earningsThisWeek: 126.4 } as const;

interface DashboardHomeProps {
  recentActivity?: ReactNode;
  extensions?: ReactNode;
}

export function DashboardHome({ recentActivity, extensions }: DashboardHomeProps) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);

  return (
    <div className="page dashboard-home">
      <header className="page__header">
        <h1 className="page__title">{t('dashboard.title')}</h1>
        {user && <p className="page__subtitle">{t('dashboard.subtitle', { email: user.email })}</p>}
      </header>

      <div className="dashboard-home__overview">
        <AnalyticsSummary />
        {user && <AiListingsUsage user={user} />}
      </div>

      <QuickActions />
      {recentActivity}
      {extensions}
    </div>
  );
}

function AnalyticsSummary() {
  const { t } = useTranslation();
  const id = useId();
  const figures = [
    { label: t('dashboard.total_listings_value'), value: formatCurrency(SAMPLE_FIGURES.totalListingsValue) },
    { label: t('dashboard.earnings_this_week'), value: formatCurrency(SAMPLE_FIGURES.earningsThisWeek) },
  ];
  return (
    <section className="card dashboard-analytics" aria-labelledby={`${id}-title`}>
      <div className="dashboard-card__head">
        <h2 id={`${id}-title`} className="card__title">
          {t('dashboard.analytics_title')}
        </h2>
        <Badge>{t('common.coming_soon')}</Badge>
      </div>
      <dl className="dashboard-analytics__figures" aria-describedby={`${id}-note`}>
        {figures.map(({ label, value }) => (
          <div key={label} className="dashboard-analytics__figure">
            <dt>{label}</dt>
            <dd>
              <span className="dashboard-analytics__value">{value}</span>
              <span className="dashboard-analytics__sample">{t('dashboard.sample')}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p id={`${id}-note`} className="dashboard-analytics__note">
        {t('dashboard.analytics_sample_note')}
      </p>
    </section>
  );
}

/** What the seller may still generate, worded by plan (lib/allowance), with a picture of a plan's month. */
function AiListingsUsage({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const allowance = allowanceOf(user);

  return (
    <section className="card dashboard-usage" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('dashboard.usage_title')}
      </h2>
      <p className="dashboard-usage__line">{allowanceText(allowance, t)}</p>
      {allowance.kind === 'plan' && (
        // The sentence above says the same in words; the bar is only a picture of it.
        <div className="dashboard-usage__bar" aria-hidden="true">
          <span style={{ width: `${Math.round(shareUsed(allowance) * 100)}%` }} />
        </div>
      )}
      <Link to={paths.dashboard.plans} className="dashboard-usage__link">
        {t('dashboard.see_plans')}
      </Link>
    </section>
  );
}

function QuickActions() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('dashboard.quick_actions')}
      </h2>
      <ul className="quick-actions dashboard-home__actions">
        <li>
          <QuickAction
            to={paths.photoUpload}
            icon={<Camera size={24} aria-hidden="true" />}
            title={t('common.list_from_photo')}
            text={t('dashboard.list_from_photo_text')}
          />
        </li>
        <GuideQuickActions section="dashboard" iconSize={24} />
      </ul>
    </section>
  );
}
