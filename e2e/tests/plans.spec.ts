// Plans: a new seller spends the free AI listings, meets the paywall on the next upload, buys Pro in the
// built-in test checkout, and the next generation works.
import { createUser } from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';
import { JOURNEY_PHOTOS } from '../global-setup';

test('the paywall opens once the free AI listings are used, and Pro from the test checkout unlocks the next one', async ({
  page,
  appUrl,
}) => {
  test.setTimeout(120_000);
  const seller = await createUser(appUrl);
  const plans = await (await fetch(`${appUrl}/api/plans`)).json();
  await fetch(`${appUrl}/api/users/onboarding`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.token}` },
  });
  await page.addInitScript((token) => {
    if (!window.localStorage.getItem('sa_auth_token')) window.localStorage.setItem('sa_auth_token', token);
  }, seller.token);

  const generate = async () => {
    await page.goto('/photo-upload');
    await page.getByLabel('Upload Photos').setInputFiles([JOURNEY_PHOTOS.label]);
    await page.getByRole('button', { name: 'Upload & Generate' }).click();
  };
  for (let used = 0; used < plans.freeAiListings; used++) {
    await generate();
    await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  }

  await page.goto('/photo-upload');
  await expect(page.getByText('You have used all your free AI listings.')).toBeVisible();
  await page.getByLabel('Upload Photos').setInputFiles([JOURNEY_PHOTOS.label]);
  await page.getByRole('button', { name: 'Upload & Generate' }).click();
  const paywall = page.getByRole('dialog', { name: 'You are out of AI listings' });
  await expect(paywall).toBeVisible();
  await expect(paywall.getByRole('tab', { name: /^Pro/, selected: true })).toBeVisible();
  await expect(paywall.getByText('$29.99')).toBeVisible();
  await paywall.getByRole('radio', { name: /^Yearly/ }).check();
  await expect(paywall.getByText('Save 20%')).toBeVisible();
  await paywall.getByRole('radio', { name: 'Monthly' }).check();
  await page.screenshot({ path: shotPath('paywall-generate-listing') });

  const popupOpened = page.waitForEvent('popup');
  await paywall.getByRole('button', { name: 'Get Started' }).click();
  const checkout = await popupOpened;
  await expect(checkout.getByText('Test checkout: no payment is taken')).toBeVisible();
  await expect(checkout.getByRole('heading', { name: 'Snaplist Pro' })).toBeVisible();
  await checkout.screenshot({ path: shotPath('local-checkout') });
  await checkout.getByRole('button', { name: 'Confirm' }).click();
  await expect(checkout.getByRole('heading', { name: 'Your plan is active' })).toBeVisible();
  await checkout.close();

  await expect(page.getByText(/Welcome to Snaplist Pro/)).toBeVisible({ timeout: 15_000 });
  await expect(paywall).toBeHidden();

  await generate();
  await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  await expect(page.getByRole('region', { name: 'Title' })).toContainText("Levi's");

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Your AI listings' })).toContainText(
    '99 of 100 AI listings left this month',
  );
  await page.screenshot({ path: shotPath('dashboard-home-pro'), fullPage: true });
});
