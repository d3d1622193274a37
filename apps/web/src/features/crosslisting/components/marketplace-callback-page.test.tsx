// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { signIn } from '@/testing/auth';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { createConnectedEbay, createConnection } from '../test-data';
import { MarketplaceCallbackPage } from './marketplace-callback-page';
import { MarketplacesSection } from './marketplaces-section';

setUpPageTests();

beforeEach(() => {
  signIn();
});

function renderCallback(entry: string) {
  return renderRoutes(
    [
      { path: '/marketplaces/callback/:marketplace', element: <MarketplaceCallbackPage /> },
      { path: '/dashboard/settings', element: <MarketplacesSection /> },
    ],
    entry,
  ).router;
}

describe('MarketplaceCallbackPage', () => {
  it('posts what eBay sent back, then shows Settings saying eBay is connected', async () => {
    const api = stubApi({
      completeMarketplaceConnection: createConnectedEbay(),
      marketplaceConnections: { connections: [createConnectedEbay(), createConnection('etsy')] },
    });
    const router = renderCallback(
      '/marketplaces/callback/ebay?code=v%5E1.1%23i&state=state-1&expires_in=299',
    );

    expect(await screen.findByText('eBay is connected.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    const requests = api.requestsTo('completeMarketplaceConnection');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.params).toEqual({ marketplace: 'ebay' });
    expect(requests[0]?.body).toEqual({ code: 'v^1.1#i', state: 'state-1' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(screen.getByText('Connected as maya-vintage')).toBeTruthy();
    // Only beside the marketplace just connected.
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('sends Shopify’s signed parameters as they came', async () => {
    const api = stubApi({
      completeMarketplaceConnection: createConnection('shopify', {
        connected: true,
        accountName: 'maya.myshopify.com',
      }),
      marketplaceConnections: { connections: [] },
    });
    renderCallback(
      '/marketplaces/callback/shopify?code=c-1&hmac=abc&shop=maya.myshopify.com&state=s-1&timestamp=17',
    );

    await waitFor(() => expect(api.requestsTo('completeMarketplaceConnection')).toHaveLength(1));
    expect(api.requestsTo('completeMarketplaceConnection')[0]?.body).toEqual({
      code: 'c-1',
      state: 's-1',
      query: { code: 'c-1', hmac: 'abc', shop: 'maya.myshopify.com', state: 's-1', timestamp: '17' },
    });
  });

  it('shows a refusal in the seller’s words, with the way back to Settings', async () => {
    const user = userEvent.setup();
    stubApi({
      completeMarketplaceConnection: () =>
        apiError(502, {
          code: 'marketplace_connection_failed',
          message: 'invalid_grant',
        }),
      marketplaceConnections: { connections: [createConnection('ebay')] },
    });
    const router = renderCallback('/marketplaces/callback/ebay?error=access_denied&state=state-1');

    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'eBay was not connected' })).toBeTruthy();
    expect(alert.textContent).toContain(
      'The marketplace did not confirm the connection. Try connecting again.',
    );
    await user.click(screen.getByRole('link', { name: 'Back to Settings' }));

    expect(await screen.findByRole('button', { name: 'Connect eBay' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(screen.queryByText('eBay is connected.')).toBeNull();
  });

  it('sends nothing for an address that is not a marketplace’s answer', () => {
    const api = stubApi({});
    renderCallback('/marketplaces/callback/ebay?code=c-1');
    expect(screen.getByRole('heading', { level: 1, name: 'eBay was not connected' })).toBeTruthy();

    renderCallback('/marketplaces/callback/vinted?code=c-1&state=s');
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link does not connect anything' }),
    ).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('waits for the seller to sign in when the session had ended, then finishes', async () => {
    useAuthStore.setState(initialAuthState());
    const api = stubApi({
      completeMarketplaceConnection: createConnectedEbay(),
      marketplaceConnections: { connections: [createConnectedEbay()] },
    });
    renderCallback('/marketplaces/callback/ebay?code=c-1&state=s-1');

    expect(screen.getByText('Log in to finish connecting eBay.')).toBeTruthy();
    expect(useAuthStore.getState().authModal).toEqual({ isOpen: true, context: 'dashboard' });
    expect(api.fetch).not.toHaveBeenCalled();

    useAuthStore.getState().setToken('token-2');
    useAuthStore.getState().setUser(createUser());

    expect(await screen.findByText('eBay is connected.')).toBeTruthy();
    expect(api.requestsTo('completeMarketplaceConnection')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-2',
    );
  });
});
