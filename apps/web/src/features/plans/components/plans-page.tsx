// /plans and /dashboard/plans (the spec's "Plans / paywall"). Standalone, the page reads the query's
// email, existingPlan and context, and without an e-mail alerts 'Email missing' and goes home. Inside the
// dashboard it is the signed-in seller's plans page.
import { PAYWALL_CONTEXTS, type PaywallContext } from '@snaplist/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { showAlert } from '@/stores/alert';
import { useAuthStore } from '@/stores/auth';
import { PAYWALL_COPY, paywallCopy } from '../paywall-copy';
import { PlansView } from './plans-view';
import './plans.css';

function isPaywallContext(value: string | null): value is PaywallContext {
  return (PAYWALL_CONTEXTS as readonly (string | null)[]).includes(value);
}

export function PlansPage() {
  const inDashboard = useMatch(paths.dashboard.plans) !== null;
  return inDashboard ? <DashboardPlansPage /> : <StandalonePlansPage />;
}

function DashboardPlansPage() {
  const { t } = useTranslation();
  return (
    <div className="page plans-page">
      <header className="page__header">
        <h1 className="page__title">{t('plans.title')}</h1>
        <p className="page__subtitle">{t(PAYWALL_COPY.all.intro)}</p>
      </header>
      <PlansView />
    </div>
  );
}

function StandalonePlansPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const existingPlan = params.get('existingPlan')?.trim() || null;
  const rawContext = params.get('context');
  const context: PaywallContext = isPaywallContext(rawContext) ? rawContext : 'all';
  const signedInUser = useAuthStore((state) => state.user);
  const signedInEmail = signedInUser?.email ?? null;
  const alerted = useRef(false);

  useEffect(() => {
    if (email !== '' || alerted.current) return;
    // Once, even when React runs effects twice in development.
    alerted.current = true;
    showAlert(t('plans.email_missing'));
    void navigate(paths.home, { replace: true });
  }, [email, navigate, t]);

  if (email === '') return null;
  const copy = paywallCopy(context, signedInUser);
  const otherAccount = signedInEmail !== null && signedInEmail.toLowerCase() !== email.toLowerCase();
  return (
    <div className="page page--narrow plans-page">
      <header className="page__header">
        <h1 className="page__title">{t(copy.title)}</h1>
        <p className="page__subtitle">{t(copy.intro)}</p>
        <p className="plans-page__email">
          {otherAccount
            ? t('plans.other_account_note', { email: signedInEmail })
            : t('plans.for_email', { email: signedInEmail ?? email })}
        </p>
      </header>
      <PlansView existingPlan={existingPlan} />
    </div>
  );
}
