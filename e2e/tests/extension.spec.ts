// The browser extension (decisions 037 to 039, 060), built and loaded unpacked in Chromium: a seller signs in from
// its popup, fills Vinted's, Depop's and Poshmark's sell forms from one Snaplist listing, posts each with the
// marketplace's own button, and finds the three links on the listing in Snaplist. The marketplaces' pages are the
// stand-ins in apps/extension/test-pages, built from the evidence of the real pages (../shared/marketplace-forms),
// served at the marketplaces' own addresses: the sell form, the page each lands on after posting, item pages.

import type { BrowserContext, Page } from '@playwright/test';
import type { ExtensionMarketplace, Listing, ListingInput } from '@snaplist/contract';
import { AUTH_TOKEN_STORAGE_KEY } from '@snaplist/contract';
import { createInventoryListing, type TestUser } from '@snaplist/server/testing';
import { expect, serveMarketplacePage, test, testPage } from '../extension';
import { createOnboardedSeller, shotPath } from '../fixtures';

const BASE_URL = 'http://127.0.0.1:3100';

/** Which stand-in answers which address of each marketplace's site. */
const PAGES: Record<ExtensionMarketplace, { origins: string[]; page: (path: string) => string }> = {
  vinted: {
    origins: ['https://www.vinted.com', 'https://www.vinted.fr'],
    page: (path) =>
      /^\/items\/new\/?$/.test(path)
        ? 'vinted-sell'
        : path.startsWith('/member/')
          ? 'vinted-member'
          : 'vinted-item',
  },
  depop: {
    origins: ['https://www.depop.com'],
    // One stand-in for a listing's public page and its /manage/ view.
    page: (path) => (/^\/products\/create\/?$/.test(path) ? 'depop-sell' : 'depop-product'),
  },
  poshmark: {
    origins: ['https://poshmark.com'],
    page: (path) =>
      path.startsWith('/create-listing')
        ? 'poshmark-sell'
        : path.startsWith('/closet/')
          ? 'poshmark-closet'
          : 'poshmark-item',
  },
};

async function serveMarketplaces(context: BrowserContext): Promise<void> {
  for (const { origins, page } of Object.values(PAGES)) {
    for (const origin of origins) {
      await serveMarketplacePage(context, `${origin}/**`, (url) => testPage(`${page(url.pathname)}.html`));
    }
  }
}

interface Site {
  name: string;
  sellForm: string;
  /** Presses the form's own post button(s), as the seller does. */
  post: (page: Page) => Promise<void>;
  /** The page the marketplace lands on after posting. */
  landing: RegExp;
  /** The new item's address, as Snaplist saves it, from what the stand-in left in the tab. */
  newItem: (page: Page) => Promise<string>;
}

const storedJson = (page: Page, key: string) =>
  page.evaluate((name) => JSON.parse(window.sessionStorage.getItem(name) ?? 'null'), key);

const SITES: Record<ExtensionMarketplace, Site> = {
  vinted: {
    name: 'Vinted',
    sellForm: 'https://www.vinted.com/items/new?delay=300',
    post: (page) => page.locator('[data-testid="upload-form-save-button"]').click(),
    landing: /^https:\/\/www\.vinted\.com\/member\/\d+\?promo_shown=true$/,
    newItem: async (page) =>
      `https://www.vinted.com/items/${(await storedJson(page, 'vinted-standin:uploaded')).id}`,
  },
  depop: {
    name: 'Depop',
    sellForm: 'https://www.depop.com/products/create/?delay=300',
    post: (page) => page.getByRole('button', { name: 'Post', exact: true }).click(),
    landing: /^https:\/\/www\.depop\.com\/products\/[^/]+\/manage\/$/,
    newItem: async (page) =>
      `https://www.depop.com/products/${(await storedJson(page, 'depop-standin:listing')).slug}`,
  },
  poshmark: {
    name: 'Poshmark',
    sellForm: 'https://poshmark.com/create-listing?delay=300',
    post: async (page) => {
      await page.locator('button[data-et-name="next"]').click();
      await page.locator('button[data-et-name="list"]').click();
    },
    landing: /^https:\/\/poshmark\.com\/closet\/[^/?]+/,
    newItem: async (page) => {
      const listings = (await storedJson(page, 'poshmark-standin:listings')) as {
        id: string;
        slug: string;
      }[];
      const newest = listings.at(-1);
      return `https://poshmark.com/listing/${newest?.slug}-${newest?.id}`;
    },
  },
};

