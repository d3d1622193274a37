// A seller who uses only the keyboard: the auth modal traps focus, Escape closes it, and log-in works.
import { expect, test } from '../fixtures';

test('the auth modal is usable with the keyboard alone', async ({ page, seller }) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Login/Signup' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Email')).toBeFocused();

  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    const focusInside = await modal.evaluate((dialog) => dialog.contains(document.activeElement));
    expect(focusInside, `focus stays in the dialog after ${step + 1} Tab presses`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(opener, 'focus returns to what opened the dialog').toBeFocused();

  await page.keyboard.press('Enter');
  await expect(modal.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(seller.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(seller.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
});
