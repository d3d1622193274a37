// @vitest-environment jsdom
// Publishing from the editor's step 2 and from the inventory's selection, with the pages composed as
// the route table composes them: the editor and the listings page given crosslisting's slots (decision 035).
import type { Listing, ListingSummary, Publication, PublicationsResponse } from '@snaplist/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLICATION_POLL_MS } from '@/features/crosslisting/api/listing-publications';
import { forgetBulkRun } from '@/features/crosslisting/bulk-publish-run';
import { EditorPublishing } from '@/features/crosslisting/components/editor-publishing';
import { InventoryPublishing } from '@/features/crosslisting/components/inventory-publishing';
import { createConnectedEbay, createConnection, createPublication } from '@/features/crosslisting/test-data';
import { ListingEditorPage } from '@/features/listing-editor/components/listing-editor-page';
import { ListingsPage } from '@/features/listings/components/listings-page';
import { type ApiHandlers, apiError, stubApi } from '@/testing/api-stub';
import { signIn } from '@/testing/auth';
import { deferred } from '@/testing/deferred';
import { createGeneratedListing, createListingSummary } from '@/testing/factories';
import { renderRoutes, setUpPageTests, stubResizeObserver } from '@/testing/render-page';

setUpPageTests();

beforeEach(() => {
  stubResizeObserver();
  signIn();
});

afterEach(() => {
  forgetBulkRun();
  vi.useRealTimers();
});

/** eBay connected with its settings chosen, Etsy set up on this server but not connected, Shopify not set up. */
const connections = {
  connections: [
    createConnectedEbay(),
    createConnection('etsy'),
    createConnection('shopify', { available: false }),
  ],
};

function published(publications: Publication[] = []): PublicationsResponse {
  return { publications, activity: [] };
}

function ListingPageStandIn() {
  return <p>listing page {useLocation().pathname}</p>;
}