async function signInToExtension(page: Page, extensionId: string, seller: TestUser, words: Words) {
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  await page.getByLabel(words.address).fill(BASE_URL);
  await page.getByLabel(words.email, { exact: true }).fill(seller.email);
  await page.getByLabel(words.password, { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page.getByText(words.signedInAs(seller.email))).toBeVisible();
}

/** What the marketplace's form would submit, as its page shows it. */
async function received(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator('#received').textContent()) ?? '{}') as Record<string, unknown>;
}

async function fillFromSnaplist(page: Page, listing: Listing, words: Words): Promise<void> {
  const panel = page.locator('snaplist-sell-panel');
  await panel.getByRole('button', { name: words.fillFromSnaplist }).click();
  await panel.getByRole('button', { name: listing.title }).click();
  await expect(panel.getByRole('heading', { name: words.filled })).toBeVisible({ timeout: 30_000 });
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
  fillByHand: string;
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
  fillByHand: 'Fill by hand',
  recorded: (marketplace) => `Saved to Snaplist: listed on ${marketplace}.`,
};

const DRESS: Partial<ListingInput> = {
  title: 'Zara floral midi dress',
  description: 'Floral midi dress with a tie waist, worn twice.',
  category: 'Dresses',
  brand: 'Zara',
  size: 'M',
  colours: ['Black', 'White'],
  condition: 'Very good',
  price: 4500,
  currency: 'USD',
  tags: ['dress', 'floral'],
};

