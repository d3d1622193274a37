// At phone width (390 px) the dashboard's menu moves to a bottom bar.
import { createInventoryListing } from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the dashboard shows a bottom bar instead of the sidebar on a phone', async ({ signedInPage: page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const bottomBar = page.getByRole('navigation', { name: 'Main navigation' }).filter({ visible: true });
  await expect(bottomBar).toHaveCount(1);
  const box = await bottomBar.boundingBox();
  expect(box, 'the bottom bar is laid out').not.toBeNull();
  if (box) {
    expect(box.y + box.height).toBeGreaterThan(844 - 4);
    expect(box.width).toBeGreaterThan(380);
  }
  for (const item of ['Home', 'Listings', 'Analytics', 'Messages', 'Settings']) {
    await expect(bottomBar.getByRole('link', { name: item })).toBeVisible();
  }
  await page.screenshot({ path: shotPath('dashboard-mobile-390') });

  await bottomBar.getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await page.screenshot({ path: shotPath('messages-mobile-390') });
});

test('the inventory turns its table into stacked rows on a phone, in German', async ({
  signedInPage: page,
  seller,
  appUrl,
}) => {
  await createInventoryListing(appUrl, seller, {
    title: 'Barbour Wachsjacke Bedale, olivgrün, Größe 40, sehr guter Zustand mit Cordkragen und Karofutter',
    brand: 'Barbour',
    size: '40',
    sku: 'BB-0042',
    listedOn: {
      ebay: { url: 'https://www.ebay.de/itm/1234' },
      vinted: { url: 'https://www.vinted.de/items/77' },
    },
  });
  await page.addInitScript(() => window.localStorage.setItem('language', 'de'));
  await page.goto('/dashboard/listings?tab=inventory');
  const row = page.getByRole('row').filter({ hasText: 'Barbour' });
  await expect(row).toContainText('...');
  await expect(row.getByRole('link', { name: 'eBay' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Vinted' })).toBeVisible();
  const box = await row.boundingBox();
  expect(box?.width ?? 0, 'the row fits the screen without sideways scrolling').toBeLessThanOrEqual(390);
  await page.screenshot({ path: shotPath('inventory-de-390'), fullPage: true });
});
