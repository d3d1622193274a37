// Inventory: a seller turns a generated listing into an inventory item, edits its price, records where it is
// listed, sees the link in the inventory, and deletes it.
import { expect, shotPath, test } from '../fixtures';
import { JOURNEY_PHOTOS } from '../global-setup';

test('from a generated listing to the inventory: list, edit the price, mark it listed on Vinted, delete', async ({
  signedInPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/photo-upload');
  await page.getByLabel('Upload Photos').setInputFiles([JOURNEY_PHOTOS.jeans, JOURNEY_PHOTOS.label]);
  await page.getByRole('button', { name: 'Upload & Generate' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  const generatedTitle = (await page.getByRole('region', { name: 'Title' }).locator('p').first().innerText())
    .trim()
    .slice(0, 20);

  await page.goto('/dashboard/listings');
  const card = page.getByRole('article').filter({ hasText: generatedTitle });
  await expect(card).toBeVisible();
  await page.screenshot({ path: shotPath('listings-generations'), fullPage: true });
  await card.getByRole('link', { name: 'List Item' }).click();

  await expect(page.getByRole('heading', { name: 'Create New Listing' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(/Levi's/);
  await expect(page.getByRole('textbox', { name: 'Size' })).toHaveValue('W32 L34');
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Condition' }).selectOption('Very good');
  await page.screenshot({ path: shotPath('listing-editor-prefilled'), fullPage: true });
  await page.getByRole('button', { name: 'List on Marketplaces' }).click();

  await expect(page).toHaveURL(/\/dashboard\/listings\?tab=inventory/);
  await expect(page.getByText('Listing saved to your inventory')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: "Levi's" });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /Edit/ }).click();

  await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Price' }).fill('19,99');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Marketplace Details' })).toBeVisible();
  await page.getByRole('switch', { name: 'Vinted' }).click();
  await page
    .getByRole('group', { name: 'Already listed on Vinted?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  const url = page.getByRole('textbox', { name: 'Listing URL on Vinted' });
  await url.fill('https://www.ebay.co.uk/itm/123');
  await page.getByRole('button', { name: 'List on Marketplaces' }).click();
  await expect(
    page.getByText(/Enter the address of this listing on the marketplace.s own site/),
  ).toBeVisible();
  await url.fill('https://www.vinted.co.uk/items/4821-levis-501');
  await page.screenshot({ path: shotPath('listing-editor-marketplaces'), fullPage: true });
  await page.getByRole('button', { name: 'List on Marketplaces' }).click();

  await expect(page).toHaveURL(/\/dashboard\/listings\?tab=inventory/);
  const listed = page.getByRole('row').filter({ hasText: "Levi's" });
  await expect(listed).toContainText('£19.99');
  await expect(listed.getByRole('link', { name: 'Vinted' })).toHaveAttribute(
    'href',
    'https://www.vinted.co.uk/items/4821-levis-501',
  );
  await page.screenshot({ path: shotPath('listings-inventory'), fullPage: true });

  await listed.getByRole('button', { name: /Delete/ }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm).toContainText('Delete this listing?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Listing deleted')).toBeVisible();
  await expect(page.getByText('No listings found')).toBeVisible();
});
