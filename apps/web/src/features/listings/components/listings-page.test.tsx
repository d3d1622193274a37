// @vitest-environment jsdom
import {
  AUTH_TOKEN_STORAGE_KEY,
  type ListingSummary,
  type ListingType,
  type RouteName,
} from '@snaplist/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAlertStore } from '@/stores/alert';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { type ApiRequest, type ApiStub, type RouteHandler, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { catchDownloads } from '@/testing/downloads';
import { createListingSummary } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import placeholderUrl from '../assets/listing-placeholder.svg';
import { ListingsPage } from './listings-page';

type Override = (request: ApiRequest) => Response | Promise<Response> | undefined;

/**
 * A fake API with the contract's paging: a keyset cursor (the last id of a page) for the list, 10-at-a-time
 * offsets for search, deletes that remove from the data, and the CSV export. `override` answers first.
 */
function fakeApi(data: Partial<Record<ListingType, ListingSummary[]>>, pageSize = 2) {
  const db: Record<ListingType, ListingSummary[]> = {
    generations: [...(data.generations ?? [])],
    inventory: [...(data.inventory ?? [])],
  };
  const remove = (ids: string[]) => {
    for (const type of ['generations', 'inventory'] as const) {
      db[type] = db[type].filter((listing) => !ids.includes(listing.listingId));
    }
  };
  const overridable =
    <Name extends RouteName>(handler: RouteHandler<Name>): RouteHandler<Name> =>
    (request) =>
      api.override?.(request as ApiRequest) ?? handler(request);

  const api = Object.assign(
    stubApi({
      listListings: overridable(({ body }) => {
        const { cursor = null, type = 'generations' } = body;
        const after = db[type].filter((listing) => cursor === null || listing.listingId > cursor);
        const page = after.slice(0, pageSize);
        const done = after.length <= pageSize;
        return { data: page, cursor: done ? null : (page.at(-1)?.listingId ?? null), done };
      }),
      searchListings: overridable(({ body }) => {
        const { searchOffset = 0, searchString, type = 'generations' } = body;
        const found = db[type].filter((listing) =>
          listing.title.toLowerCase().includes(searchString.toLowerCase()),
        );
        return {
          data: found.slice(searchOffset, searchOffset + 10),
          done: searchOffset + 10 >= found.length,
        };
      }),
      deleteListing: overridable(({ params }) => {
        const id = params.id ?? '';
        remove([id]);
        return { deletedIds: [id] };
      }),
      deleteListings: overridable(({ body }) => {
        remove(body.ids);
        return { deletedIds: body.ids };
      }),
      exportListings: overridable(
        () =>
          new Response('title,price\r\nJeans,12.50\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition':
                'attachment; filename="inventory.csv"; filename*=UTF-8\'\'snaplist-inventory-2025-01-01.csv',
            },
          }),
      ),
    }),
    { db, override: undefined as Override | undefined },
  );
  return api;
}

const listPageRequests = (api: ApiStub, type?: ListingType) =>
  api.requestsTo('listListings').filter((request) => type === undefined || request.body.type === type);

function generated(count: number, overrides: Partial<ListingSummary> = {}): ListingSummary[] {
  return Array.from({ length: count }, (_, index) =>
    createListingSummary({
      listingId: `gen-${String(index + 1).padStart(2, '0')}`,
      title: `Generated item ${index + 1}`,
      ...overrides,
    }),
  );
}

function inventoryItem(id: string, overrides: Partial<ListingSummary> = {}): ListingSummary {
  return createListingSummary({
    listingId: id,
    source: 'inventory',
    title: `Inventory ${id}`,
    price: 1250,
    suggestedPriceRange: null,
    ...overrides,
  });
}

function renderPage(entry = '/dashboard/listings') {
  return renderRoutes(
    [
      { path: '/dashboard/listings', element: <ListingsPage /> },
      { path: '/dashboard/listings/create', element: <p>listing editor</p> },
      { path: '/dashboard/listings/:itemId', element: <p>listing details</p> },
    ],
    entry,
  );
}

setUpPageTests();

beforeEach(() => {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'test-token');
  useAuthStore.setState({ ...initialAuthState(), isAuthenticated: true });
  useAlertStore.setState({ queue: [] });
});

