// A phone (390 x 844): every primary action is on the first screen without scrolling, the bars that stay on
// screen leave the seller most of it, and nothing the seller can choose hides past the edge. Each journey
// attaches its screenshot to the report so the layout can be looked at, not only measured.

import type { Locator, Page, TestInfo } from '@playwright/test';
import { MARKETPLACE_NAMES, MARKETPLACES } from '@snaplist/contract';
import { createUser } from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';

const PHONE = { width: 390, height: 844 };
/** The most of the screen the bars that stay put (top bar, action bar, bottom bar) may take together. */
const MAX_CHROME_SHARE = 0.2;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

async function expectOnFirstScreen(target: Locator, what: string): Promise<void> {
  await expect(target, `${what} is shown`).toBeVisible();
  const box = await target.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  if (!box) return;
  expect(box.y, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} ends above the bottom of the screen`).toBeLessThanOrEqual(PHONE.height);
  expect(box.x, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends before the right edge`).toBeLessThanOrEqual(PHONE.width);
}

/**
 * The height of the screen covered by fixed and sticky bars (outermost ones only, clipped to the screen):
 * what stays put while the seller scrolls, so what the content never gets.
 */
function chromeHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const pinned = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((element) => {
      const { position, display, visibility, pointerEvents } = getComputedStyle(element);
      // A layer that lets every touch through (the toasts' container spans the screen) covers nothing.
      return (
        (position === 'fixed' || position === 'sticky') &&
        display !== 'none' &&
        visibility !== 'hidden' &&
        pointerEvents !== 'none'
      );
    });
    const outermost = pinned.filter(
      (element) => !pinned.some((other) => other !== element && other.contains(element)),
    );
    return outermost.reduce((total, element) => {
      const rect = element.getBoundingClientRect();
      const visible = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
      return total + Math.max(0, visible);
    }, 0);
  });
}

/** Each action, a button or a link named so, is on the first screen. */
async function expectActionsOnFirstScreen(
  page: Page,
  role: 'button' | 'link',
  names: string[],
): Promise<void> {
  for (const name of names) await expectOnFirstScreen(page.getByRole(role, { name }), name);
}

async function expectBarsLeaveMostOfTheScreen(page: Page): Promise<void> {
  expect(
    await chromeHeight(page),
    'the bars that stay put leave the content most of the screen',
  ).toBeLessThanOrEqual(PHONE.height * MAX_CHROME_SHARE);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: shotPath(name) });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test('the editor keeps its actions in reach and its bars small on a phone', async ({
  signedInPage: page,
}, testInfo) => {
  await page.goto('/dashboard/listings/create');
  await expect(page.getByRole('heading', { name: 'Create New Listing' })).toBeVisible();

  await expectActionsOnFirstScreen(page, 'button', ['Save & Continue', 'List on Marketplaces']);
  await expectBarsLeaveMostOfTheScreen(page);
  await attachScreenshot(page, testInfo, 'editor-390');

  // Down the form the actions are still at hand.
  await page.getByLabel('Quantity').scrollIntoViewIfNeeded();
  await expectOnFirstScreen(
    page.getByRole('button', { name: 'Save & Continue' }),
    'Save & Continue, scrolled',
  );
  await expectBarsLeaveMostOfTheScreen(page);
  await attachScreenshot(page, testInfo, 'editor-390-scrolled');
});

test('the editor keeps all three actions of the marketplace step in one short bar, in German', async ({
  signedInPage: page,
  listing,
}, testInfo) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'de'));
  await page.goto(`/dashboard/listings/create?sourceId=${listing.listingId}&editing=yes`);
  await expect(page.getByRole('heading', { name: 'Inserat bearbeiten' })).toBeVisible();
  await page.getByRole('button', { name: /Marktplatzdetails/ }).click();
  await expect(page.getByRole('heading', { name: 'Marktplatzdetails' })).toBeVisible();

  await expectActionsOnFirstScreen(page, 'button', [
    'Zurück zu den Inventardetails',
    'Auf Marktplätzen einstellen',
    'Speichern & weiter',
  ]);
  await expectBarsLeaveMostOfTheScreen(page);
  await attachScreenshot(page, testInfo, 'editor-390-marketplaces-de');
});