describe('the editor’s step 2', () => {
  const savedListing = (overrides: Partial<Listing> = {}) =>
    createGeneratedListing({ listingId: 'new-1', source: 'inventory', price: 1500, ...overrides });

  function openEditor(handlers: ApiHandlers) {
    const api = stubApi({
      marketplaceConnections: connections,
      getListing: ({ params }) => (params.id === 'new-1' ? savedListing() : createGeneratedListing()),
      ...handlers,
    });
    const { router } = renderRoutes(
      [
        {
          path: '/dashboard/listings/create',
          element: <ListingEditorPage Publishing={EditorPublishing} />,
        },
        { path: '/dashboard/listings/:itemId', element: <ListingPageStandIn /> },
        { path: '/dashboard/listings', element: <p>inventory page</p> },
        { path: '/dashboard/settings', element: <p>settings page</p> },
      ],
      '/dashboard/listings/create?sourceId=listing-1',
    );
    return { api, router };
  }

  async function goToStepTwo() {
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));
    await screen.findByRole('heading', { name: 'Marketplace Details' });
    return user;
  }

  function card(name: string): HTMLElement {
    const item = screen.getByRole('switch', { name }).closest('li');
    if (!item) throw new Error(`no card for ${name}`);
    return item;
  }

  it('offers “Publish with Snaplist” where the account is connected, then saves, publishes and opens the listing', async () => {
    const { api, router } = openEditor({
      createListing: () => Response.json(savedListing(), { status: 201 }),
      publishListing: published([createPublication('ebay')]),
    });
    const user = await goToStepTwo();

    await user.click(await screen.findByRole('switch', { name: 'eBay' }));
    const publish = within(card('eBay')).getByRole('checkbox', { name: 'Publish with Snaplist' });
    expect(publish.getAttribute('aria-checked')).toBe('true');
    // Published by Snaplist: no copy and paste on offer meanwhile.
    expect(within(card('eBay')).queryByRole('button', { name: 'List on eBay' })).toBeNull();
    expect(screen.getByText('Saving publishes this listing to eBay.')).toBeTruthy();

    // Etsy is set up here but not connected: today's copy and paste, and the way to connect it.
    await user.click(screen.getByRole('switch', { name: 'Etsy' }));
    expect(within(card('Etsy')).queryByRole('checkbox', { name: 'Publish with Snaplist' })).toBeNull();
    expect(within(card('Etsy')).getByRole('button', { name: 'List on Etsy' })).toBeTruthy();
    expect(
      within(card('Etsy'))
        .getByRole('link', { name: 'Connect Etsy in Settings to publish from Snaplist' })
        .getAttribute('href'),
    ).toBe('/dashboard/settings');
    // Shopify is not set up on this server: nothing to connect.
    await user.click(screen.getByRole('switch', { name: 'Shopify' }));
    expect(within(card('Shopify')).queryByRole('link')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));

    expect(await screen.findByText('listing page /dashboard/listings/new-1')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings/new-1');
    expect(api.requestsTo('createListing')[0]?.body.listedOn).toEqual({});
    expect(api.requestsTo('publishListing').map(({ params, body }) => [params.id, body])).toEqual([
      ['new-1', { marketplaces: ['ebay'] }],
    ]);
    expect(await screen.findByText('Listing saved. Publishing it now…')).toBeTruthy();
  });

  it('unticked, it keeps the copy and paste and publishes nothing', async () => {
    const { api } = openEditor({ createListing: () => Response.json(savedListing(), { status: 201 }) });
    const user = await goToStepTwo();

    await user.click(await screen.findByRole('switch', { name: 'eBay' }));
    await user.click(within(card('eBay')).getByRole('checkbox', { name: 'Publish with Snaplist' }));
    expect(within(card('eBay')).getByRole('button', { name: 'List on eBay' })).toBeTruthy();
    expect(screen.queryByText(/Saving publishes/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));

    expect(await screen.findByText('inventory page')).toBeTruthy();
    expect(api.requestsTo('publishListing')).toEqual([]);
  });

  it('after a 422, stays on step 2 with each missing detail under its marketplace, and tries again on the saved listing', async () => {
    const refusals = [
      apiError(422, {
        code: 'listing_incomplete',
        message: 'Incomplete',
        details: [
          {
            field: 'ebay.settings.fulfillmentPolicyId',
            code: 'marketplace_setting_required',
            message: 'Choose this in Settings',
          },
          {
            field: 'ebay.title',
            code: 'marketplace_title_too_long',
            message: 'Too long',
            params: { max: 80 },
          },
        ],
      }),
    ];
    const { api, router } = openEditor({
      createListing: () => Response.json(savedListing(), { status: 201 }),
      updateListing: savedListing(),
      listingPublications: published(),
      publishListing: () => refusals.shift() ?? published([createPublication('ebay')]),
    });
    const user = await goToStepTwo();
    await user.click(await screen.findByRole('switch', { name: 'eBay' }));

    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Listing' })).toBeTruthy();
    expect(router.state.location.search).toBe('?sourceId=new-1&editing=yes');
    expect(screen.getByRole('heading', { name: 'Marketplace Details' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your listing is saved, but it was not published: a marketplace needs more details, shown under it below.',
    );
    const ebay = card('eBay');
    expect(
      within(ebay).getByText('Choose “Shipping policy” in Settings, under eBay, before publishing.'),
    ).toBeTruthy();
    expect(within(ebay).getByText('Keep the title to 80 characters for this marketplace.')).toBeTruthy();
    // The choice survived the save.
    expect(
      within(ebay).getByRole('checkbox', { name: 'Publish with Snaplist' }).getAttribute('aria-checked'),
    ).toBe('true');

    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));

    expect(await screen.findByText('listing page /dashboard/listings/new-1')).toBeTruthy();
    // Created once, then updated: the second try publishes the listing already saved.
    expect(api.requestsTo('createListing')).toHaveLength(1);
    expect(api.requestsTo('updateListing')[0]?.params).toEqual({ id: 'new-1' });
    expect(api.requestsTo('publishListing')).toHaveLength(2);
  });

  it('says why nothing was published when the request itself failed, and keeps the listing saved', async () => {
    const { api } = openEditor({
      createListing: () => Response.json(savedListing(), { status: 201 }),
      listingPublications: published(),
      publishListing: () =>
        apiError(409, {
          code: 'validation_failed',
          message: 'Already published',
          details: [{ field: 'ebay', code: 'already_published', message: 'Already live there' }],
        }),
    });
    const user = await goToStepTwo();
    await user.click(await screen.findByRole('switch', { name: 'eBay' }));
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your listing is saved, but it was not published: This listing is already live there.',
    );
    expect(api.requestsTo('createListing')).toHaveLength(1);
  });

  it('shows an edited listing’s copy on each marketplace, and does not offer to publish where it is live', async () => {
    stubApi({
      marketplaceConnections: connections,
      getListing: savedListing({ listingId: 'inv-1' }),
      listingPublications: published([
        createPublication('ebay', { status: 'live', url: 'https://www.ebay.co.uk/itm/110012345678' }),
      ]),
    });
    renderRoutes(
      [{ path: '/dashboard/listings/create', element: <ListingEditorPage Publishing={EditorPublishing} /> }],
      '/dashboard/listings/create?sourceId=inv-1&editing=yes',
    );
    const user = await goToStepTwo();

    const ebay = card('eBay');
    expect(await within(ebay).findByText('Live')).toBeTruthy();
    expect(
      within(ebay)
        .getByRole('link', { name: /View on eBay/ })
        .getAttribute('href'),
    ).toBe('https://www.ebay.co.uk/itm/110012345678');
    await user.click(screen.getByRole('switch', { name: 'eBay' }));
    expect(within(ebay).queryByRole('checkbox', { name: 'Publish with Snaplist' })).toBeNull();
  });
});

