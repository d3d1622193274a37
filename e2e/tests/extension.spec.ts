// The browser extension (decisions 037 to 039), built and loaded unpacked in Chromium: a seller signs in from
// its popup, fills Vinted's, Depop's and Poshmark's sell forms from one Snaplist listing, posts each with the
// marketplace's own button, and finds the three links on the listing in Snaplist. The marketplaces' pages are
// the local reproductions in apps/extension/test-pages, served at the marketplaces' own addresses.

import type { BrowserContext, Page } from '@playwright/test';
import type { ExtensionMarketplace, Listing } from '@snaplist/contract';
import { AUTH_TOKEN_STORAGE_KEY } from '@snaplist/contract';
import { createInventoryListing, type TestUser } from '@snaplist/server/testing';
import { expect, serveMarketplacePage, test, testPage } from '../extension';
import { createOnboardedSeller, shotPath } from '../fixtures';

const BASE_URL = 'http://127.0.0.1:3100';

interface Site {
  name: string;
  sellForm: string;
  /** The marketplace's own button that posts the form. */
  postButton: string;
  /** Where the test page goes after posting, for a listing titled "Levi's 501 blue denim jeans". */
  postedUrl: string;
}

const SITES: Record<ExtensionMarketplace, Site> = {
  vinted: {
    name: 'Vinted',
    sellForm: 'https://www.vinted.co.uk/items/new',
    postButton: '[data-testid="upload-form-save-button"]',
    postedUrl: 'https://www.vinted.co.uk/items/4242424242-levi-s-501-blue-denim-jeans',
  },
  depop: {
    name: 'Depop',
    sellForm: 'https://www.depop.com/products/create/',
    postButton: '[data-testid="post-button"]',
    postedUrl: 'https://www.depop.com/products/snaplistseller-levi-s-501-blue-denim-jeans',
  },
  poshmark: {
    name: 'Poshmark',
    sellForm: 'https://poshmark.com/create-listing',
    postButton: '[data-et-name="list"]',
    postedUrl: 'https://poshmark.com/listing/Levi-s-501-blue-denim-jeans-64a1f0c2b3d4e5f6a7b8c9d0',
  },
};

/** Every page of the three marketplaces: the sell form, and any other address an item page. */
async function serveMarketplaces(context: BrowserContext): Promise<void> {
  for (const marketplace of ['vinted', 'depop', 'poshmark'] as const) {
    const site = new URL(SITES[marketplace].sellForm);
    const sellPath = site.pathname.replace(/\/$/, '');
    await serveMarketplacePage(context, `${site.origin}/**`, (url) =>
      testPage(url.pathname.replace(/\/$/, '') === sellPath ? `${marketplace}-sell.html` : 'item.html'),
    );
  }
}

async function signInToExtension(page: Page, extensionId: string, seller: TestUser, words: Words) {
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  await page.getByLabel(words.address).fill(BASE_URL);
  await page.getByLabel(words.email, { exact: true }).fill(seller.email);
  await page.getByLabel(words.password, { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page.getByText(words.signedInAs(seller.email))).toBeVisible();
}

/** What the marketplace's form received, as its page shows it. */
async function received(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator('#received').textContent()) ?? '{}') as Record<string, unknown>;
}

async function fillFromSnaplist(page: Page, listing: Listing, words: Words): Promise<void> {
  const panel = page.locator('snaplist-sell-panel');
  await panel.getByRole('button', { name: words.fillFromSnaplist }).click();
  await panel.getByRole('button', { name: listing.title }).click();
  await expect(panel.getByRole('heading', { name: words.filled })).toBeVisible({ timeout: 15_000 });
}

async function openAsSeller(page: Page, seller: TestUser, path: string): Promise<void> {
  await page.addInitScript(
    ([key, token]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, token);
    },
    [AUTH_TOKEN_STORAGE_KEY, seller.token] as const,
  );
  await page.goto(`${BASE_URL}${path}`);
}

interface Words {
  address: string;
  email: string;
  password: string;
  signIn: string;
  signedInAs: (email: string) => string;
  fillFromSnaplist: string;
  filled: string;
  recorded: (marketplace: string) => string;
}

const ENGLISH: Words = {
  address: 'Snaplist address',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  signedInAs: (email) => `Signed in as ${email}`,
  fillFromSnaplist: 'Fill from Snaplist',
  filled: 'Filled',
  recorded: (marketplace) => `Saved to Snaplist: listed on ${marketplace}.`,
};

