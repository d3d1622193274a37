// Test helpers for the plans feature: the answer of GET /api/plans (for `stubApi`), and a stand-in for the
// window Get Started opens (jsdom has no window.open).
import { PLAN_CATALOGUE, type PlansResponse, SOLD_PLAN_TIERS } from '@snaplist/contract';
import { vi } from 'vitest';

export const SUPPORT_EMAIL = 'help@snaplist.test';

export function plansResponse(overrides: Partial<PlansResponse> = {}): PlansResponse {
  return {
    plans: Object.values(PLAN_CATALOGUE).map((plan) => ({
      ...plan,
      monthlyPriceIds: [...plan.monthlyPriceIds],
      yearlyPriceIds: [...plan.yearlyPriceIds],
      features: [...plan.features],
      purchasable: (SOLD_PLAN_TIERS as readonly string[]).includes(plan.tier),
    })),
    currency: 'USD',
    freeAiListings: 3,
    supportEmail: SUPPORT_EMAIL,
    provider: 'local',
    ...overrides,
  };
}

export interface FakeWindow {
  closed: boolean;
  close: () => void;
  opener: unknown;
  location: { href: string };
  document: Document;
}

/** Stubs window.open with a window whose document and location can be inspected. */
export function stubWindowOpen() {
  const popup: FakeWindow = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    opener: window,
    location: { href: 'about:blank' },
    document: document.implementation.createHTMLDocument(''),
  };
  const open = vi.fn(() => popup as unknown as Window);
  vi.stubGlobal('open', open);
  return { open, popup };
}