describe('the inventory’s bulk publish', () => {
  const inventory: ListingSummary[] = [
    createListingSummary({ listingId: 'l-1', source: 'inventory', title: 'Levi’s 501 jeans', price: 2500 }),
    createListingSummary({ listingId: 'l-2', source: 'inventory', title: 'Barbour wax jacket', price: null }),
    createListingSummary({
      listingId: 'l-3',
      source: 'inventory',
      title: 'Dr. Martens 1460 boots',
      price: 6000,
      quantity: 0,
      stockStatus: 'ooStock',
    }),
  ];

  /** The server's publications, which the test moves on as the jobs would. */
  let server: Map<string, Publication[]>;

  function openInventory(handlers: ApiHandlers = {}) {
    const api = stubApi({
      listListings: { data: inventory, cursor: null, done: true },
      marketplaceConnections: {
        connections: [
          createConnectedEbay(),
          createConnection('etsy', { connected: true, accountName: 'MayaVintageShop' }),
          createConnection('shopify'),
        ],
      },
      publicationsByListing: ({ body }) => ({
        listings: body.listingIds.map((listingId) => ({
          listingId,
          publications: server.get(listingId) ?? [],
        })),
      }),
      activity: { activity: [] },
      ...handlers,
    });
    renderRoutes(
      [
        { path: '/dashboard/listings', element: <ListingsPage Publishing={InventoryPublishing} /> },
        { path: '/dashboard/listings/:itemId', element: <ListingPageStandIn /> },
      ],
      '/dashboard/listings?tab=inventory',
    );
    return api;
  }

  function row(title: string): HTMLElement {
    const found = screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr');
    if (!found) throw new Error(`no row for ${title}`);
    return found;
  }

  function result(title: string): HTMLElement {
    const found = within(screen.getByRole('dialog')).getByRole('link', { name: title }).closest('li');
    if (!found) throw new Error(`no result for ${title}`);
    return found;
  }

  beforeEach(() => {
    server = new Map();
  });

  it('publishes the selected listings, with a progress bar and each listing’s result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = openInventory({
      publishListing: ({ params, body }) => {
        if (params.id === 'l-2') {
          return apiError(422, {
            code: 'listing_incomplete',
            message: 'Incomplete',
            details: [{ field: 'ebay.price', code: 'price_required_to_publish', message: 'Set a price' }],
          });
        }
        const queued = body.marketplaces.map((marketplace) => createPublication(marketplace));
        server.set(params.id ?? '', queued);
        return published(queued);
      },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Select all listings' }));
    await user.click(screen.getByRole('button', { name: 'Publish selected (3)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish 3 listings' });
    expect(within(dialog).getByRole('checkbox', { name: 'eBay' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('checkbox', { name: 'Etsy' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('link', { name: 'Connect Shopify in Settings' })).toBeTruthy();
    expect(within(dialog).getByText('1 of them is out of stock and will not be sent.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish 3 listings' }));

    const progress = await screen.findByRole('progressbar');
    // Refused (l-2) and not sent (l-3, out of stock) are settled; l-1 is queued on both.
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('2'));
    expect(progress.getAttribute('aria-valuemax')).toBe('3');
    expect(progress.getAttribute('aria-valuetext')).toBe('Done: 2 of 3');
    expect(within(result('Levi’s 501 jeans')).getAllByText('Queued')).toHaveLength(2);
    expect(within(result('Barbour wax jacket')).getByText('Set a price before publishing.')).toBeTruthy();
    expect(
      within(result('Barbour wax jacket'))
        .getByRole('link', { name: 'Edit the listing' })
        .getAttribute('href'),
    ).toBe('/dashboard/listings/create?sourceId=l-2&editing=yes');
    expect(within(result('Dr. Martens 1460 boots')).getByText('Not sent: out of stock.')).toBeTruthy();
    expect(api.requestsTo('publishListing').map(({ params, body }) => [params.id, body])).toEqual([
      ['l-1', { marketplaces: ['ebay', 'etsy'] }],
      ['l-2', { marketplaces: ['ebay', 'etsy'] }],
    ]);

    // The jobs finish: live on eBay, refused by Etsy.
    server.set('l-1', [
      createPublication('ebay', {
        status: 'live',
        url: 'https://www.ebay.co.uk/itm/110012345678',
        updatedAt: '2025-03-02T10:05:00.000Z',
      }),
      createPublication('etsy', {
        status: 'failed',
        error: { code: 'marketplace_rejected', message: 'Shipping profile 12 does not exist.' },
        updatedAt: '2025-03-02T10:05:00.000Z',
      }),
    ]);
    await act(() => vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS));

    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('3'));
    expect(screen.getByText('Done: 3 of 3')).toBeTruthy();
    expect(screen.getByText('2 listings need your attention: see why below.')).toBeTruthy();
    const levis = result('Levi’s 501 jeans');
    expect(
      within(levis)
        .getByRole('link', { name: /View on eBay/ })
        .getAttribute('href'),
    ).toBe('https://www.ebay.co.uk/itm/110012345678');
    expect(
      within(levis).getByText(
        'The marketplace refused the listing. Etsy said: “Shipping profile 12 does not exist.”',
      ),
    ).toBeTruthy();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The inventory says the same: eBay's live copy, Etsy's failure linking to the listing's page.
    expect(within(row('Levi’s 501 jeans')).getByRole('link', { name: /eBay/ }).getAttribute('href')).toBe(
      'https://www.ebay.co.uk/itm/110012345678',
    );
    expect(
      within(row('Levi’s 501 jeans')).getByRole('link', { name: 'Etsy Failed' }).getAttribute('href'),
    ).toBe('/dashboard/listings/l-1');
  });

  it('keeps going when the dialog is closed: the toolbar shows the progress and brings the results back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const held = deferred<Response>();
    const api = openInventory({
      publishListing: async ({ params, body }) => {
        const queued = body.marketplaces.map((marketplace) => createPublication(marketplace));
        if (params.id === 'l-2') await held.promise;
        server.set(params.id ?? '', queued);
        return published(queued);
      },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Select Levi’s 501 jeans' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Barbour wax jacket' }));
    await user.click(screen.getByRole('button', { name: 'Publish selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish 2 listings' });
    // Etsy only.
    await user.click(within(dialog).getByRole('checkbox', { name: 'eBay' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish 2 listings' }));
    expect(await within(result('Barbour wax jacket')).findByText('Sending…')).toBeTruthy();
    expect(screen.getByText(/You can close this window/)).toBeTruthy();

    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Carry on in the background' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const status = screen.getByRole('button', { name: 'Publishing: 0 of 2' });
    // The rows show each copy on its way.
    expect(await within(row('Levi’s 501 jeans')).findByText('Queued')).toBeTruthy();

    // The request still in flight when the dialog closed is answered, and its listing queued.
    held.resolve(new Response());
    await waitFor(() => expect(api.requestsTo('publishListing')).toHaveLength(2));
    expect(api.requestsTo('publishListing')[1]?.body).toEqual({ marketplaces: ['etsy'] });
    for (const id of ['l-1', 'l-2']) {
      server.set(id, [
        createPublication('etsy', {
          status: 'live',
          url: `https://www.etsy.com/listing/${id}`,
          updatedAt: '2025-03-02T10:05:00.000Z',
        }),
      ]);
    }
    await act(() => vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS));

    expect(await screen.findByRole('button', { name: 'Publishing results' })).toBe(status);
    await user.click(status);
    const results = await screen.findByRole('dialog', { name: 'Publishing 2 listings' });
    expect(within(results).getByText('Done: 2 of 2')).toBeTruthy();
    expect(within(results).getAllByRole('link', { name: /View on Etsy/ })).toHaveLength(2);
  });

  it('offers nothing on a server with no marketplace set up, and asks for no publications', async () => {
    const user = userEvent.setup();
    const api = openInventory({
      marketplaceConnections: {
        connections: [
          createConnection('ebay', { available: false }),
          createConnection('etsy', { available: false }),
          createConnection('shopify', { available: false }),
        ],
      },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Select all listings' }));
    await waitFor(() => expect(api.requestsTo('marketplaceConnections')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Delete selected (3)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull();
    expect(api.requestsTo('publicationsByListing')).toEqual([]);
  });
});