test.describe('the extension in English', () => {
  let seller: TestUser;
  let listing: Listing;

  test.beforeEach(async () => {
    seller = await createOnboardedSeller(BASE_URL);
    listing = await createInventoryListing(BASE_URL, seller, { title: "Levi's 501 blue denim jeans" });
  });

  test('fills Vinted, Depop and Poshmark from one listing, and Snaplist shows the three links', async ({
    context,
    extensionId,
  }) => {
    // Three sell forms, each filled and posted: about 20 s alone, more beside the background-removal journey.
    test.setTimeout(60_000);
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, ENGLISH);
    await page.screenshot({ path: shotPath('extension-popup-signed-in') });

    for (const marketplace of ['vinted', 'depop', 'poshmark'] as const) {
      const site = SITES[marketplace];
      await page.goto(site.sellForm);
      await fillFromSnaplist(page, listing, ENGLISH);
      const form = await received(page);
      expect(form.photos).toEqual([expect.objectContaining({ name: 'snaplist-1.jpg', type: 'image/jpeg' })]);
      expect(JSON.stringify(form)).toContain("Levi's");
      if (marketplace === 'vinted') {
        await page.screenshot({ path: shotPath('extension-vinted-filled') });
        expect(form).toMatchObject({ title: "Levi's 501 blue denim jeans", price: '24.50' });
      }

      await page.locator(site.postButton).click();
      await expect(page).toHaveURL(new RegExp(`^${site.postedUrl.replace(/[.?]/g, '\\$&')}`));
      await expect(page.locator('snaplist-toast p')).toHaveText(ENGLISH.recorded(site.name));
    }

    const snaplist = await context.newPage();
    await openAsSeller(snaplist, seller, `/dashboard/listings/${listing.listingId}`);
    for (const marketplace of ['vinted', 'depop', 'poshmark'] as const) {
      await expect(snaplist.getByRole('link', { name: SITES[marketplace].name })).toHaveAttribute(
        'href',
        SITES[marketplace].postedUrl,
      );
    }
    await snaplist.screenshot({ path: shotPath('extension-listing-links'), fullPage: true });

    await snaplist.goto(`${BASE_URL}/dashboard`);
    const extensions = snaplist.getByRole('region', { name: 'Browser extensions' });
    await expect(extensions).toContainText('Snaplist extension 0.1.0');
    await expect(extensions).toContainText(`Signed in as ${seller.email}`);
    await extensions.screenshot({ path: shotPath('extension-dashboard-section') });
  });

  test('names a field the sell form no longer has, and fills the rest', async ({ context, extensionId }) => {
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, ENGLISH);

    await page.goto(`${SITES.vinted.sellForm}?without=brand`);
    await fillFromSnaplist(page, listing, ENGLISH);

    const panel = page.locator('snaplist-sell-panel');
    await expect(panel.getByText("Vinted's brand field was not found; fill it by hand.")).toBeVisible();
    expect(await received(page)).toMatchObject({ title: "Levi's 501 blue denim jeans" });
    await page.screenshot({ path: shotPath('extension-vinted-field-missing') });
  });

  test('a sale the seller’s browser shows on Vinted is counted, and the Depop copy is left to end by hand', async ({
    context,
    extensionId,
  }) => {
    const sold = await createInventoryListing(BASE_URL, seller, {
      title: 'Tweed wool blazer',
      listedOn: {
        vinted: { url: 'https://www.vinted.co.uk/items/5151515151-tweed-wool-blazer' },
        depop: { url: 'https://www.depop.com/products/snaplistseller-tweed-wool-blazer' },
      },
    });
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, ENGLISH);

    await page.goto('https://www.vinted.co.uk/items/5151515151-tweed-wool-blazer?sold=1');
    await expect(page.locator('snaplist-toast p')).toHaveText(
      "Snaplist counted this sale and ends the item's other listings.",
    );

    await page.goto('https://www.depop.com/products/snaplistseller-tweed-wool-blazer/');
    await expect(page.locator('snaplist-toast p')).toHaveText(
      'This item sold out elsewhere: end this listing on Depop.',
    );

    const snaplist = await context.newPage();
    await openAsSeller(snaplist, seller, '/dashboard');
    const recent = snaplist.getByRole('region', { name: 'Recent activity' });
    await expect(recent).toContainText('Sold on Vinted');
    await expect(recent).toContainText('Sold out: end it on Depop yourself');
    const answer = await fetch(`${BASE_URL}/api/listings/${sold.listingId}`, {
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(await answer.json()).toMatchObject({ quantity: 0, stockStatus: 'ooStock' });
  });
});

const GERMAN: Words = {
  address: 'Snaplist-Adresse',
  email: 'E-Mail',
  password: 'Passwort',
  signIn: 'Anmelden',
  signedInAs: (email) => `Angemeldet als ${email}`,
  fillFromSnaplist: 'Aus Snaplist ausfüllen',
  filled: 'Ausgefüllt',
  recorded: (marketplace) => `In Snaplist gespeichert: auf ${marketplace} eingestellt.`,
};

test.describe('the extension in German', () => {
  test.use({ browserLanguage: 'de-DE' });

  test('signs in, fills Vinted and saves the link, in the browser’s language', async ({
    context,
    extensionId,
  }) => {
    const seller = await createOnboardedSeller(BASE_URL);
    const listing = await createInventoryListing(BASE_URL, seller, { title: "Levi's 501 blue denim jeans" });
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, GERMAN);

    await page.goto(SITES.vinted.sellForm);
    await fillFromSnaplist(page, listing, GERMAN);
    await page.screenshot({ path: shotPath('extension-vinted-filled-de') });
    await page.locator(SITES.vinted.postButton).click();
    await expect(page.locator('snaplist-toast p')).toHaveText(GERMAN.recorded('Vinted'));
  });
});
