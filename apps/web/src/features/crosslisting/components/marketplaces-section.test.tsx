// @vitest-environment jsdom
import type { MarketplaceConnection } from '@snaplist/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { goToMarketplace } from '../go-to-marketplace';
import { createConnectedEbay, createConnection } from '../test-data';
import { MarketplacesSection } from './marketplaces-section';

vi.mock('../go-to-marketplace', () => ({ goToMarketplace: vi.fn() }));

setUpPageTests();

beforeEach(() => {
  useAuthStore.getState().setToken('token-1');
  useAuthStore.getState().setUser(createUser());
  vi.mocked(goToMarketplace).mockReset();
});

function renderSection() {
  return renderRoutes(
    [{ path: '/dashboard/settings', element: <MarketplacesSection /> }],
    '/dashboard/settings',
  );
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

function answer(...connections: MarketplaceConnection[]) {
  return { marketplaceConnections: { connections } };
}

describe('MarketplacesSection', () => {
  it('says which marketplaces this server has not set up, and that copy and open still works', async () => {
    stubApi(
      answer(
        createConnection('ebay', { available: false }),
        createConnection('etsy', { available: false }),
        createConnection('shopify', { available: false }),
      ),
    );
    renderSection();

    const ebay = await screen.findByRole('article', { name: 'eBay' });
    expect(within(ebay).getByText('Not set up')).toBeTruthy();
    expect(
      within(ebay).getByText(/The operator of this Snaplist server has not set up publishing to eBay/),
    ).toBeTruthy();
    expect(within(ebay).getByText(/“List on eBay” in the listing editor/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('Connect asks the server for the consent page and sends the browser there', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...answer(createConnection('ebay'), createConnection('etsy', { available: false })),
      connectMarketplace: { authorizeUrl: 'https://auth.ebay.com/oauth2/authorize?client_id=snaplist' },
    });
    renderSection();

    await user.click(await screen.findByRole('button', { name: 'Connect eBay' }));

    await waitFor(() =>
      expect(goToMarketplace).toHaveBeenCalledWith(
        'https://auth.ebay.com/oauth2/authorize?client_id=snaplist',
      ),
    );
    const [request] = api.requestsTo('connectMarketplace');
    expect(request?.params).toEqual({ marketplace: 'ebay' });
    expect(request?.body).toEqual({});
    expect(within(card('eBay')).getByRole('button', { name: 'Opening eBay…' })).toBeTruthy();

    // Back from eBay, restored from the back-forward cache: ready to connect again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(await within(card('eBay')).findByRole('button', { name: 'Connect eBay' })).toBeTruthy();
  });

  it('shows why connecting was refused', async () => {
    const user = userEvent.setup();
    stubApi({
      ...answer(createConnection('etsy')),
      connectMarketplace: () => apiError(429, { code: 'rate_limited', message: 'Slow down' }),
    });
    renderSection();

    await user.click(await screen.findByRole('button', { name: 'Connect Etsy' }));

    expect((await screen.findByRole('alert')).textContent).toMatch(/^Too many attempts/);
    expect(goToMarketplace).not.toHaveBeenCalled();
  });

  it('asks Shopify sellers for their shop, and checks it before sending', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...answer(createConnection('shopify')),
      connectMarketplace: { authorizeUrl: 'https://maya.myshopify.com/admin/oauth/authorize' },
    });
    renderSection();
    const shop = await screen.findByLabelText('Your Shopify shop');

    await user.type(shop, 'maya vintage');
    await user.click(screen.getByRole('button', { name: 'Connect Shopify' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your shop as name.myshopify.com.');
    expect(shop.getAttribute('aria-invalid')).toBe('true');
    expect(api.requestsTo('connectMarketplace')).toEqual([]);

    await user.clear(shop);
    await user.type(shop, 'Maya-Vintage');
    await user.click(screen.getByRole('button', { name: 'Connect Shopify' }));

    await waitFor(() => expect(goToMarketplace).toHaveBeenCalled());
    expect(api.requestsTo('connectMarketplace')[0]?.body).toEqual({ shop: 'maya-vintage.myshopify.com' });
  });

  it('shows a connected account with its settings as selects, labelled in the seller’s words', async () => {
    stubApi(
      answer(
        createConnectedEbay({
          settings: [
            ...createConnectedEbay().settings,
            { name: 'packageType', choices: [{ value: 'parcel', label: 'Parcel' }], value: null },
          ],
        }),
      ),
    );
    renderSection();

    const ebay = await screen.findByRole('article', { name: 'eBay' });
    expect(within(ebay).getByText('Connected')).toBeTruthy();
    expect(within(ebay).getByText('Connected as maya-vintage')).toBeTruthy();
    const shipping = within(ebay).getByLabelText('Shipping policy') as HTMLSelectElement;
    expect(shipping.value).toBe('ship-1');
    expect([...shipping.options].map((option) => option.text)).toEqual([
      'Choose…',
      'Royal Mail 2nd class',
      'Evri 48',
    ]);
    expect(within(ebay).getByLabelText('Payment policy')).toBeTruthy();
    expect(within(ebay).getByLabelText('Returns policy')).toBeTruthy();
    expect(within(ebay).getByLabelText('Item location')).toBeTruthy();
    // A setting this build has no words for shows its own name.
    expect((within(ebay).getByLabelText('packageType') as HTMLSelectElement).value).toBe('');
    expect(within(ebay).getByText('Choose each of these before publishing to eBay.')).toBeTruthy();
  });

  it('saves the settings, and puts a refused choice on its select', async () => {
    const user = userEvent.setup();
    const ebay = createConnectedEbay();
    const answers = [
      apiError(400, {
        code: 'validation_failed',
        message: 'Invalid',
        details: [
          {
            field: 'settings.fulfillmentPolicyId',
            code: 'marketplace_setting_invalid',
            message: 'No longer offered',
          },
        ],
      }),
      {
        ...ebay,
        settings: ebay.settings.map((setting) =>
          setting.name === 'fulfillmentPolicyId' ? { ...setting, value: 'ship-2' } : setting,
        ),
      },
    ];
    const api = stubApi({ ...answer(ebay), saveMarketplaceSettings: () => answers.shift() ?? ebay });
    renderSection();
    const shipping = (await screen.findByLabelText('Shipping policy')) as HTMLSelectElement;

    await user.selectOptions(shipping, 'Evri 48');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('This choice is no longer offered by the marketplace. Choose again.'),
    ).toBeTruthy();
    expect(shipping.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(shipping.getAttribute('aria-invalid')).toBe('false'));
    expect(screen.queryByText(/no longer offered/)).toBeNull();
    expect(shipping.value).toBe('ship-2');
    const requests = api.requestsTo('saveMarketplaceSettings');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.params).toEqual({ marketplace: 'ebay' });
    expect(requests[1]?.body).toEqual({
      settings: {
        fulfillmentPolicyId: 'ship-2',
        paymentPolicyId: 'pay-1',
        returnPolicyId: 'ret-1',
        merchantLocationKey: 'home',
      },
    });
    expect(await screen.findByText('eBay settings saved')).toBeTruthy();
  });

  it('asks the EU product-safety details as optional text boxes, and clears one the seller empties', async () => {
    const user = userEvent.setup();
    const ebay = createConnectedEbay();
    const regulatory = [
      {
        name: 'manufacturerName',
        choices: [],
        value: 'Old Mill Ltd',
        input: 'text' as const,
        optional: true,
      },
      {
        name: 'manufacturerCountry',
        choices: [{ value: 'DE', label: 'Germany' }],
        value: null,
        optional: true,
      },
      { name: 'responsiblePersonName', choices: [], value: null, input: 'text' as const, optional: true },
    ];
    const withRegulatory = { ...ebay, settings: [...ebay.settings, ...regulatory] };
    const api = stubApi({ ...answer(withRegulatory), saveMarketplaceSettings: () => withRegulatory });
    renderSection();

    const manufacturer = (await screen.findByLabelText('Manufacturer’s name')) as HTMLInputElement;
    expect(manufacturer.value).toBe('Old Mill Ltd');
    expect(screen.getByText(/Only for business sellers on eBay’s EU sites/)).toBeTruthy();
    // Optional details do not count as missing settings.
    expect(screen.queryByText(/Choose each of these before publishing/)).toBeNull();
    await user.clear(manufacturer);
    await user.type(screen.getByLabelText('EU responsible person’s name'), 'Anna Schmidt');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.requestsTo('saveMarketplaceSettings')).toHaveLength(1));
    expect(api.requestsTo('saveMarketplaceSettings')[0]?.body).toEqual({
      settings: {
        fulfillmentPolicyId: 'ship-1',
        paymentPolicyId: 'pay-1',
        returnPolicyId: 'ret-1',
        merchantLocationKey: 'home',
        manufacturerName: '',
        responsiblePersonName: 'Anna Schmidt',
      },
    });
  });

  it('says when a setting has nothing to choose from on the marketplace', async () => {
    stubApi(
      answer(
        createConnection('etsy', {
          connected: true,
          accountName: 'MayaVintageShop',
          settings: [{ name: 'shippingProfileId', choices: [], value: null }],
        }),
      ),
    );
    renderSection();

    const profile = (await screen.findByLabelText('Shipping profile')) as HTMLSelectElement;
    expect(profile.disabled).toBe(true);
    expect(screen.getByText(/None on your Etsy account yet/)).toBeTruthy();
  });

  it('warns when the marketplace refused the stored access, and offers Reconnect', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...answer(
        createConnection('shopify', {
          connected: true,
          accountName: 'maya.myshopify.com',
          needsReconnect: true,
        }),
      ),
      connectMarketplace: { authorizeUrl: 'https://maya.myshopify.com/admin/oauth/authorize' },
    });
    renderSection();

    const shopify = await screen.findByRole('article', { name: 'Shopify' });
    expect(within(shopify).getByText('Reconnect needed')).toBeTruthy();
    expect(within(shopify).getByText(/Shopify no longer accepts Snaplist's access/)).toBeTruthy();
    await user.click(within(shopify).getByRole('button', { name: 'Reconnect Shopify' }));

    await waitFor(() => expect(goToMarketplace).toHaveBeenCalled());
    expect(api.requestsTo('connectMarketplace')[0]?.body).toEqual({ shop: 'maya.myshopify.com' });
  });

  it('says why Shopify sales are not synced when the app has no access to orders, without asking to reconnect', async () => {
    stubApi(
      answer(
        createConnection('shopify', {
          connected: true,
          accountName: 'maya.myshopify.com',
          salesSyncProblem: 'order_access_denied',
        }),
      ),
    );
    renderSection();

    const shopify = await screen.findByRole('article', { name: 'Shopify' });
    expect(within(shopify).getByText(/Sales on Shopify are not synced/)).toBeTruthy();
    expect(within(shopify).queryByRole('button', { name: 'Reconnect Shopify' })).toBeNull();
  });

  it('disconnects after a confirm, and the card offers Connect again', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...answer(createConnectedEbay()),
      disconnectMarketplace: createConnection('ebay'),
    });
    renderSection();

    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect eBay?' });
    expect(within(dialog).getByText(/Listings already live there stay/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByRole('button', { name: 'Connect eBay' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(card('eBay')).getByText('Not connected')).toBeTruthy();
    expect(api.requestsTo('disconnectMarketplace')[0]?.params).toEqual({ marketplace: 'ebay' });
    expect(await screen.findByText('eBay is disconnected')).toBeTruthy();
  });

  it('offers to try again when the marketplaces could not be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      marketplaceConnections: () => {
        calls += 1;
        return calls === 1
          ? apiError(500, { code: 'internal_error', message: 'Boom' })
          : { connections: [createConnection('ebay')] };
      },
    });
    renderSection();

    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Your marketplaces could not be loaded\./,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Connect eBay' })).toBeTruthy();
  });
});
