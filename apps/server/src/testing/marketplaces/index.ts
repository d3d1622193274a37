// Protocol test servers for the marketplaces Snaplist publishes to (decisions 030 to 032): each speaks its
// marketplace's real protocol on 127.0.0.1, for the adapters' tests, the crosslisting module's tests and the
// Playwright journeys.
export * from './fake-ebay';
export * from './fake-etsy';
export * from './fake-shopify';