test.describe('the extension in English', () => {
  let seller: TestUser;
  let listing: Listing;

  test.beforeEach(async () => {
    seller = await createOnboardedSeller(BASE_URL);
    listing = await createInventoryListing(BASE_URL, seller, DRESS);
  });

  test('fills every field of Vinted, Depop and Poshmark, posts each, and Snaplist shows the three links', async ({
    context,
    extensionId,
  }) => {
    // Three sell forms, each filled (a marketplace's answers take a moment) and posted.
    test.setTimeout(120_000);
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, ENGLISH);
    await page.screenshot({ path: shotPath('extension-popup-signed-in') });

    const links: Partial<Record<ExtensionMarketplace, string>> = {};
    for (const marketplace of ['vinted', 'depop', 'poshmark'] as const) {
      const site = SITES[marketplace];
      await page.goto(site.sellForm);
      await fillFromSnaplist(page, listing, ENGLISH);
      const panel = page.locator('snaplist-sell-panel');
      await expect(panel.getByRole('heading', { name: ENGLISH.fillByHand })).toHaveCount(0);
      await page.screenshot({ path: shotPath(`extension-${marketplace}-filled`), fullPage: true });
      const form = await received(page);
      expect(form).toMatchObject({
        photos: [{ type: 'image/jpeg' }],
        brand: 'Zara',
        size: 'M',
        colours: ['Black', 'White'],
      });
      expect(form.category).toMatchObject({ path: expect.arrayContaining([expect.stringMatching(/^Midi/)]) });

      await site.post(page);
      await expect(page).toHaveURL(site.landing);
      await expect(page.locator('snaplist-toast p')).toHaveText(ENGLISH.recorded(site.name), {
        timeout: 15_000,
      });
      await page.screenshot({ path: shotPath(`extension-${marketplace}-posted`) });
      links[marketplace] = await site.newItem(page);
    }

    const snaplist = await context.newPage();
    await openAsSeller(snaplist, seller, `/dashboard/listings/${listing.listingId}`);
    for (const marketplace of ['vinted', 'depop', 'poshmark'] as const) {
      await expect(snaplist.getByRole('link', { name: SITES[marketplace].name })).toHaveAttribute(
        'href',
        links[marketplace] ?? '',
      );
    }
    await snaplist.screenshot({ path: shotPath('extension-listing-links'), fullPage: true });

    await snaplist.goto(`${BASE_URL}/dashboard`);
    const extensions = snaplist.getByRole('region', { name: 'Browser extensions' });
    await expect(extensions).toContainText('Snaplist extension 0.1.0');
    await expect(extensions).toContainText(`Signed in as ${seller.email}`);
  });

  test('on a redesigned form, finds a renamed field by its label and names the one that is gone', async ({
    context,
    extensionId,
  }) => {
    test.setTimeout(60_000);
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, ENGLISH);

    await page.goto('https://www.vinted.com/items/new?delay=300&renamed=brand&without=size');
    await fillFromSnaplist(page, listing, ENGLISH);

    const panel = page.locator('snaplist-sell-panel');
    await expect(panel.getByText("Vinted's size field was not found; fill it by hand.")).toBeVisible();
    expect(await received(page)).toMatchObject({
      title: 'Zara floral midi dress',
      brand: 'Zara',
      size: null,
    });
    await page.screenshot({ path: shotPath('extension-vinted-field-missing') });
  });

  test('asks whose the item is when the listing does not say, then files it there', async ({
    context,
    extensionId,
  }) => {
    test.setTimeout(60_000);
    const jeans = await createInventoryListing(BASE_URL, seller, {
      ...DRESS,
      title: "Levi's 501 jeans",
      description: 'Straight leg, button fly.',
      category: 'Bottoms',
      tags: ['denim'],
      size: 'W32',
      colours: ['Blue'],
    });
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, ENGLISH);

    await page.goto(SITES.vinted.sellForm);
    const panel = page.locator('snaplist-sell-panel');
    await panel.getByRole('button', { name: ENGLISH.fillFromSnaplist }).click();
    await panel.getByRole('button', { name: jeans.title }).click();
    await expect(panel.getByRole('group', { name: 'Who is this item for?' })).toBeVisible();
    await page.screenshot({ path: shotPath('extension-department-question') });
    await panel.getByRole('button', { name: 'Men', exact: true }).click();
    await expect(panel.getByRole('heading', { name: ENGLISH.filled })).toBeVisible({ timeout: 30_000 });
    expect(await received(page)).toMatchObject({
      category: { path: ['Men', 'Clothing', 'Jeans', 'Straight jeans'] },
      size: 'W32',
    });
  });

  test('a sale the seller’s browser shows on Vinted is counted, and the Depop copy is left to end by hand', async ({
    context,
    extensionId,
  }) => {
    const sold = await createInventoryListing(BASE_URL, seller, {
      title: 'Tweed wool blazer',
      listedOn: {
        vinted: { url: 'https://www.vinted.com/items/5151515151' },
        depop: { url: 'https://www.depop.com/products/snaplistseller-tweed-wool-blazer' },
      },
    });
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, ENGLISH);

    await page.goto('https://www.vinted.com/items/5151515151-tweed-wool-blazer?sold=1');
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
  fillByHand: 'Von Hand ausfüllen',
  recorded: (marketplace) => `In Snaplist gespeichert: auf ${marketplace} eingestellt.`,
};

test.describe('the extension in German, on the French Vinted', () => {
  test.use({ browserLanguage: 'de-DE' });

  test('fills every field of the French form, posts it and saves the link, in the browser’s language', async ({
    context,
    extensionId,
  }) => {
    test.setTimeout(60_000);
    const seller = await createOnboardedSeller(BASE_URL);
    const listing = await createInventoryListing(BASE_URL, seller, { ...DRESS, currency: 'EUR' });
    await serveMarketplaces(context);
    const page = await context.newPage();
    await signInToExtension(page, extensionId, seller, GERMAN);

    await page.goto('https://www.vinted.fr/items/new?delay=300');
    await fillFromSnaplist(page, listing, GERMAN);
    await expect(
      page.locator('snaplist-sell-panel').getByRole('heading', { name: GERMAN.fillByHand }),
    ).toHaveCount(0);
    expect(await received(page)).toMatchObject({
      category: { path: ['Femmes', 'Vêtements', 'Robes', 'Robes midi'] },
      condition: { title: 'Très bon état' },
      colours: ['Noir', 'Blanc'],
      price: '45,00 €',
    });
    await page.screenshot({ path: shotPath('extension-vinted-fr-filled-de'), fullPage: true });
    await page.locator('[data-testid="upload-form-save-button"]').click();
    await expect(page.locator('snaplist-toast p')).toHaveText(GERMAN.recorded('Vinted'), { timeout: 15_000 });
  });
});
