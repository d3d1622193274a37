// The Content-Security-Policy against the built app: every main page, walked in Chromium, must load and work
// without one violation. A violation is caught twice over: the `securitypolicyviolation` event in the page
// and Chromium's "Refused to ..." console error.
import type { BrowserContext, Page } from '@playwright/test';
import { createUser, openCheckout, uniqueEmail } from '@snaplist/server/testing';
import { expect, test } from '../fixtures';
import { JOURNEY_PHOTOS } from '../global-setup';

/** Collects every CSP violation in every page of `context`, popups included. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', ({ page }, report: string) => {
    violations.push(`${page.url()}: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(report: string): void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const listen = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        violations.push(`${page.url()}: ${message.text()}`);
      }
    });
  context.pages().forEach(listen);
  context.on('page', listen);
  return violations;
}

test('signing up from the landing page breaks no rule of the policy', async ({ page, context }) => {
  const violations = await watchViolations(context);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Login/Signup' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Sign up' }).click();
  await modal.getByLabel('Email').fill(uniqueEmail('csp'));
  await modal.getByLabel('Password').fill('vintage-denim-2026');
  await modal.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome aboard!' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the photo upload, a listing, the dashboard, the listings, the plans and the test checkout break no rule', async ({
  signedInPage: page,
  context,
  appUrl,
}) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(context);

  await page.goto('/photo-upload');
  await page.getByLabel('Upload Photos').setInputFiles([JOURNEY_PHOTOS.jeans, JOURNEY_PHOTOS.label]);
  // The previews are blob: images; the upload goes to this origin.
  await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Upload & Generate' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  await expect(page.getByRole('region', { name: 'Title' })).toBeVisible();
  // The listing's photos come back through signed storage links.
  await expect(page.locator('img[src*="/api/storage/"]').first()).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Your AI listings' })).toBeVisible();
  await page.goto('/dashboard/listings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard/plans');
  await expect(page.getByText('$29.99').first()).toBeVisible();

  const buyer = await createUser(appUrl);
  await page.goto(await openCheckout(appUrl, buyer, 'pro_monthly'));
  await expect(page.getByText('Test checkout: no payment is taken')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Your plan is active' })).toBeVisible();

  expect(violations).toEqual([]);
});
