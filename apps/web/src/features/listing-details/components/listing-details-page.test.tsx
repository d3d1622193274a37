// @vitest-environment jsdom
import type { Listing } from '@snaplist/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialActiveListingState, useActiveListingStore } from '@/stores/active-listing';
import { useAlertStore } from '@/stores/alert';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { initialOnboardingState, useOnboardingStore } from '@/stores/onboarding';
import { apiError, stubApi } from '@/testing/api-stub';
import { createGeneratedListing, createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { ListingDetailsPage } from './listing-details-page';

function renderPage(id = 'listing-1') {
  return renderRoutes(
    [
      { path: '/dashboard/listings/:itemId', element: <ListingDetailsPage /> },
      { path: '/dashboard/listings', element: <p>all listings</p> },
    ],
    `/dashboard/listings/${id}`,
  ).router;
}

/** Records what is copied; user-event installs its own clipboard on setup(), so this goes on after it. */
function recordClipboard(): string[] {
  const copied: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn(async (text: string) => void copied.push(text)) },
  });
  return copied;
}

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState(), user: createUser(), isAuthenticated: true });
  useActiveListingStore.setState(initialActiveListingState);
  useOnboardingStore.setState(initialOnboardingState);
  useAlertStore.setState({ queue: [] });
});

