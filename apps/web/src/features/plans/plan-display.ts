// What the paywall shows for a tier and billing period: its name, its price in US dollars (decision 011:
// plan prices are USD, shown with the spec's currency helper as $12.99), and the price id it buys.
import {
  type BillingPeriod,
  PLAN_CATALOGUE,
  type PlanFeature,
  type PlanTier,
  type PlanView,
  planForPriceId,
} from '@snaplist/contract';
import { formatMinorUnits } from '@/lib/format';

/** Product names, the same in every language (like "Snaplist"), so they are not in the locale files. */
export const PLAN_NAMES: Record<PlanTier, string> = { standard: 'Standard', pro: 'Pro', ultra: 'Ultra' };

/** The figures the paywall shows: the contract's catalogue, or the server's copy once GET /plans answered. */
export interface PlanFigures {
  tier: PlanTier;
  monthlyPrice: number;
  yearlyPrice: number;
  monthlyPriceIds: readonly string[];
  yearlyPriceIds: readonly string[];
  aiListingsPerMonth: number;
  features: readonly PlanFeature[];
}

export function planFigures(tier: PlanTier, served: readonly PlanView[] | undefined): PlanFigures {
  return served?.find((plan) => plan.tier === tier) ?? PLAN_CATALOGUE[tier];
}

/** USD cents as the spec's helper shows dollars: 2999 -> '$29.99'. */
export function formatPlanPrice(cents: number): string {
  return formatMinorUnits(cents, 'USD');
}

export function pricePerPeriod(plan: PlanFigures, period: BillingPeriod): number {
  return period === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;
}

/** The yearly price spread over twelve months, to compare with the monthly one. */
export function yearlyPerMonth(plan: PlanFigures): number {
  return Math.round(plan.yearlyPrice / 12);
}

/** The price id the paywall charges for this plan and period (the first of its list). */
export function checkoutPriceId(plan: PlanFigures, period: BillingPeriod): string | undefined {
  return (period === 'monthly' ? plan.monthlyPriceIds : plan.yearlyPriceIds)[0];
}

/** Whether `priceId` buys this plan and period: any id of its list counts, not only the first. */
export function isPriceOf(plan: PlanFigures, period: BillingPeriod, priceId: string | null): boolean {
  if (!priceId) return false;
  return (period === 'monthly' ? plan.monthlyPriceIds : plan.yearlyPriceIds).includes(priceId);
}

/** 'Pro' for 'pro_monthly'; the id itself for one the catalogue does not know. */
export function planNameForPriceId(priceId: string): string {
  const bought = planForPriceId(priceId);
  return bought ? PLAN_NAMES[bought.tier] : priceId;
}
