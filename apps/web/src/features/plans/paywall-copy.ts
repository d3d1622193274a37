// The paywall's heading and introduction say why it opened (its context: all, generateListing or
// createListing): out of AI listings, a listing that needs a plan, or simply the plans.
import type { PaywallContext, User } from '@snaplist/contract';
import { allowanceOf, isOutOfAiListings } from '@/lib/allowance';

interface PaywallCopy {
  title: string;
  intro: string;
}

export const PAYWALL_COPY: Record<PaywallContext, PaywallCopy> = {
  all: { title: 'plans.heading_all', intro: 'plans.intro_all' },
  generateListing: { title: 'plans.heading_generate', intro: 'plans.intro_generate' },
  createListing: { title: 'plans.heading_create', intro: 'plans.intro_create' },
};

/**
 * The copy for `context` as `user` (null: nobody signed in) should read it. "You are out of AI listings" only
 * to a seller who is: a link to /plans?context=generateListing can reach a Pro seller with 99 left, or a
 * visitor whose allowance nobody knows, and they get the plain plans heading (docs/decisions/021).
 */
export function paywallCopy(context: PaywallContext, user: User | null): PaywallCopy {
  if (context === 'generateListing' && !(user && isOutOfAiListings(allowanceOf(user))))
    return PAYWALL_COPY.all;
  return PAYWALL_COPY[context];
}