describe('ListingDetailsPage', () => {
  it('shows the active listing without fetching it: price range, sentences, evidence, engine', () => {
    const api = stubApi({});
    useActiveListingStore.getState().setListing(createGeneratedListing());
    renderPage();

    expect(screen.getByText('Levi’s 501 straight jeans, W32 L30, blue')).toBeTruthy();
    expect(screen.getByText('£12.00 – £18.00')).toBeTruthy();
    const description = screen.getByRole('region', { name: 'Description' });
    expect(
      within(description)
        .getAllByText(/\.$/)
        .map((line) => line.textContent),
    ).toEqual(['Classic Levi’s 501 jeans in mid-blue denim.', 'Straight leg, button fly.', 'Size W32 L30.']);
    expect(screen.getByText('Read from the label in photo 2: “LEVI STRAUSS & CO”')).toBeTruthy();
    expect(screen.getByText('From your hint: “W32 L30”')).toBeTruthy();
    expect(screen.getByText('From our price table')).toBeTruthy();
    expect(screen.getByText('Written offline by Snaplist')).toBeTruthy();
    expect(screen.getByRole('link', { name: /List on Marketplace/ }).getAttribute('href')).toBe(
      '/dashboard/listings/create?sourceId=listing-1',
    );
    expect(screen.getByRole('link', { name: /Generate Another Listing/ }).getAttribute('href')).toBe(
      '/photo-upload',
    );
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('copies a tag, all tags as hashtags, and the title', async () => {
    const user = userEvent.setup();
    const clipboard = recordClipboard();
    useActiveListingStore.getState().setListing(createGeneratedListing());
    renderPage();

    await user.click(screen.getByRole('button', { name: 'Copy tag straight leg' }));
    await user.click(screen.getByRole('button', { name: 'Copy as hashtags' }));
    await user.click(screen.getByRole('button', { name: 'Copy title' }));

    expect(clipboard).toEqual([
      'straight leg',
      '#levis #501 #denim #jeans #straightleg',
      'Levi’s 501 straight jeans, W32 L30, blue',
    ]);
    expect(await screen.findByText('Copied: straight leg')).toBeTruthy();
    expect(await screen.findByText('All tags copied!')).toBeTruthy();
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
  });

  it('shows each marketplace version in its own tab', async () => {
    const user = userEvent.setup();
    useActiveListingStore.getState().setListing(createGeneratedListing());
    renderPage();

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['eBay', 'Depop']);
    expect(screen.getByRole('tabpanel').textContent).toContain('Levi’s 501 Jeans W32 L30 Blue');
    await user.click(screen.getByRole('tab', { name: 'Depop' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('Straight leg 501s.');
  });

  it('fetches a listing that is not the active one, after a skeleton', async () => {
    const api = stubApi({ getListing: createGeneratedListing({ listingId: 'other', title: 'Wool coat' }) });
    renderPage('other');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByText('Wool coat')).toBeTruthy();
    expect(api.requests[0]?.url).toBe('/api/listings/other');
  });

  it("alerts 'Listing not found' and goes back to the list on a 404", async () => {
    stubApi({ getListing: () => apiError(404, { message: 'Not found', code: 'not_found' }) });
    const router = renderPage('missing');
    expect(await screen.findByText('all listings')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings');
    expect(useAlertStore.getState().queue).toEqual(['Listing not found']);
  });

  it('shows an inventory listing with its asking price beside the range, and Edit instead of List', () => {
    stubApi({});
    useActiveListingStore
      .getState()
      .setListing(createGeneratedListing({ source: 'inventory', price: 1650, currency: 'GBP' }));
    renderPage();

    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('£16.50')).toBeTruthy();
    expect(within(price).getByText('Suggested: £12.00 – £18.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Edit Listing/ }).getAttribute('href')).toBe(
      '/dashboard/listings/create?sourceId=listing-1&editing=yes',
    );
    expect(screen.queryByRole('link', { name: /List on Marketplace/ })).toBeNull();
  });

  it('says "Not set" for the tags of an inventory listing saved without any, and "Not generated" for a generated one', () => {
    stubApi({});
    useActiveListingStore.getState().setListing(createGeneratedListing({ source: 'inventory', tags: [] }));
    renderPage();
    expect(within(screen.getByRole('region', { name: 'Tags' })).getByText('Not set')).toBeTruthy();
    cleanup();

    useActiveListingStore.getState().setListing(createGeneratedListing({ tags: [] }));
    renderPage();
    expect(within(screen.getByRole('region', { name: 'Tags' })).getByText('Not generated')).toBeTruthy();
  });

  it('links an inventory listing to where it is listed, and says so when nowhere yet', () => {
    stubApi({});
    const vinted = 'https://www.vinted.co.uk/items/4242424242-levis-501';
    useActiveListingStore
      .getState()
      .setListing(createGeneratedListing({ source: 'inventory', listedOn: { vinted: { url: vinted } } }));
    renderPage();
    const listedOn = screen.getByRole('region', { name: 'Listed on' });
    expect(
      within(listedOn)
        .getByRole('link', { name: /Vinted/ })
        .getAttribute('href'),
    ).toBe(vinted);
    cleanup();

    useActiveListingStore.getState().setListing(createGeneratedListing({ source: 'inventory' }));
    renderPage();
    expect(
      within(screen.getByRole('region', { name: 'Listed on' })).getByText('Not listed yet'),
    ).toBeTruthy();
    cleanup();

    useActiveListingStore.getState().setListing(createGeneratedListing());
    renderPage();
    expect(screen.queryByRole('region', { name: 'Listed on' })).toBeNull();
  });

  it('shows an inventory listing the publish panel the route table gives it, and a generated one none', () => {
    const PublishPanel = ({ listing }: { listing: Listing }) => <p>Publish panel of {listing.listingId}</p>;
    const page = [
      { path: '/dashboard/listings/:itemId', element: <ListingDetailsPage PublishPanel={PublishPanel} /> },
    ];
    useActiveListingStore.getState().setListing(createGeneratedListing({ source: 'inventory', price: 1650 }));
    renderRoutes(page, '/dashboard/listings/listing-1');
    expect(screen.getByText('Publish panel of listing-1')).toBeTruthy();
    cleanup();

    useActiveListingStore.getState().setListing(createGeneratedListing());
    renderRoutes(page, '/dashboard/listings/listing-1');
    expect(screen.queryByText(/Publish panel/)).toBeNull();
  });

  it('opens onboarding for a new user who has not seen it', async () => {
    useAuthStore.setState({ user: createUser({ isNewUser: true, hasSeenOnboarding: false }) });
    useActiveListingStore.getState().setListing(createGeneratedListing());
    renderPage();
    await waitFor(() =>
      expect(useOnboardingStore.getState().showOnboarding).toEqual({
        context: 'generatedListing',
        isOpen: true,
      }),
    );
  });
});