describe('ListingsPage: Generations', () => {
  it('pages with Load more until the server says done, passing back its cursor', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ generations: generated(5, { thumbnailUrl: '/photos/thumb.png' }) });
    renderPage();

    expect(screen.getByRole('status').textContent).toBe('Loading listings…');
    expect(await screen.findByRole('heading', { name: 'Generated item 1' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Generated item 4' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Generated item 5' })).toBeTruthy();

    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listPageRequests(api).map((request) => request.body)).toEqual([
      { cursor: null, product: 'crosslister', type: 'generations' },
      { cursor: 'gen-02', product: 'crosslister', type: 'generations' },
      { cursor: 'gen-04', product: 'crosslister', type: 'generations' },
    ]);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('shows a card per listing: photo (or the placeholder), title, View and List Item', async () => {
    fakeApi({
      generations: [
        createListingSummary({ listingId: 'a-1', title: 'Wool coat', thumbnailUrl: '/photos/coat.png' }),
        createListingSummary({ listingId: 'a-2', title: 'Silk scarf', thumbnailUrl: null }),
      ],
    });
    renderPage();

    const coat = await screen.findByRole('article', { name: 'Wool coat' });
    expect(coat.querySelector('img')?.getAttribute('src')).toBe('/photos/coat.png');
    expect(within(coat).getByRole('link', { name: 'View Wool coat' }).getAttribute('href')).toBe(
      '/dashboard/listings/a-1',
    );
    expect(within(coat).getByRole('link', { name: 'List Item Wool coat' }).getAttribute('href')).toBe(
      '/dashboard/listings/create?sourceId=a-1',
    );
    const scarf = screen.getByRole('article', { name: 'Silk scarf' });
    expect(scarf.querySelector('img')?.getAttribute('src')).toBe(placeholderUrl);
    expect(scarf.querySelector('img')?.dataset.placeholder).toBe('true');
  });

  it("alerts the failure's message once and offers to try again", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ generations: generated(1) });
    api.override = (request) =>
      request.route === 'listListings'
        ? Response.json({ message: 'Database is down', code: 'internal' }, { status: 503 })
        : undefined;
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Your listings could not be loaded' })).toBeTruthy();
    expect(useAlertStore.getState().queue).toEqual(['Database is down']);

    api.override = undefined;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Generated item 1' })).toBeTruthy();
    expect(useAlertStore.getState().queue).toEqual(['Database is down']);
  });

  it('alerts when a Load more fails, keeping the rows already shown', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ generations: generated(3) });
    renderPage();
    await screen.findByRole('heading', { name: 'Generated item 2' });

    api.override = (request) =>
      request.route === 'listListings' && request.body.cursor
        ? Response.json({ message: 'Timed out' }, { status: 504 })
        : undefined;
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(useAlertStore.getState().queue).toEqual(['Timed out']));
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it("shows 'No listings found' with a Create New button when there are none", async () => {
    fakeApi({});
    renderPage();

    expect(await screen.findByRole('heading', { name: 'No listings found' })).toBeTruthy();
    expect(screen.getByText('Create your first listing and it will show up here.')).toBeTruthy();
    const creates = screen.getAllByRole('link', { name: 'Create New' });
    expect(creates).toHaveLength(2);
    for (const link of creates) expect(link.getAttribute('href')).toBe('/dashboard/listings/create');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('ListingsPage: tabs', () => {
  it('switching tab clears the list, keeps the tab in the URL and reloads from the first page', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ generations: generated(3), inventory: [inventoryItem('inv-1')] });
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Generated item 1' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Generated item 3' });

    // Hold the inventory page: the generations must be gone while it loads, not left on screen.
    const held = deferred<Response>();
    api.override = (request) =>
      request.route === 'listListings' && request.body.type === 'inventory' ? held.promise : undefined;
    await user.click(screen.getByRole('tab', { name: 'Inventory' }));

    expect(router.state.location.search).toBe('?tab=inventory');
    expect(screen.getByRole('tab', { name: 'Inventory' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('Generated item 1')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading listings…');

    held.resolve(Response.json({ data: [inventoryItem('inv-1')], cursor: null, done: true }));
    expect(await screen.findByRole('rowheader', { name: /Inventory inv-1/ })).toBeTruthy();
    expect(listPageRequests(api, 'inventory').map((request) => request.body.cursor)).toEqual([null]);
    api.override = undefined;

    // Back to Generations: the first page again, not the three rows it had before.
    await user.click(screen.getByRole('tab', { name: 'Generations' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Generated item 2' })).toBeTruthy();
    expect(screen.queryByText('Generated item 3')).toBeNull();
    expect(listPageRequests(api, 'generations').map((request) => request.body.cursor)).toEqual([
      null,
      'gen-02',
      null,
    ]);
  });

  it('opens on the tab named in the URL', async () => {
    fakeApi({ inventory: [inventoryItem('inv-1')] });
    renderPage('/dashboard/listings?tab=inventory');

    expect(await screen.findByRole('table', { name: 'Your inventory' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Inventory' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('ListingsPage: search', () => {
  it('searches once typing pauses, pages by offsets of 10, and clearing returns to the list', async () => {
    const user = userEvent.setup();
    const matching = generated(25).map((listing, index) => ({
      ...listing,
      listingId: `jeans-${String(index + 1).padStart(2, '0')}`,
      title: `Blue jeans ${index + 1}`,
    }));
    const api = fakeApi({ generations: [...generated(1), ...matching] });
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Generated item 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search listings' }), 'jeans');
    expect(await screen.findByRole('heading', { name: 'Blue jeans 10' })).toBeTruthy();
    expect(screen.queryByText('Generated item 1')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Blue jeans 20' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Blue jeans 25' });

    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Nothing was searched for a half-typed word.
    expect(api.requestsTo('searchListings').map((request) => request.body)).toEqual([
      { searchOffset: 0, searchString: 'jeans', type: 'generations', product: 'crosslister' },
      { searchOffset: 10, searchString: 'jeans', type: 'generations', product: 'crosslister' },
      { searchOffset: 20, searchString: 'jeans', type: 'generations', product: 'crosslister' },
    ]);
    expect(router.state.location.search).toBe('?q=jeans');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('heading', { name: 'Generated item 1' })).toBeTruthy();
    expect(screen.queryByText('Blue jeans 25')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('follows a search dropped from outside (the Listings menu link) without putting it back', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      generations: [
        ...generated(1),
        ...generated(1).map((row) => ({ ...row, listingId: 'x-1', title: 'Red scarf' })),
      ],
    });
    const { router } = renderPage('/dashboard/listings?q=scarf');
    expect(await screen.findByRole('heading', { name: 'Red scarf' })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('scarf');

    await act(() => router.navigate('/dashboard/listings'));
    expect(await screen.findByRole('heading', { name: 'Generated item 1' })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('');
    expect(api.requestsTo('searchListings')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox'), 'red');
    await waitFor(() => expect(router.state.location.search).toBe('?q=red'));
  });

  it('says nothing matched a search with no result, and clears it from there', async () => {
    const user = userEvent.setup();
    fakeApi({ generations: generated(1) });
    renderPage();
    await screen.findByRole('heading', { name: 'Generated item 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search listings' }), 'ballgown{Enter}');
    expect(await screen.findByRole('heading', { name: 'Nothing matches “ballgown”' })).toBeTruthy();
    expect(screen.queryByText('No listings found')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1) as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Generated item 1' })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });
});

describe('ListingsPage: Inventory', () => {
  const LONG_TITLE =
    'Levi’s 501 original straight leg jeans in mid-blue stonewash denim, W32 L30, made in USA, vintage 1990s';

  it('shows product (title cut to 66 + ...), price, status, quantity and a link per marketplace', async () => {
    fakeApi({
      inventory: [
        inventoryItem('inv-1', {
          title: LONG_TITLE,
          quantity: 3,
          listedOn: {
            vinted: { url: 'https://www.vinted.co.uk/items/123' },
            ebay: { url: 'https://www.ebay.co.uk/itm/456' },
          },
        }),
        inventoryItem('inv-2', { title: 'Wool coat', stockStatus: 'ooStock', quantity: 0, price: 4000 }),
      ],
    });
    renderPage('/dashboard/listings?tab=inventory');

    const first = (await screen.findByRole('rowheader', { name: /Levi’s 501/ })).closest('tr') as HTMLElement;
    expect(within(first).getByText(`${LONG_TITLE.slice(0, 66)}...`)).toBeTruthy();
    expect(within(first).getByText('£12.50')).toBeTruthy();
    expect(within(first).getByText('In stock')).toBeTruthy();
    expect(within(first).getByText('Qty: 3')).toBeTruthy();
    const links = within(first).getAllByRole('link', { name: /opens in a new tab/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['eBay (opens in a new tab)', 'https://www.ebay.co.uk/itm/456'],
      ['Vinted (opens in a new tab)', 'https://www.vinted.co.uk/items/123'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(within(first).getByRole('checkbox', { name: `Select ${LONG_TITLE}` })).toBeTruthy();

    const second = screen.getByRole('rowheader', { name: /Wool coat/ }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Out of stock')).toBeTruthy();
    expect(within(second).getByText('£40.00')).toBeTruthy();
    expect(within(second).getByText('Not listed yet')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'View Wool coat' }).getAttribute('href')).toBe(
      '/dashboard/listings/inv-2',
    );
    expect(within(second).getByRole('link', { name: 'Edit Wool coat' }).getAttribute('href')).toBe(
      '/dashboard/listings/create?sourceId=inv-2&editing=yes',
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Select all',
      'Product',
      'Price',
      'Status',
      'Listed on',
      'Actions',
    ]);
  });

  it('deletes one listing after a confirmation naming it, and Cancel keeps it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      inventory: [inventoryItem('inv-1'), inventoryItem('inv-2', { title: 'Wool coat' })],
    });
    renderPage('/dashboard/listings?tab=inventory');
    const deleteButton = await screen.findByRole('button', { name: 'Delete Wool coat' });

    await user.click(deleteButton);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
    expect(dialog.textContent).toContain('“Wool coat” and its photos will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(deleteButton);
    expect(api.requests.some((request) => request.route === 'deleteListing')).toBe(false);
    const listRequests = listPageRequests(api).length;

    await user.click(deleteButton);
    dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Wool coat/ })).toBeNull());
    expect(await screen.findByText('Listing deleted')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /Inventory inv-1/ })).toBeTruthy();
    expect(api.requestsTo('deleteListing').map((request) => request.url)).toEqual(['/api/listings/inv-2']);
    // The row left without the list being asked for again.
    expect(listPageRequests(api)).toHaveLength(listRequests);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select all listings' }));
  });

  it('deletes the selected listings together; select-all is mixed when only some are chosen', async () => {
    const user = userEvent.setup();
    const api = fakeApi(
      {
        inventory: [inventoryItem('inv-1'), inventoryItem('inv-2'), inventoryItem('inv-3')],
      },
      3,
    );
    renderPage('/dashboard/listings?tab=inventory');
    await screen.findByRole('rowheader', { name: /Inventory inv-1/ });
    const selectAll = screen.getByRole('checkbox', { name: 'Select all listings' });

    await user.click(screen.getByRole('checkbox', { name: 'Select Inventory inv-1' }));
    expect(selectAll.getAttribute('aria-checked')).toBe('mixed');
    await user.click(screen.getByRole('checkbox', { name: 'Select Inventory inv-3' }));
    expect(screen.getByText('2 listings selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 listings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('2 listings deleted')).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: /Inventory inv-1/ })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: /Inventory inv-3/ })).toBeNull();
    expect(screen.getByRole('rowheader', { name: /Inventory inv-2/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
    expect(selectAll.getAttribute('aria-checked')).toBe('false');
    expect(api.requestsTo('deleteListings').map((request) => request.body)).toEqual([
      { ids: ['inv-1', 'inv-3'] },
    ]);

    // Select all, then none.
    await user.click(selectAll);
    expect(
      screen.getByRole('checkbox', { name: 'Select Inventory inv-2' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByText('1 listing selected')).toBeTruthy();
    await user.click(selectAll);
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('loads the next page by itself when every loaded row was deleted', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ inventory: [inventoryItem('inv-1'), inventoryItem('inv-2')] }, 1);
    renderPage('/dashboard/listings?tab=inventory');

    await user.click(await screen.findByRole('button', { name: 'Delete Inventory inv-1' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('rowheader', { name: /Inventory inv-2/ })).toBeTruthy();
    expect(screen.queryByText('No listings found')).toBeNull();
    expect(listPageRequests(api).map((request) => request.body.cursor)).toEqual([null, 'inv-1']);
  });

  it('shows a failed delete as an error toast and keeps the row', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ inventory: [inventoryItem('inv-1', { title: 'Wool coat' })] });
    api.override = (request) =>
      request.route === 'deleteListing'
        ? Response.json({ message: 'Storage is unavailable' }, { status: 503 })
        : undefined;
    renderPage('/dashboard/listings?tab=inventory');

    await user.click(await screen.findByRole('button', { name: 'Delete Wool coat' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Storage is unavailable')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /Wool coat/ })).toBeTruthy();
    expect(useAlertStore.getState().queue).toEqual([]);
  });

  it('exports the inventory as CSV under the server’s file name, with the bearer token', async () => {
    const user = userEvent.setup();
    const { saved, blobs } = catchDownloads('blob:inventory');
    const api = fakeApi({ inventory: [inventoryItem('inv-1')] });
    renderPage('/dashboard/listings?tab=inventory');
    await screen.findByRole('rowheader', { name: /Inventory inv-1/ });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Inventory exported')).toBeTruthy();
    expect(saved).toEqual([{ name: 'snaplist-inventory-2025-01-01.csv', href: 'blob:inventory' }]);
    expect(await blobs[0]?.text()).toBe('title,price\r\nJeans,12.50\r\n');
    const [exportRequest] = api.requestsTo('exportListings');
    expect(exportRequest?.query.get('type')).toBe('inventory');
    expect(exportRequest?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('shows a failed export as an error toast with the message', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ inventory: [inventoryItem('inv-1')] });
    api.override = (request) =>
      request.route === 'exportListings'
        ? Response.json({ message: 'Export is not available right now' }, { status: 503 })
        : undefined;
    renderPage('/dashboard/listings?tab=inventory');
    await screen.findByRole('rowheader', { name: /Inventory inv-1/ });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Export is not available right now')).toBeTruthy();
    expect(useAlertStore.getState().queue).toEqual([]);
  });
});
