// Dashboard home (SPEC section 2, "Dashboard home"): the analytics summary (coming soon, sample figures only),
// the seller's AI-listing allowance this month, the quick actions, and the browser extensions section.
// A new seller who has not seen onboarding gets it here too (context home), however they signed up.
import type { User } from '@snaplist/contract';
import {
  BookOpen,
  Camera,
  ChevronRight,
  ExternalLink as ExternalIcon,
  Puzzle,
  TrendingUp,
} from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatCurrency } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';
import { openOnboardingIfDue } from '@/stores/onboarding';
import './dashboard-home.css';

/** Fixed sample figures (SPEC section 2): analytics is not built yet, so nothing here is the seller's. */
export const SAMPLE_FIGURES = { totalListingsValue: 845, earningsThisWeek: 126.4 } as const;

export function DashboardHome() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);

  useEffect(() => {
    openOnboardingIfDue(user, 'home');
  }, [user]);

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
      <ExtensionsSection />
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

/** What the seller may still generate: the plan's monthly allowance and what is left of the free one. */
function AiListingsUsage({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const { aiListingsUsed, aiListingsLimit, freeAiListingsLeft } = user.usage;
  const lines: string[] = [];
  let share: number | null = null;

  if (user.freeAccess) {
    lines.push(t('dashboard.usage_unlimited'));
  } else {
    if (aiListingsLimit !== null) {
      lines.push(t('dashboard.usage_plan', { used: aiListingsUsed, limit: aiListingsLimit }));
      share = aiListingsLimit > 0 ? Math.min(1, aiListingsUsed / aiListingsLimit) : 1;
    }
    if (freeAiListingsLeft > 0) {
      lines.push(t('dashboard.usage_free_left', { count: freeAiListingsLeft }));
    } else if (aiListingsLimit === null) {
      lines.push(t('dashboard.usage_free_used_up'));
    } else if (aiListingsUsed >= aiListingsLimit) {
      lines.push(t('dashboard.usage_plan_used_up'));
    }
  }

  return (
    <section className="card dashboard-usage" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('dashboard.usage_title')}
      </h2>
      {lines.map((line) => (
        <p key={line} className="dashboard-usage__line">
          {line}
        </p>
      ))}
      {share !== null && (
        // The sentence above says the same in words; the bar is only a picture of it.
        <div className="dashboard-usage__bar" aria-hidden="true">
          <span style={{ width: `${Math.round(share * 100)}%` }} />
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
        <li>
          <QuickAction
            href={env.guideCrosslisterUrl}
            icon={<BookOpen size={24} aria-hidden="true" />}
            title={t('dashboard.use_crosslister')}
            text={t('dashboard.use_crosslister_text')}
          />
        </li>
        <li>
          <QuickAction
            href={env.guideGrowUrl}
            icon={<TrendingUp size={24} aria-hidden="true" />}
            title={t('dashboard.use_grow')}
            text={t('dashboard.use_grow_text')}
          />
        </li>
      </ul>
    </section>
  );
}

type QuickActionProps = { icon: ReactNode; title: string; text: string } & (
  | { to: string; href?: never }
  | { href: string; to?: never }
);

/** A card that goes to a page (`to`) or opens an external guide in a new tab (`href`), named by its title. */
function QuickAction({ icon, title, text, to, href }: QuickActionProps) {
  const { t } = useTranslation();
  const id = useId();
  const body = (
    <>
      <span className="quick-action__icon">{icon}</span>
      <span className="quick-action__body">
        <span className="quick-action__title">{title}</span>
        <span id={`${id}-text`} className="quick-action__text">
          {text}
        </span>
      </span>
    </>
  );
  if (href !== undefined) {
    return (
      <ExternalLink
        href={href}
        className="card card--link quick-action"
        aria-label={`${title} ${t('common.opens_new_tab')}`}
        aria-describedby={`${id}-text`}
      >
        {body}
        <ExternalIcon className="quick-action__chevron" size={18} aria-hidden="true" />
      </ExternalLink>
    );
  }
  return (
    <Link to={to} className="card card--link quick-action" aria-label={title} aria-describedby={`${id}-text`}>
      {body}
      <ChevronRight className="quick-action__chevron" size={20} aria-hidden="true" />
    </Link>
  );
}

/** SPEC section 2: on a phone, installing extensions needs a desktop; on a desktop, none is detected yet. */
function ExtensionsSection() {
  const { t } = useTranslation();
  const id = useId();
  const isMobile = useIsMobile();
  return (
    <section className="card dashboard-extensions" aria-labelledby={`${id}-title`}>
      <div className="dashboard-card__head">
        <Puzzle className="dashboard-extensions__icon" size={22} aria-hidden="true" />
        <h2 id={`${id}-title`} className="card__title">
          {t('dashboard.extensions_title')}
        </h2>
      </div>
      {isMobile ? (
        <p>{t('dashboard.extensions_mobile')}</p>
      ) : (
        <>
          <p>{t('dashboard.extensions_none')}</p>
          <p className="muted">{t('dashboard.extensions_hint')}</p>
        </>
      )}
    </section>
  );
}
