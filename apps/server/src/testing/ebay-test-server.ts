// What the tests that publish to eBay share: the fake eBay and one real server per test file that publishes to
// it, started before the file's tests and closed after them. `server` and `ebay` are live bindings, as in
// listings-test-server.ts; this registers Vitest hooks, so it is imported by path, not from the index.
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { connectMarketplace } from './crosslisting';
import type { TestUser } from './factories';
import { type FakeEbay, startFakeEbay } from './marketplaces/fake-ebay';
import { startTestServer, type TestServer } from './test-server';

export let ebay: FakeEbay;
export let server: TestServer;

/** Registers the file's fake eBay and server; call it at the top of a test file, before its own hooks. */
export function useEbayTestServer(): void {
  beforeAll(async () => {
    ebay = await startFakeEbay();
    server = await startTestServer({
      ...ebay.env,
      MARKETPLACE_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
      MARKETPLACE_RETRY_SECONDS: '0.05',
    });
    ebay.setAcceptUrl(`${server.baseUrl}/marketplaces/callback/ebay`);
  });
  afterAll(async () => {
    await server?.close();
    await ebay?.close();
  });
}

/** Connects the seller's eBay account, a new one on the fake eBay; answers its username. */
export async function connectEbay(seller: TestUser): Promise<string> {
  const username = `seller_${crypto.randomUUID().slice(0, 8)}`;
  await connectMarketplace(server, seller.token, 'ebay', {
    authorize: (url) => ebay.authorize(url, { username }),
  });
  return username;
}
