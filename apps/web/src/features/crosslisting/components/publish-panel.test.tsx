// @vitest-environment jsdom
import type { Listing, PublicationsResponse } from '@snaplist/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, apiError, stubApi } from '@/testing/api-stub';
import { signIn } from '@/testing/auth';
import { createGeneratedListing } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { PUBLICATION_POLL_MS } from '../api/listing-publications';
import { createActivity, createConnectedEbay, createConnection, createPublication } from '../test-data';
import { PublishPanel } from './publish-panel';

setUpPageTests();

const inventoryListing = createGeneratedListing({ source: 'inventory', price: 1500, quantity: 1 });

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

const connections = {
  connections: [
    createConnectedEbay(),
    createConnection('etsy', { connected: true, accountName: 'MayaVintageShop' }),
    createConnection('shopify'),
  ],
};

function published(response: Partial<PublicationsResponse> = {}): PublicationsResponse {
  return { publications: [], activity: [], ...response };
}

function renderPanel(handlers: ApiHandlers, listing: Listing = inventoryListing) {
  const api = stubApi({ marketplaceConnections: connections, ...handlers });
  const rendered = renderRoutes(
    [
      { path: '/dashboard/listings/:itemId', element: <PublishPanel listing={listing} /> },
      { path: '/dashboard/settings', element: <p>settings page</p> },
      { path: '/dashboard/listings/create', element: <p>editor</p> },
    ],
    `/dashboard/listings/${listing.listingId}`,
  );
  return { api, ...rendered };
}

function row(name: string): HTMLElement {
  const label = screen.getAllByText(name).find((element) => element.closest('.publish-target'));
  const item = label?.closest('li');
  if (!item) throw new Error(`no row for ${name}`);
  return item;
}

