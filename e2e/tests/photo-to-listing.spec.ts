// Photo to listing: a visitor picks photos, signs up on the way, and lands on a listing that says what the
// label says; and a signed-in seller does the same on a phone, in Polish.
import { uniqueEmail } from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';
import { JOURNEY_PHOTOS } from '../global-setup';

test('a visitor picks two photos, signs up in the modal, and lands on the listing with the brand and size from the label', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/photo-upload');
  await page.getByLabel('Upload Photos').setInputFiles([JOURNEY_PHOTOS.jeans, JOURNEY_PHOTOS.label]);
  await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveCount(2);
  await expect(page.getByText('2 / 24')).toBeVisible();
  await page.screenshot({ path: shotPath('photo-upload-two-photos'), fullPage: true });

  await page.getByRole('button', { name: 'Upload & Generate' }).click();
  const modal = page.getByRole('dialog', { name: 'Your listing is almost ready' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Email').fill(uniqueEmail('visitor'));
  await modal.getByLabel('Password').fill('second-hand-first-class');
  await modal.getByRole('button', { name: 'Continue with email' }).click();

  await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  // A brand-new seller meets the onboarding on their first listing, with the way back to it.
  const onboarding = page.getByRole('dialog', { name: 'Welcome aboard!' });
  await expect(onboarding).toBeVisible();
  await onboarding.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('dialog', { name: 'How would you like to start?' })
    .getByRole('button', { name: 'Take me to my listing' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const details = page.getByRole('region', { name: 'Item details' });
  const fact = (term: string) =>
    details
      .locator('div')
      .filter({ has: page.getByRole('term').getByText(term, { exact: true }) })
      .getByRole('definition');
  await expect(fact('Brand')).toContainText("Levi's");
  await expect(fact('Size')).toContainText('W32 L34');
  await expect(details.getByText(/Read from the label in photo 2/).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Title' })).toContainText("Levi's");
  await page.screenshot({ path: shotPath('listing-details-desktop'), fullPage: true });
});

test.describe('on a phone, in Polish', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a signed-in seller gets a Polish listing from one label photo', async ({ signedInPage: page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => window.localStorage.setItem('language', 'pl'));
    await page.goto('/photo-upload');
    await page.getByLabel('Prześlij zdjęcia').setInputFiles([JOURNEY_PHOTOS.label]);
    await page.screenshot({ path: shotPath('photo-upload-pl-390'), fullPage: true });
    await page.getByRole('button', { name: /Prześlij i wygeneruj/ }).click();

    await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 45_000 });
    const title = page.getByRole('region', { name: 'Tytuł' });
    await expect(title).toContainText("Levi's");
    await expect(title).toContainText('W32 L34');
    await expect(
      page
        .getByRole('region', { name: 'Szczegóły rzeczy' })
        .getByText(/Odczytano z metki na zdjęciu 1/)
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: shotPath('listing-details-pl-390'), fullPage: true });
  });
});