test('the listing page shows its actions first and every marketplace tab on a phone', async ({
  signedInPage: page,
  listing,
}, testInfo) => {
  await page.goto(`/dashboard/listings/${listing.listingId}`);
  await expect(page.getByRole('heading', { name: 'Listing details' })).toBeVisible();

  await expectActionsOnFirstScreen(page, 'link', ['Edit Listing', 'Generate Another Listing']);
  await expectBarsLeaveMostOfTheScreen(page);
  await attachScreenshot(page, testInfo, 'listing-390');

  const tabs = page.getByRole('tablist', { name: 'Marketplace versions' });
  await tabs.scrollIntoViewIfNeeded();
  const listBox = await tabs.boundingBox();
  expect(listBox, 'the marketplace tabs are laid out').not.toBeNull();
  for (const marketplace of MARKETPLACES) {
    const tab = tabs.getByRole('tab', { name: MARKETPLACE_NAMES[marketplace] });
    const box = await tab.boundingBox();
    expect(box, `${MARKETPLACE_NAMES[marketplace]} is laid out`).not.toBeNull();
    if (!box || !listBox) continue;
    // Whole inside the list: no tab is cut at 'Posh' or waits, unseen, past the right edge.
    expect(box.x, `${MARKETPLACE_NAMES[marketplace]} starts inside the list`).toBeGreaterThanOrEqual(
      listBox.x,
    );
    expect(box.x + box.width, `${MARKETPLACE_NAMES[marketplace]} ends inside the list`).toBeLessThanOrEqual(
      Math.min(listBox.x + listBox.width, PHONE.width) + 0.5,
    );
  }

  // Still a tab list for the keyboard: arrows move along it and choose.
  await tabs.getByRole('tab', { name: 'eBay' }).focus();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Shopify' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Shopify' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Vinted' })).toHaveAttribute('aria-selected', 'true');
  await attachScreenshot(page, testInfo, 'listing-390-marketplaces');
});

for (const language of ['en', 'de'] as const) {
  test(`the paywall shows Get Started without scrolling on a phone (${language})`, async ({
    page,
    appUrl,
  }, testInfo) => {
    const seller = await createUser(appUrl);
    await fetch(`${appUrl}/api/users/onboarding`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
    });
    await page.addInitScript(
      ([token, chosen]) => {
        if (!window.localStorage.getItem('sa_auth_token'))
          window.localStorage.setItem('sa_auth_token', token);
        window.localStorage.setItem('language', chosen);
      },
      [seller.token, language] as const,
    );
    const texts = {
      en: { seePlans: 'See plans', getStarted: 'Get Started', dialog: 'Choose your plan' },
      de: { seePlans: 'Tarife ansehen', getStarted: 'Jetzt starten', dialog: 'Wähle deinen Tarif' },
    }[language];

    await page.goto('/photo-upload');
    await page.getByRole('button', { name: texts.seePlans }).click();
    const paywall = page.getByRole('dialog', { name: texts.dialog });
    await expect(paywall).toBeVisible();
    // The sheet slides up for 300 ms: measure it where it comes to rest.
    await paywall.evaluate((sheet) =>
      Promise.all(sheet.getAnimations().map((animation) => animation.finished)),
    );

    const getStarted = paywall.getByRole('button', { name: texts.getStarted });
    await expectOnFirstScreen(getStarted, texts.getStarted);
    await expect(paywall.getByRole('tab', { name: /^Pro/, selected: true })).toBeVisible();
    await attachScreenshot(page, testInfo, `paywall-390-${language}`);
  });
}
