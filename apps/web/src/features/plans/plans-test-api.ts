// Test helpers for the plans feature: a fetch stub that answers the plans, checkout and auth-check calls,
// and a stand-in for the window Get Started opens (jsdom has no window.open).
import { PLAN_CATALOGUE, type PlansResponse, SOLD_PLAN_TIERS, type User } from '@snaplist/contract';
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

type Answer = Response | Promise<Response>;

interface ApiStub {
  /** POST /api/checkout: the body is passed in. */
  checkout?: (body: { plan: string; product?: string }) => Answer;
  /** POST /api/users/crosslister: the auth check. */
  authCheck?: () => User | Answer;
}

/** Stubs fetch; every call is recorded as 'METHOD /path'. */
export function stubPlansApi(stub: ApiStub = {}) {
  const calls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/plans') return Response.json(plansResponse());
    if (url === '/api/checkout' && stub.checkout) return stub.checkout(JSON.parse(String(init?.body)));
    if (url === '/api/users/crosslister' && stub.authCheck) {
      const answer = stub.authCheck();
      return answer instanceof Response || answer instanceof Promise
        ? answer
        : Response.json({ user: answer });
    }
    throw new Error(`Unexpected request ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
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
