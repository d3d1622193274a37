// Playwright fixtures: the app's address, a seller created through the public API, a page already signed in
// as them, and a listing of theirs.
import { test as base, expect, type Page } from '@playwright/test';
import { AUTH_TOKEN_STORAGE_KEY, type Listing } from '@snaplist/contract';
import { createInventoryListing, createUser, readOutbox, type TestUser } from '@snaplist/server/testing';
import { E2E_DATA_DIR } from './playwright.config';

interface Fixtures {
  /** The app's address: Playwright's `baseURL`, which every journey here has configured. */
  appUrl: string;
  seller: TestUser;
  signedInPage: Page;
  /** An inventory listing of the seller's, with the test factory's defaults. */
  listing: Listing;
}

export const test = base.extend<Fixtures>({
  appUrl: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    await use(baseURL);
  },
  // A seller on Pro who has been through the onboarding: journeys about something else are not
  // interrupted by it (the plans journey signs up a brand-new seller itself).
  seller: async ({ appUrl }, use) => {
    await use(await createOnboardedSeller(appUrl));
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
  listing: async ({ appUrl, seller }, use) => {
    await use(await createInventoryListing(appUrl, seller));
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

/** The newest link to `pathname` (`/reset-password`, `/confirm-email`) in a message to `email` in the outbox. */
export async function mailedLink(email: string, pathname: string): Promise<URL> {
  let link: string | undefined;
  const pattern = new RegExp(`https?://\\S+${pathname}\\?token=[\\w-]+(?:&\\w+=[\\w-]+)*`);
  await expect
    .poll(async () => {
      const mail = (await readOutbox(E2E_DATA_DIR)).filter((message) => message.to.includes(email)).at(-1);
      link = mail?.text.match(pattern)?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link as string);
}

/** The status of a log-in with these credentials, asked from the page as the app would. */
export async function logInStatus(page: Page, email: string, password: string): Promise<number> {
  return page.evaluate(
    async ([address, secret]) =>
      (
        await fetch('/api/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: address, password: secret }),
        })
      ).status,
    [email, password] as const,
  );
}
