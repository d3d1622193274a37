// The paywall's heading and introduction say why it opened (SPEC section 3: context all, generateListing or
// createListing): out of AI listings, a listing that needs a plan, or simply the plans.
import type { PaywallContext } from '@snaplist/contract';

export const PAYWALL_COPY: Record<PaywallContext, { title: string; intro: string }> = {
  all: { title: 'plans.heading_all', intro: 'plans.intro_all' },
  generateListing: { title: 'plans.heading_generate', intro: 'plans.intro_generate' },
  createListing: { title: 'plans.heading_create', intro: 'plans.intro_create' },
};