describe('PublishPanel', () => {
  it('ticks every connected marketplace and publishes to them', async () => {
    const user = userEvent.setup();
    const { api } = renderPanel({
      listingPublications: published(),
      publishListing: published({ publications: [createPublication('ebay')] }),
    });

    const publish = await screen.findByRole('button', { name: 'Publish to 2 marketplaces' });
    expect(screen.getByRole('checkbox', { name: 'eBay' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Etsy' }).getAttribute('aria-checked')).toBe('true');
    // Shopify is set up here but not connected: the way is Settings.
    expect(screen.queryByRole('checkbox', { name: 'Shopify' })).toBeNull();
    expect(
      within(row('Shopify')).getByRole('link', { name: 'Connect Shopify in Settings' }).getAttribute('href'),
    ).toBe('/dashboard/settings');

    await user.click(screen.getByRole('checkbox', { name: 'Etsy' }));
    expect(publish.textContent).toBe('Publish to 1 marketplace');
    await user.click(publish);

    expect(await within(row('eBay')).findByText('Queued')).toBeTruthy();
    expect(api.requestsTo('publishListing')[0]?.body).toEqual({ marketplaces: ['ebay'] });
    expect(api.requestsTo('publishListing')[0]?.params).toEqual({ id: 'listing-1' });
    // Queued on eBay: no checkbox there now; Etsy can still be chosen.
    expect(screen.queryByRole('checkbox', { name: 'eBay' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish to 1 marketplace' })).toBeTruthy();
  });

  it('shows each copy’s status: the live link, the failure in plain words, work in progress', async () => {
    renderPanel({
      listingPublications: published({
        publications: [
          createPublication('ebay', { status: 'live', url: 'https://www.ebay.co.uk/itm/110012345678' }),
          createPublication('etsy', {
            status: 'failed',
            error: { code: 'marketplace_rejected', message: 'Shipping profile 12 does not exist.' },
          }),
          createPublication('shopify', { status: 'ending' }),
        ],
      }),
    });

    const link = await screen.findByRole('link', { name: /View on eBay/ });
    expect(link.getAttribute('href')).toBe('https://www.ebay.co.uk/itm/110012345678');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(row('eBay')).getByText('Live')).toBeTruthy();
    expect(within(row('Etsy')).getByText('Failed')).toBeTruthy();
    expect(
      within(row('Etsy')).getByText(
        'The marketplace refused the listing. Etsy said: “Shipping profile 12 does not exist.”',
      ),
    ).toBeTruthy();
    // A failed copy can be tried again.
    expect(screen.getByRole('checkbox', { name: 'Etsy' })).toBeTruthy();
    expect(within(row('Shopify')).getByText('Ending')).toBeTruthy();
  });

  it('lists what each marketplace still needs after a 422, with the way to the editor', async () => {
    const user = userEvent.setup();
    const { api } = renderPanel({
      listingPublications: published(),
      publishListing: () =>
        apiError(422, {
          code: 'listing_incomplete',
          message: 'Incomplete',
          details: [
            { field: 'ebay.price', code: 'price_required_to_publish', message: 'Set a price' },
            {
              field: 'ebay.title',
              code: 'marketplace_title_too_long',
              message: 'Too long',
              params: { max: 80 },
            },
            { field: 'etsy.photos', code: 'photo_required_to_publish', message: 'Add a photo' },
            {
              field: 'etsy.settings.shippingProfileId',
              code: 'marketplace_setting_required',
              message: 'Choose this in Settings',
            },
            { field: 'condition', code: 'condition_required_to_publish', message: 'Choose a condition' },
          ],
        }),
    });

    await user.click(await screen.findByRole('button', { name: 'Publish to 2 marketplaces' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some details are missing, so nothing was sent.');
    expect(within(alert).getByText('Choose a condition before publishing.')).toBeTruthy();
    expect(within(row('eBay')).getByText('Set a price before publishing.')).toBeTruthy();
    expect(
      within(row('eBay')).getByText('Keep the title to 80 characters for this marketplace.'),
    ).toBeTruthy();
    expect(within(row('Etsy')).getByText('Add at least one photo before publishing.')).toBeTruthy();
    expect(
      within(row('Etsy')).getByText('Choose “Shipping profile” in Settings, under Etsy, before publishing.'),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe(
      '/dashboard/settings',
    );
    expect(within(alert).getByRole('link', { name: 'Edit the listing' }).getAttribute('href')).toBe(
      '/dashboard/listings/create?sourceId=listing-1&editing=yes',
    );
    expect(api.requestsTo('publishListing')).toHaveLength(1);
  });

  it('asks again every 2 s while a copy is on its way, and stops once all have settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      published({ publications: [createPublication('ebay', { status: 'queued' })] }),
      published({ publications: [createPublication('ebay', { status: 'publishing' })] }),
    ];
    const live = published({
      publications: [createPublication('ebay', { status: 'live', url: 'https://www.ebay.co.uk/itm/1' })],
      activity: [createActivity()],
    });
    const { api } = renderPanel({ listingPublications: () => answers.shift() ?? live });

    expect(await within(await findRow('eBay')).findByText('Queued')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS));
    expect(await within(row('eBay')).findByText('Publishing')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS));
    expect(await within(row('eBay')).findByText('Live')).toBeTruthy();
    expect(api.requestsTo('listingPublications')).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS * 5));
    expect(api.requestsTo('listingPublications')).toHaveLength(3);
  });

  it('marks it sold where the seller says, after a confirm', async () => {
    const user = userEvent.setup();
    const live = published({
      publications: [
        createPublication('ebay', { status: 'live', url: 'https://www.ebay.co.uk/itm/1' }),
        createPublication('etsy', { status: 'live', url: 'https://www.etsy.com/listing/2' }),
      ],
    });
    const { api } = renderPanel({
      listingPublications: live,
      markListingSold: published({
        publications: [
          createPublication('ebay', { status: 'sold' }),
          createPublication('etsy', { status: 'ending' }),
        ],
        activity: [createActivity({ kind: 'sold', id: 'a-2' })],
      }),
      getListing: { ...inventoryListing, quantity: 0, stockStatus: 'ooStock' },
    });

    const where = (await screen.findByLabelText('Where did it sell?')) as HTMLSelectElement;
    expect([...where.options].map((option) => option.text)).toEqual(['On eBay', 'On Etsy', 'Somewhere else']);
    await user.selectOptions(where, 'Somewhere else');
    await user.click(screen.getByRole('button', { name: 'Mark as sold' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark as sold somewhere else?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('markListingSold')).toEqual([]);

    await user.selectOptions(where, 'On eBay');
    await user.click(screen.getByRole('button', { name: 'Mark as sold' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Mark as sold on eBay?' })).getByRole('button', {
        name: 'Mark as sold',
      }),
    );

    expect(await within(row('eBay')).findByText('Sold')).toBeTruthy();
    expect(within(row('Etsy')).getByText('Ending')).toBeTruthy();
    expect(api.requestsTo('markListingSold')[0]?.body).toEqual({ marketplace: 'ebay' });
    expect(screen.getByText('Sold on eBay')).toBeTruthy();
    expect(await screen.findByText('Marked as sold')).toBeTruthy();
  });

  it('shows the listing’s activity, newest first, with the marketplace’s reason for a failure', async () => {
    renderPanel({
      listingPublications: published({
        publications: [createPublication('ebay', { status: 'ended' })],
        activity: [
          createActivity({ id: 'a-1', kind: 'publish_requested', at: '2025-03-02T10:00:00.000Z' }),
          createActivity({ id: 'a-3', kind: 'ended', at: '2025-03-04T10:00:00.000Z' }),
          createActivity({ id: 'a-2', kind: 'sold', marketplace: null, at: '2025-03-03T10:00:00.000Z' }),
          createActivity({
            id: 'a-4',
            kind: 'end_failed',
            marketplace: 'etsy',
            detail: 'Listing is not active.',
            at: '2025-03-04T09:00:00.000Z',
          }),
        ],
      }),
    });

    await screen.findByRole('heading', { name: 'Activity' });
    const items = screen.getAllByRole('listitem').filter((item) => item.classList.contains('activity-item'));
    expect(items.map((item) => item.querySelector('.activity-item__text')?.textContent)).toEqual([
      'Ended on eBay',
      'Could not end on Etsy',
      'Sold elsewhere',
      'Publishing to eBay requested',
    ]);
    expect(items[1]?.textContent).toContain('Listing is not active.');
  });

  it('shows nothing on a server with no marketplace set up and nothing published', async () => {
    const { api } = renderPanel({
      marketplaceConnections: {
        connections: [
          createConnection('ebay', { available: false }),
          createConnection('etsy', { available: false }),
          createConnection('shopify', { available: false }),
        ],
      },
      listingPublications: published(),
    });

    await waitFor(() => expect(api.requestsTo('listingPublications')).toHaveLength(1));
    await waitFor(() => expect(api.requestsTo('marketplaceConnections')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Publish' })).toBeNull();
  });
});

async function findRow(name: string): Promise<HTMLElement> {
  await screen.findAllByText(name);
  return row(name);
}
