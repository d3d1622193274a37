// The "Fill from Snaplist" panel on the Vinted test page (jsdom), answered by the extension's real background,
// which talks to a real Snaplist server: signed out, the seller's listings (tabs, search, "Load more"), a fill
// and its report, errors, and the keyboard.
import { routes } from '@snaplist/contract';
import { seedListingsInDataDir } from '@snaplist/server/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentScriptSender } from '../testing/fake-chrome';
import { MAPPINGS } from './marketplaces';
import { mountPanel, type Panel } from './panel';
import { closeTestPages, openTestPage, received, TEST_PAGES } from './test-pages';
import { setUpSignedInSeller } from './test-seller';

const fixture = setUpSignedInSeller();
const panels: Panel[] = [];

beforeEach(() => {
  fixture().fake.sender = contentScriptSender(3, TEST_PAGES['vinted-sell']);
});

afterEach(() => {
  for (const panel of panels.splice(0)) panel.unmount();
  closeTestPages();
});

/** The Vinted test page with the panel on it, opened; `ui` queries inside the panel's shadow root. */
async function openPanel() {
  const view = openTestPage('vinted-sell');
  panels.push(mountPanel(view.document, MAPPINGS.vinted));
  const root = view.document.querySelector('snaplist-sell-panel')?.shadowRoot;
  if (!root) throw new Error('the panel has no shadow root');
  const ui = <E extends Element = HTMLElement>(selector: string) => {
    const found = root.querySelector<E>(selector);
    if (!found) throw new Error(`nothing matches ${selector}`);
    return found;
  };
  const titles = () => [...root.querySelectorAll('.listing .title')].map((title) => title.textContent);
  ui<HTMLButtonElement>('.launcher').click();
  return { view, root, ui, titles };
}

const waitLong = { timeout: 5000, interval: 20 };

describe('the panel, signed out', () => {
  it('tells the seller where to sign in, and nothing else', async () => {
    fixture().fake.reset();
    const { ui, root } = await openPanel();

    await vi.waitFor(
      () => expect(ui('.body').textContent).toBe("Sign in to Snaplist from the extension's toolbar button."),
      waitLong,
    );
    expect(root.querySelector('.listing')).toBeNull();
  });
});

