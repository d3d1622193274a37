// axe over the main pages, at desktop (1280) and phone (390) width: no violation of serious or critical
// impact. Every rule runs, the experimental ones too (label-content-name-mismatch is one: a
// control whose accessible name does not contain what it shows cannot be said aloud to voice control).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createInventoryListing, type TestUser, writeAsGeneratedInDataDir } from '@snaplist/server/testing';
import { expect, test } from '../fixtures';
import { E2E_DATA_DIR } from '../playwright.config';

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** A page seen by a visitor: its address and what is on screen once it has loaded. */
interface VisitorPage {
  name: string;
  path: string;
  shows: string;
}

/** A page seen by a signed-in seller on Pro: `open` makes what it needs (a listing) and answers its address. */
interface SellerPage {
  name: string;
  open: (seller: TestUser, appUrl: string) => Promise<string>;
  shows: string;
}

const VISITOR_PAGES: VisitorPage[] = [
  { name: 'landing', path: '/', shows: 'List, crosslist and grow your shop' },
  { name: 'photo upload', path: '/photo-upload', shows: 'List from photo' },
];

const SELLER_PAGES: SellerPage[] = [
  { name: 'dashboard home', open: async () => '/dashboard', shows: 'Dashboard' },
  {
    name: 'listings (generations)',
    open: async (seller, appUrl) => {
      const made = await createInventoryListing(appUrl, seller, { title: 'Zara wool coat, camel' });
      await writeAsGeneratedInDataDir(E2E_DATA_DIR, made.listingId, {});
      return '/dashboard/listings';
    },
    shows: 'Zara wool coat, camel',
  },
  {
    name: 'listings (inventory)',
    open: async (seller, appUrl) => {
      await createInventoryListing(appUrl, seller, { title: "Levi's 501 blue denim jeans" });
      return '/dashboard/listings?tab=inventory';
    },
    shows: "Levi's 501 blue denim jeans",
  },
  { name: 'listing editor', open: async () => '/dashboard/listings/create', shows: 'Create New Listing' },
  {
    name: 'listing',
    open: async (seller, appUrl) =>
      `/dashboard/listings/${(await createInventoryListing(appUrl, seller)).listingId}`,
    shows: 'Marketplace versions',
  },
  {
    name: 'plans',
    open: async (seller) => `/plans?email=${encodeURIComponent(seller.email)}`,
    shows: 'Choose your plan',
  },
  { name: 'dashboard plans', open: async () => '/dashboard/plans', shows: 'Get Started' },
  { name: 'settings', open: async () => '/dashboard/settings', shows: 'Settings' },
];

/** Whatever moves (a sheet sliding in, a fade) has come to rest, so colours are measured as they stay. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'],
      },
    })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact && BLOCKING_IMPACTS.has(violation.impact))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ')}`)
          .join('\n')}`,
    );
}

async function expectNoBlockingViolations(page: Page, shows: string): Promise<void> {
  await expect(page.getByText(shows, { exact: true }).first()).toBeVisible();
  await settle(page);
  expect(await blockingViolations(page)).toEqual([]);
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport });

    for (const { name, path, shows } of VISITOR_PAGES) {
      test(`the ${name} page has no serious accessibility violation for a visitor`, async ({ page }) => {
        await page.goto(path);
        await expectNoBlockingViolations(page, shows);
      });
    }

    for (const { name, open, shows } of SELLER_PAGES) {
      test(`the ${name} page has no serious accessibility violation`, async ({
        signedInPage: page,
        seller,
        appUrl,
      }) => {
        await page.goto(await open(seller, appUrl));
        await expectNoBlockingViolations(page, shows);
      });
    }
  });
}
