// At phone width (390 px) the dashboard's menu moves to a bottom bar.
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
