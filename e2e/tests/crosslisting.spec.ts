// Crosslisting (decisions 035 and 036) in Chromium against the protocol test servers global setup started.
// The seller connects eBay, Etsy and Shopify through each one's consent page and chooses what each needs in
// Settings; a publish with a setting still unchosen is refused with what is missing, before anything reaches
// a marketplace; one action then publishes the listing to all three and each live link shows. The item sells
// on Etsy, and the copies on eBay and Shopify end by themselves: no one marks anything. Then the first part
// once more in German.
import type { Locator, Page } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY, MARKETPLACE_NAMES, type PublishingMarketplace } from '@snaplist/contract';
import { createInventoryListing } from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';
import { CROSSLISTING_URL_ENV } from '../global-setup';
import { type MarketplaceHoldings, marketplaceFakes } from '../marketplace-fakes';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The fake Shopify's shop, which its consent page installs the app on. */
const FAKE_SHOPIFY_SHOP = 'snaplist-test.myshopify.com';
/** The fakes' consent pages are in English whatever the seller's language. */
const AGREE = 'Agree';
const PUBLISHING_MARKETPLACES: readonly PublishingMarketplace[] = ['ebay', 'etsy', 'shopify'];

test.use({ baseURL: process.env[CROSSLISTING_URL_ENV], viewport: DESKTOP });
// Both journeys connect the fakes' same accounts: one after the other, so that counting the calls one journey
// caused is not thrown off by the other's.
test.describe.configure({ mode: 'default' });

/** What the seller reads, in the language under test. */
interface Words {
  connect: (marketplace: string) => string;
  connectedNotice: (marketplace: string) => string;
  shopLabel: string;
  settings: Record<PublishingMarketplace, string[]>;
  save: string;
  settingsSaved: (marketplace: string) => string;
  publishTitle: string;
  publishToAll: string;
  viewOn: (marketplace: string) => string;
  live: string;
  liveOn: (marketplace: string) => string;
}

const ENGLISH: Words = {
  connect: (marketplace) => `Connect ${marketplace}`,
  connectedNotice: (marketplace) => `${marketplace} is connected.`,
  shopLabel: 'Your Shopify shop',
  settings: {
    ebay: ['Shipping policy', 'Payment policy', 'Returns policy', 'Item location'],
    etsy: ['Shipping profile', 'Processing time'],
    shopify: ['Location'],
  },
  save: 'Save',
  settingsSaved: (marketplace) => `${marketplace} settings saved`,
  publishTitle: 'Publish',
  publishToAll: 'Publish to 3 marketplaces',
  viewOn: (marketplace) => `View on ${marketplace}`,
  live: 'Live',
  liveOn: (marketplace) => `Live on ${marketplace}`,
};

const GERMAN: Words = {
  connect: (marketplace) => `${marketplace} verbinden`,
  connectedNotice: (marketplace) => `${marketplace} ist verbunden.`,
  shopLabel: 'Dein Shopify-Shop',
  settings: {
    ebay: ['Versandrichtlinie', 'Zahlungsrichtlinie', 'Rücknahmerichtlinie', 'Artikelstandort'],
    etsy: ['Versandprofil', 'Bearbeitungszeit'],
    shopify: ['Standort'],
  },
  save: 'Speichern',
  settingsSaved: (marketplace) => `${marketplace}-Einstellungen gespeichert`,
  publishTitle: 'Veröffentlichen',
  publishToAll: 'Auf 3 Marktplätzen veröffentlichen',
  viewOn: (marketplace) => `Auf ${marketplace} ansehen`,
  live: 'Online',
  liveOn: (marketplace) => `Online auf ${marketplace}`,
};

/** Where each marketplace's live link leads: its own listing page. */
const LIVE_URL: Record<PublishingMarketplace, RegExp> = {
  ebay: /\/itm\/\d+$/,
  etsy: /\/listing\/\d+\//,
  shopify: /\/products\/[a-z0-9-]+$/,
};

function settingsCard(page: Page, marketplace: PublishingMarketplace): Locator {
  return page.getByRole('article', { name: MARKETPLACE_NAMES[marketplace] });
}