describe('the panel, signed in', () => {
  it('lists the inventory first, with thumbnails carried by the background as data URLs, and prices', async () => {
    await fixture().createListing({ title: 'Zebra print midi dress', price: 3200 });
    const { ui, titles } = await openPanel();

    await vi.waitFor(() => expect(titles()).toContain('Zebra print midi dress'), waitLong);
    expect(ui('[role="tab"][aria-selected="true"]').textContent).toBe('Inventory');
    const item = [...ui('ul').querySelectorAll('.listing')].find((listing) =>
      listing.textContent?.includes('Zebra print'),
    );
    expect(item?.querySelector('.price')?.textContent).toBe('£32.00');
    // Never the server's address: a marketplace's image policy may refuse it.
    expect(item?.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
  });

  it('switches to Generations, which this seller has none of', async () => {
    const { ui, titles } = await openPanel();
    await vi.waitFor(() => expect(titles().length).toBeGreaterThan(0), waitLong);

    ui<HTMLButtonElement>('#snaplist-tab-generations').click();

    await vi.waitFor(() => expect(ui('[role="status"]').textContent).toBe('No listings here yet.'), waitLong);
    expect(titles()).toEqual([]);
    expect(ui('#snaplist-tab-generations').getAttribute('aria-selected')).toBe('true');
  });

  it('searches the listings as the seller types', async () => {
    await fixture().createListing({ title: 'Quokka embroidered cardigan' });
    const { ui, view, titles } = await openPanel();
    await vi.waitFor(() => expect(titles().length).toBeGreaterThan(0), waitLong);

    const search = ui<HTMLInputElement>('input[type="search"]');
    search.value = 'quokka';
    search.dispatchEvent(new view.Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(titles()).toEqual(['Quokka embroidered cardigan']), waitLong);

    search.value = 'nothing like this';
    search.dispatchEvent(new view.Event('input', { bubbles: true }));
    await vi.waitFor(
      () => expect(ui('[role="status"]').textContent).toBe('No listings match “nothing like this”.'),
      waitLong,
    );
  });

  it('loads more listings until there are no more', async () => {
    await seedListingsInDataDir(
      fixture().server.dataDir,
      fixture().seller.email,
      { count: 25 },
      fixture().server.databaseUrl,
    );
    const { ui, titles } = await openPanel();
    await vi.waitFor(() => expect(titles()).toHaveLength(20), waitLong);

    const more = ui<HTMLButtonElement>('.more');
    while (!more.hidden) {
      const shown = titles().length;
      more.click();
      await vi.waitFor(() => expect(titles().length).toBeGreaterThan(shown), waitLong);
    }
    expect(titles().length).toBeGreaterThan(25);
    expect(new Set(titles()).size).toBe(titles().length);
  });

  it('asks whose the item is when the listing does not say, fills the form and shows the report', async () => {
    await fixture().createListing({ title: 'Bright yellow raincoat', category: 'Outerwear', brand: null });
    const { ui, view, root } = await openPanel();
    await vi.waitFor(() => expect(root.querySelector('.listing')).not.toBeNull(), waitLong);

    const choice = [...root.querySelectorAll<HTMLButtonElement>('.listing')].find((listing) =>
      listing.textContent?.includes('Bright yellow raincoat'),
    );
    choice?.click();

    // Vinted files a raincoat under women's, men's or kids': the seller may leave the category to themselves.
    await vi.waitFor(() => expect(root.querySelector('.department')).not.toBeNull(), waitLong);
    expect(root.activeElement?.textContent).toBe('Who is this item for?');
    [...root.querySelectorAll<HTMLButtonElement>('.department button')]
      .find((button) => button.textContent === 'I’ll choose the category myself')
      ?.click();

    await vi.waitFor(() => expect(root.querySelector('.report')).not.toBeNull(), {
      ...waitLong,
      timeout: 15_000,
    });
    const report = ui('.report');
    expect(report.getAttribute('role')).toBe('status');
    expect(received(view).title).toBe('Bright yellow raincoat');
    expect([...report.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual([
      'Filled',
      'Fill by hand',
    ]);
    expect(report.textContent).toContain('photos, title, description, price');
    expect(report.textContent).toContain(
      'Category: the listing does not say whether the item is women’s, men’s or kids’; choose it by hand.',
    );
    expect(report.textContent).toContain(
      'Brand: Vinted shows this field once a category is chosen; choose the category, then fill it by hand.',
    );
    expect(report.querySelector('.review')?.textContent).toBe(
      "Review the form, then press Vinted's own button to post it. Snaplist saves the new listing's link when it's posted.",
    );
    expect(root.activeElement).toBe(report);
  }, 20_000);

  it('shows the background’s error, translated, when the listing is gone', async () => {
    const listing = await fixture().createListing({ title: 'Soon deleted teapot' });
    const { root } = await openPanel();
    await vi.waitFor(() => expect(root.querySelector('.listing')).not.toBeNull(), waitLong);
    await fixture().server.call(routes.deleteListing, {
      token: fixture().seller.token,
      params: { id: listing.listingId },
    });

    [...root.querySelectorAll<HTMLButtonElement>('.listing')]
      .find((item) => item.textContent?.includes('Soon deleted teapot'))
      ?.click();

    await vi.waitFor(
      () =>
        expect(root.querySelector('[role="alert"]')?.textContent).toBe(
          'This listing is no longer in your Snaplist; it may have been deleted.',
        ),
      waitLong,
    );
  });
});

describe('the panel with the keyboard', () => {
  it('opens on its labelled button, moves between tabs with the arrows and closes with Escape', async () => {
    const { ui, view, root } = await openPanel();
    const launcher = ui<HTMLButtonElement>('.launcher');
    const panel = ui('[role="dialog"]');
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(view.document.getElementById(panel.getAttribute('aria-labelledby') ?? '')).toBeNull();
    expect(root.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Fill from Snaplist',
    );
    expect(root.activeElement).toBe(ui('.close'));
    await vi.waitFor(() => expect(root.querySelector('[role="tab"]')).not.toBeNull(), waitLong);

    const inventory = ui('#snaplist-tab-inventory');
    inventory.dispatchEvent(new view.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(root.activeElement).toBe(ui('#snaplist-tab-generations'));
    expect(ui('#snaplist-tab-generations').getAttribute('aria-selected')).toBe('true');
    expect(inventory.tabIndex).toBe(-1);

    ui('#snaplist-search').dispatchEvent(new view.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel.hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(root.activeElement).toBe(launcher);
  });
});
