// Test data for the crosslisting tests: valid answers by default, overrides for what a test is about.
import type { Activity, MarketplaceConnection, Publication, PublishingMarketplace } from '@snaplist/contract';

export function createConnection(
  marketplace: PublishingMarketplace,
  overrides: Partial<MarketplaceConnection> = {},
): MarketplaceConnection {
  return {
    marketplace,
    available: true,
    connected: false,
    accountName: null,
    connectedAt: null,
    needsReconnect: false,
    salesSyncProblem: null,
    settings: [],
    ...overrides,
  };
}

/** eBay connected as `maya-vintage`, with its three policies and its location chosen. */
export function createConnectedEbay(overrides: Partial<MarketplaceConnection> = {}): MarketplaceConnection {
  return createConnection('ebay', {
    connected: true,
    accountName: 'maya-vintage',
    connectedAt: '2025-03-01T10:00:00.000Z',
    settings: [
      {
        name: 'fulfillmentPolicyId',
        choices: [
          { value: 'ship-1', label: 'Royal Mail 2nd class' },
          { value: 'ship-2', label: 'Evri 48' },
        ],
        value: 'ship-1',
      },
      { name: 'paymentPolicyId', choices: [{ value: 'pay-1', label: 'Managed payments' }], value: 'pay-1' },
      { name: 'returnPolicyId', choices: [{ value: 'ret-1', label: '30 days' }], value: 'ret-1' },
      { name: 'merchantLocationKey', choices: [{ value: 'home', label: 'Leeds' }], value: 'home' },
    ],
    ...overrides,
  });
}

export function createPublication(
  marketplace: PublishingMarketplace,
  overrides: Partial<Publication> = {},
): Publication {
  return {
    marketplace,
    status: 'queued',
    url: null,
    error: null,
    attempts: 0,
    updatedAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function createActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 'activity-1',
    listingId: 'listing-1',
    listingTitle: 'Levi’s 501 straight jeans, W32 L30, blue',
    marketplace: 'ebay',
    kind: 'published',
    detail: null,
    at: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}
