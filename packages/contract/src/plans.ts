// Plans, usage and checkout (decision 011). The catalogue is the single source of truth for
// what each plan costs and allows: the server enforces it, the paywall shows it.
import { z } from 'zod';
import { refusal } from './common/issues';
import { ACTIVE_PLAN_STATUSES } from './constants';

export const PLAN_TIERS = ['standard', 'pro', 'ultra'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
/** The tiers the paywall sells (ultra is defined but has no price ids). */
export const SOLD_PLAN_TIERS = ['standard', 'pro'] as const satisfies readonly PlanTier[];
export const DEFAULT_PLAN_TIER: PlanTier = 'pro';
export const BEST_VALUE_PLAN_TIER: PlanTier = 'pro';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PLAN_FEATURES = [
  'crosslist',
  'ai_listings',
  'automatic_offers',
  'automatic_reupload',
  'grow_bots',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface PlanDefinition {
  tier: PlanTier;
  /** Prices in USD cents. */
  monthlyPrice: number;
  yearlyPrice: number;
  /**
   * Our price ids. With Stripe, each is the `lookup_key` of the Stripe Price to charge, so a deployment
   * creates its prices with these keys and needs no id mapping (docs/decisions/011).
   */
  monthlyPriceIds: readonly string[];
  yearlyPriceIds: readonly string[];
  /** The payment provider's product id. */
  providerId: string;
  /** AI listings a month while the plan is active. */
  aiListingsPerMonth: number;
  features: readonly PlanFeature[];
}

export const PLAN_CURRENCY = 'USD';

export const PLAN_CATALOGUE: Record<PlanTier, PlanDefinition> = {
  standard: {
    tier: 'standard',
    monthlyPrice: 1299,
    yearlyPrice: 14099,
    monthlyPriceIds: ['standard_monthly'],
    yearlyPriceIds: ['standard_yearly'],
    providerId: 'snaplist_standard',
    aiListingsPerMonth: 5,
    features: ['crosslist', 'ai_listings'],
  },
  pro: {
    tier: 'pro',
    monthlyPrice: 2999,
    yearlyPrice: 29999,
    monthlyPriceIds: ['pro_monthly'],
    yearlyPriceIds: ['pro_yearly'],
    providerId: 'snaplist_pro',
    aiListingsPerMonth: 100,
    features: ['crosslist', 'ai_listings', 'automatic_offers', 'automatic_reupload', 'grow_bots'],
  },
  ultra: {
    tier: 'ultra',
    monthlyPrice: 4999,
    yearlyPrice: 99999,
    monthlyPriceIds: [],
    yearlyPriceIds: [],
    providerId: 'snaplist_ultra',
    aiListingsPerMonth: 1000,
    features: ['crosslist', 'ai_listings', 'automatic_offers', 'automatic_reupload', 'grow_bots'],
  },
};

/** The paywall's yearly badge: 'Save 20%'. */
export const YEARLY_SAVING_PERCENT = 20;

/** The plan and billing period a price id buys, or undefined for an id that is not on sale. */
export function planForPriceId(priceId: string): { tier: PlanTier; period: BillingPeriod } | undefined {
  for (const plan of Object.values(PLAN_CATALOGUE)) {
    if (plan.monthlyPriceIds.includes(priceId)) return { tier: plan.tier, period: 'monthly' };
    if (plan.yearlyPriceIds.includes(priceId)) return { tier: plan.tier, period: 'yearly' };
  }
  return undefined;
}

/** The price id the paywall charges for a tier and period (the first of its list). */
export function priceIdFor(tier: PlanTier, period: BillingPeriod): string | undefined {
  const plan = PLAN_CATALOGUE[tier];
  return (period === 'monthly' ? plan.monthlyPriceIds : plan.yearlyPriceIds)[0];
}

export function isActivePlanStatus(status: string | null | undefined): boolean {
  return (ACTIVE_PLAN_STATUSES as readonly string[]).includes(status ?? '');
}

/** Why the paywall opened (the spec's paywall state). */
export const PAYWALL_CONTEXTS = ['all', 'generateListing', 'createListing'] as const;
export type PaywallContext = (typeof PAYWALL_CONTEXTS)[number];

/** The English `message` of the plan and payment refusals, for API users; the web app translates codes. */
export const PlanMessages = {
  alreadyOnPlan: 'You are already on this plan',
  generationNotAllowed:
    'You have used all your AI listings for now. Choose a plan to keep generating listings.',
  listingNotAllowed: 'Creating listings needs an active plan. Choose a plan to continue.',
  checkoutUnavailable: 'The checkout could not be started. Please try again in a moment.',
  checkoutNotFound: 'This checkout link is not valid or has expired.',
  invalidSignature: 'The webhook signature is not valid.',
} as const;

// ----- Requests and responses -----

export const PlanViewSchema = z.object({
  tier: z.enum(PLAN_TIERS),
  monthlyPrice: z.number().int().meta({ description: 'USD cents' }),
  yearlyPrice: z.number().int().meta({ description: 'USD cents' }),
  monthlyPriceIds: z.array(z.string()),
  yearlyPriceIds: z.array(z.string()),
  providerId: z.string(),
  aiListingsPerMonth: z.number().int(),
  features: z.array(z.enum(PLAN_FEATURES)),
  purchasable: z.boolean(),
});
export type PlanView = z.infer<typeof PlanViewSchema>;

export const PlansResponseSchema = z
  .object({
    plans: z.array(PlanViewSchema),
    currency: z.literal(PLAN_CURRENCY),
    /** AI listings every new account gets before paying. */
    freeAiListings: z.number().int(),
    /** Where sellers write when a checkout fails. */
    supportEmail: z.string(),
    /** Which payment provider takes the money: 'local' is the built-in test checkout. */
    provider: z.enum(['local', 'stripe']),
  })
  .meta({ id: 'PlansResponse' });
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

export const CheckoutRequestSchema = z
  .object({
    plan: z.string(refusal('plan_unknown')).min(1, refusal('plan_unknown')).max(100),
    product: z.string().max(40).optional(),
  })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;

export const CheckoutResponseSchema = z
  .object({ url: z.string().meta({ description: 'Open in a new window: the payment page' }) })
  .meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const WebhookResponseSchema = z.object({ received: z.literal(true) });

export const OnboardingResponseSchema = z.object({ ok: z.literal(true) });
