// Playwright fixtures: a seller created through the public API, and a page already signed in as them.
import { test as base, expect, type Page } from '@playwright/test';
import { AUTH_TOKEN_STORAGE_KEY } from '@snaplist/contract';
import { createUser, type TestUser } from '@snaplist/server/testing';

interface Fixtures {
  seller: TestUser;
  signedInPage: Page;
}

export const test = base.extend<Fixtures>({
  // A seller on Pro who has been through the onboarding: journeys about something else are not
  // interrupted by it (the plans journey signs up a brand-new seller itself).
  seller: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    await use(await createOnboardedSeller(baseURL));
  },
  signedInPage: async ({ page, seller }, use) => {
    await page.addInitScript(
      ([key, token]) => {
        if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, token);
      },
      [AUTH_TOKEN_STORAGE_KEY, seller.token] as const,
    );
    await use(page);
  },
});

export { expect };

/** A seller on Pro who has been through the onboarding, made through the public API. */
export async function createOnboardedSeller(baseUrl: string): Promise<TestUser> {
  const seller = await createUser(baseUrl, { plan: 'pro_monthly' });
  const seen = await fetch(`${baseUrl}/api/users/onboarding`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.token}` },
  });
  if (!seen.ok) throw new Error(`mark onboarding seen: ${seen.status}`);
  return seller;
}

/** Screenshots worth looking at after a run go here. */
export function shotPath(name: string): string {
  return `e2e/.artifacts/screenshots/${name}.png`;
}