/** From Settings through the marketplace's consent page and back to Settings, which says it is connected. */
async function connect(page: Page, marketplace: PublishingMarketplace, words: Words): Promise<void> {
  const name = MARKETPLACE_NAMES[marketplace];
  const card = settingsCard(page, marketplace);
  // Shopify connects one shop: its card asks which before sending the seller to it.
  if (marketplace === 'shopify') await card.getByLabel(words.shopLabel).fill(FAKE_SHOPIFY_SHOP);
  await card.getByRole('button', { name: words.connect(name) }).click();
  await page.getByRole('button', { name: AGREE, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(card.getByRole('status')).toHaveText(words.connectedNotice(name));
}

/** Chooses the first of each setting's choices (read from the seller's account) and saves. */
async function chooseSettings(page: Page, marketplace: PublishingMarketplace, words: Words): Promise<void> {
  const card = settingsCard(page, marketplace);
  for (const setting of words.settings[marketplace]) {
    // Option 0 is the "Choose…" placeholder.
    await card.getByLabel(setting, { exact: true }).selectOption({ index: 1 });
  }
  await card.getByRole('button', { name: words.save, exact: true }).click();
  await expect(page.getByText(words.settingsSaved(MARKETPLACE_NAMES[marketplace]))).toBeVisible();
}

/** One marketplace's row in the Publish panel. */
function publishRow(panel: Locator, marketplace: PublishingMarketplace): Locator {
  return panel
    .getByRole('listitem')
    .filter({ has: panel.page().getByText(MARKETPLACE_NAMES[marketplace], { exact: true }) });
}

/** Publishes to every marketplace in one action and waits for each copy's live link. */
async function publishToAll(panel: Locator, words: Words): Promise<void> {
  for (const marketplace of PUBLISHING_MARKETPLACES) {
    await expect(panel.getByRole('checkbox', { name: MARKETPLACE_NAMES[marketplace] })).toBeChecked();
  }
  await panel.getByRole('button', { name: words.publishToAll }).click();
  for (const marketplace of PUBLISHING_MARKETPLACES) {
    const row = publishRow(panel, marketplace);
    const name = MARKETPLACE_NAMES[marketplace];
    await expect(row.getByRole('link', { name: words.viewOn(name) })).toHaveAttribute(
      'href',
      LIVE_URL[marketplace],
      { timeout: 30_000 },
    );
    await expect(row.getByText(words.live, { exact: true })).toBeVisible();
    await expect(panel.getByText(words.liveOn(name), { exact: true })).toBeVisible();
  }
}

/**
 * The phone's top and bottom bars stay on screen over whatever scrolls under them: in a picture of a whole page
 * or of one part of it, they would land across the middle of it.
 */
const WITHOUT_PHONE_BARS = '.mobile-topbar, .bottom-bar { visibility: hidden; }';

/** A screenshot at the journey's width and one on a phone, where nothing may stick out sideways. */
async function shootAtBothWidths(page: Page, name: string, part?: Locator): Promise<void> {
  const shoot = async (path: string) => {
    if (part) return part.screenshot({ path, style: WITHOUT_PHONE_BARS });
    // From the top, where the desktop's sidebar (sticky) is drawn in a picture of the whole page.
    await page.evaluate(() => window.scrollTo(0, 0));
    return page.screenshot({ path, fullPage: true, style: WITHOUT_PHONE_BARS });
  };
  await shoot(shotPath(name));
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await shoot(shotPath(`${name}-phone`));
  await page.setViewportSize(DESKTOP);
}

/** The copies carrying this SKU on each marketplace. */
function copiesOf(holdings: MarketplaceHoldings, sku: string) {
  return {
    ebay: holdings.ebay.offers.filter((offer) => offer.sku === sku),
    etsy: holdings.etsy.listings.filter((listing) => listing.sku === sku),
    shopify: holdings.shopify.products.filter((product) => product.skus.includes(sku)),
  };
}

function listingCalls(holdings: MarketplaceHoldings) {
  return {
    ebay: holdings.ebay.listingCalls,
    etsy: holdings.etsy.listingCalls,
    shopify: holdings.shopify.listingCalls,
  };
}

test('connect eBay, Etsy and Shopify, publish to all three at once, sell on Etsy and see the others end', async ({
  signedInPage: page,
  seller,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error(`global setup did not set ${CROSSLISTING_URL_ENV}`);
  const fakes = marketplaceFakes();
  // Etsy takes only vintage from resellers; the seller's own SKU is what each marketplace's copy carries.
  const sku = `LEVIS-501-${Date.now()}`;
  const listing = await createInventoryListing(baseURL, seller, {
    category: 'Vintage',
    title: "Levi's 501 men's blue denim jeans",
    sku,
  });

  await page.goto('/dashboard/settings');
  for (const marketplace of PUBLISHING_MARKETPLACES) await connect(page, marketplace, ENGLISH);
  await expect(settingsCard(page, 'ebay')).toContainText(/Connected as \S+/);
  await expect(settingsCard(page, 'etsy')).toContainText(/Connected as \S+/);
  await expect(settingsCard(page, 'shopify')).toContainText(`Connected as ${FAKE_SHOPIFY_SHOP}`);
  // Etsy's settings are left for later: the publish below is refused for them.
  await chooseSettings(page, 'ebay', ENGLISH);
  await chooseSettings(page, 'shopify', ENGLISH);

  await page.goto(`/dashboard/listings/${listing.listingId}`);
  const panel = page.getByRole('region', { name: ENGLISH.publishTitle, exact: true });
  const before = await fakes.holdings();
  await panel.getByRole('button', { name: ENGLISH.publishToAll }).click();
  await expect(panel.getByRole('alert')).toContainText('Some details are missing, so nothing was sent.');
  const etsyRow = publishRow(panel, 'etsy');
  await expect(etsyRow).toContainText(
    'Choose “Shipping profile” in Settings, under Etsy, before publishing.',
  );
  await expect(etsyRow).toContainText('Choose “Processing time” in Settings, under Etsy, before publishing.');
  // All or nothing: eBay and Shopify had what they need, and were not sent anything either.
  await expect(panel.getByRole('checkbox', { name: 'eBay' })).toBeChecked();
  await expect(panel.getByText('Queued', { exact: true })).toHaveCount(0);
  const refused = await fakes.holdings();
  expect(listingCalls(refused)).toEqual(listingCalls(before));
  expect(copiesOf(refused, sku)).toEqual({ ebay: [], etsy: [], shopify: [] });
  await panel.screenshot({ path: shotPath('publish-panel-missing') });

  await panel.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await chooseSettings(page, 'etsy', ENGLISH);
  for (const marketplace of PUBLISHING_MARKETPLACES) {
    await expect(settingsCard(page, marketplace)).toContainText('Connected');
  }
  await shootAtBothWidths(page, 'settings-marketplaces');

  await page.goBack();
  await publishToAll(panel, ENGLISH);
  await expect(panel.getByRole('button', { name: 'Mark as sold' })).toBeVisible();
  const live = copiesOf(await fakes.holdings(), sku);
  expect(live).toEqual({
    ebay: [{ sku, status: 'PUBLISHED', listingStatus: 'ACTIVE' }],
    etsy: [{ sku, state: 'active' }],
    shopify: [{ skus: [sku], status: 'ACTIVE' }],
  });
  await shootAtBothWidths(page, 'publish-panel-live', panel);

  await fakes.sell({ marketplace: 'etsy', sku, quantity: 1 });
  // Once every copy is live the page waits for nothing, so the seller looks again, as after Etsy's e-mail
  // about the sale; the sales sync reads Etsy every second.
  await expect(async () => {
    await page.reload();
    await expect(publishRow(panel, 'etsy').getByText('Sold', { exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  // Where it sold, the seller can still open the marketplace's page (the order is there).
  await expect(publishRow(panel, 'etsy').getByRole('link', { name: ENGLISH.viewOn('Etsy') })).toBeVisible();
  // The other two end by themselves; the panel follows them while they are ending.
  for (const marketplace of ['ebay', 'shopify'] as const) {
    await expect(publishRow(panel, marketplace).getByText('Ended', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(publishRow(panel, marketplace).getByRole('link')).toHaveCount(0);
  }
  const activity = panel.getByRole('list').filter({ hasText: 'Sold on Etsy' });
  await expect(activity).toContainText('Ended on eBay');
  await expect(activity).toContainText('Ended on Shopify');
  await expect(panel.getByRole('button', { name: 'Mark as sold' })).toHaveCount(0);
  // Nothing was published twice, and each copy is where it should be: eBay's offer withdrawn, Etsy's listing
  // sold out, Shopify's product archived.
  expect(copiesOf(await fakes.holdings(), sku)).toEqual({
    ebay: [{ sku, status: 'UNPUBLISHED', listingStatus: 'ENDED' }],
    etsy: [{ sku, state: 'sold_out' }],
    shopify: [{ skus: [sku], status: 'ARCHIVED' }],
  });
  await shootAtBothWidths(page, 'publish-panel-after-sale', panel);

  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent activity' });
  await expect(recent).toContainText('Sold on Etsy');
  await expect(recent).toContainText('Ended on eBay');
  await expect(recent).toContainText('Ended on Shopify');
});

test('in German: connect the three marketplaces and publish to all of them at once', async ({
  signedInPage: page,
  seller,
  baseURL,
}) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error(`global setup did not set ${CROSSLISTING_URL_ENV}`);
  await page.addInitScript((key) => window.localStorage.setItem(key, 'de'), LANGUAGE_STORAGE_KEY);
  const listing = await createInventoryListing(baseURL, seller, {
    category: 'Vintage',
    title: "Levi's 501 men's blue denim jeans",
    sku: `LEVIS-501-DE-${Date.now()}`,
  });

  await page.goto('/dashboard/settings');
  for (const marketplace of PUBLISHING_MARKETPLACES) {
    await connect(page, marketplace, GERMAN);
    await chooseSettings(page, marketplace, GERMAN);
  }

  await page.goto(`/dashboard/listings/${listing.listingId}`);
  const panel = page.getByRole('region', { name: GERMAN.publishTitle, exact: true });
  await expect(panel).toContainText('Snaplist erstellt das Inserat auf jedem angehakten Marktplatz');
  await publishToAll(panel, GERMAN);
  await expect(panel.getByRole('button', { name: 'Als verkauft markieren' })).toBeVisible();
  await panel.screenshot({ path: shotPath('publish-panel-live-de') });
});
