// The plan picker shared by /plans, /dashboard/plans and the paywall modal: tier
// tabs (Pro first chosen, marked Best Value), monthly or yearly billing ('Save 20%'), the price in US dollars,
// the monthly AI-listing allowance, the features, and Get Started. Above them, where the seller stands: the
// plan they are on and what they have left, worded by plan.
import {
  BEST_VALUE_PLAN_TIER,
  type BillingPeriod,
  DEFAULT_PLAN_TIER,
  type PlanTier,
  planForPriceId,
  SOLD_PLAN_TIERS,
  type User,
  YEARLY_SAVING_PERCENT,
} from '@snaplist/contract';
import type { TFunction } from 'i18next';
import { Check, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { env } from '@/config/env';
import { allowanceOf, allowanceText } from '@/lib/allowance';
import { activePlanId, hasActivePlan } from '@/lib/paywall';
import { useAuthStore } from '@/stores/auth';
import { usePlans } from '../api/get-plans';
import {
  checkoutPriceId,
  formatPlanPrice,
  isPriceOf,
  PLAN_NAMES,
  type PlanFigures,
  planFigures,
  planNameForPriceId,
  pricePerPeriod,
  yearlyPerMonth,
} from '../plan-display';
import { useCheckout } from '../use-checkout';
import './plans.css';

type SoldTier = (typeof SOLD_PLAN_TIERS)[number];

function isSoldTier(tier: PlanTier): tier is SoldTier {
  return (SOLD_PLAN_TIERS as readonly PlanTier[]).includes(tier);
}

interface PlansViewProps {
  /**
   * The price id the seller already pays for when no signed-in user says so (the standalone page's
   * existingPlan); a signed-in user's active plan wins.
   */
  existingPlan?: string | null;
}

export function PlansView({ existingPlan = null }: PlansViewProps) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const plans = usePlans();
  const [tier, setTier] = useState<SoldTier>(isSoldTier(DEFAULT_PLAN_TIER) ? DEFAULT_PLAN_TIER : 'pro');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const currentPlanId = activePlanId(user) ?? (user ? null : existingPlan);
  const checkout = useCheckout({
    currentPlanId,
    supportEmail: plans.data?.supportEmail ?? env.supportEmail,
  });

  const plan = planFigures(tier, plans.data?.plans);
  const priceId = checkoutPriceId(plan, period);

  return (
    <div className="plans-view">
      <AllowanceLine user={isAuthenticated ? user : null} freeAiListings={plans.data?.freeAiListings} />
      <PeriodChoice value={period} onChange={setPeriod} />
      <Tabs
        label={t('plans.tiers_label')}
        value={tier}
        onValueChange={setTier}
        items={SOLD_PLAN_TIERS.map((value) => ({
          value,
          label: (
            <span className="plans-view__tab">
              {PLAN_NAMES[value]}
              {value === BEST_VALUE_PLAN_TIER && <Badge>{t('plans.best_value')}</Badge>}
            </span>
          ),
        }))}
      >
        <PlanCard
          plan={plan}
          period={period}
          isCurrent={isPriceOf(plan, period, currentPlanId)}
          busy={priceId !== undefined && checkout.busyPriceId === priceId}
          waiting={checkout.busyPriceId !== null}
          onGetStarted={() => priceId && checkout.start(priceId)}
          signInFirst={!isAuthenticated}
          testCheckout={plans.data?.provider === 'local'}
        />
      </Tabs>
    </div>
  );
}

function PeriodChoice({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="plans-period">
      <legend className="visually-hidden">{t('plans.billing_period')}</legend>
      {(['monthly', 'yearly'] as const).map((option) => (
        <label key={option} className="plans-period__option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="plans-period__input"
          />
          <span className="plans-period__label">{t(`plans.${option}`)}</span>
          {option === 'yearly' && (
            <span className="plans-period__saving">
              {t('plans.save_percent', { percent: YEARLY_SAVING_PERCENT })}
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}

interface PlanCardProps {
  plan: PlanFigures;
  period: BillingPeriod;
  isCurrent: boolean;
  /** This card's checkout link is being made. */
  busy: boolean;
  /** Some checkout link is being made: one at a time. */
  waiting: boolean;
  onGetStarted: () => void;
  signInFirst: boolean;
  testCheckout: boolean;
}

function PlanCard({
  plan,
  period,
  isCurrent,
  busy,
  waiting,
  onGetStarted,
  signInFirst,
  testCheckout,
}: PlanCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = PLAN_NAMES[plan.tier];
  return (
    <section className="plan-card" aria-labelledby={`${id}-name`}>
      <div className="plan-card__head">
        <h2 id={`${id}-name`} className="plan-card__name">
          {name}
        </h2>
        {isCurrent && <Badge tone="neutral">{t('plans.current_plan')}</Badge>}
      </div>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatPlanPrice(pricePerPeriod(plan, period))}</span>{' '}
        <span className="plan-card__period">
          {t(period === 'monthly' ? 'plans.per_month' : 'plans.per_year')}
        </span>
      </p>
      {period === 'yearly' && (
        <p className="plan-card__note">
          {t('plans.yearly_per_month', { amount: formatPlanPrice(yearlyPerMonth(plan)) })}
        </p>
      )}
      <p className="plan-card__allowance">
        <Sparkles size={18} aria-hidden="true" />
        {t('plans.ai_allowance', { count: plan.aiListingsPerMonth })}
      </p>
      <ul className="plan-card__features" aria-label={t('plans.features_label', { plan: name })}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <Check size={18} aria-hidden="true" />
            {t(`plans.feature_${feature}`)}
          </li>
        ))}
      </ul>
      <Button
        size="lg"
        className="plan-card__cta"
        aria-disabled={waiting}
        onClick={() => !waiting && onGetStarted()}
      >
        {busy && <Spinner size="sm" />}
        {busy ? t('plans.just_a_moment') : t('plans.get_started')}
      </Button>
      {signInFirst && <p className="plan-card__hint">{t('plans.sign_in_first')}</p>}
      {testCheckout && <p className="plan-card__hint">{t('plans.test_checkout')}</p>}
    </section>
  );
}

/** Where the seller stands: the plan they are on (or that lapsed), then what they have left (lib/allowance). */
function AllowanceLine({ user, freeAiListings }: { user: User | null; freeAiListings: number | undefined }) {
  const { t } = useTranslation();
  let text: string | null = null;
  if (user) {
    const left = allowanceText(allowanceOf(user), t);
    const plan = planStanding(user, t);
    text = plan ? `${plan} ${left}` : left;
  } else if (freeAiListings !== undefined && freeAiListings > 0) {
    text = t('plans.free_for_new', { count: freeAiListings });
  }
  if (!text) return null;
  return <p className="plans-view__status">{text}</p>;
}

/** 'You are on Pro, billed monthly.', or that the plan bought is not active; null without a plan. */
function planStanding(user: User, t: TFunction): string | null {
  const priceId = user.planData.plan;
  if (!priceId) return null;
  const plan = planNameForPriceId(priceId);
  if (!hasActivePlan(user)) return t('plans.plan_inactive', { plan });
  const period = planForPriceId(priceId)?.period;
  return t(period === 'yearly' ? 'plans.on_plan_yearly' : 'plans.on_plan_monthly', { plan });
}
