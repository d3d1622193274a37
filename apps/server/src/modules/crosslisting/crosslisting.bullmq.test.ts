// Crosslisting at scale: with REDIS_URL the API only enqueues; a worker (as `npm run worker` starts it) runs the
// publishing jobs and the repeatable sales sync. Publish to eBay and Shopify, sell on Shopify, and the eBay copy
// ends by itself.
import crypto from 'node:crypto';
import { routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PublishingWorker,
  startPublishingWorker,
  startSalesSyncWorker,
} from '../../platform/queue/bullmq-publishing-queue';
import {
  createInventoryListing,
  createUser,
  expectOk,
  startTestServer,
  type TestServer,
} from '../../testing';
import { allIn, connectMarketplace, waitForPublications } from '../../testing/crosslisting';
import { type FakeEbay, startFakeEbay } from '../../testing/marketplaces/fake-ebay';
import { type FakeShopify, startFakeShopify } from '../../testing/marketplaces/fake-shopify';
import { findTestRedis } from '../../testing/test-redis';
import { marketplaceSku } from './publishable-listing';

const redis = await findTestRedis();

let ebay: FakeEbay;
let shopify: FakeShopify;
let server: TestServer;
let prefix: string;
const workers: PublishingWorker[] = [];

beforeAll(async () => {
  if (!redis) return;
  prefix = redis.uniquePrefix();
  [ebay, shopify] = await Promise.all([startFakeEbay(), startFakeShopify()]);
  server = await startTestServer({
    ...ebay.env,
    ...shopify.env,
    MARKETPLACE_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
    MARKETPLACE_RETRY_SECONDS: '0.05',
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
  });
  ebay.setAcceptUrl(`${server.baseUrl}/marketplaces/callback/ebay`);
  const { crosslisting } = server.app.services;
  workers.push(
    await startPublishingWorker({
      redisUrl: redis.url,
      prefix,
      concurrency: 2,
      attempts: 3,
      retryBaseMs: 50,
      run: (job, context) => crosslisting.jobs.run(job, context),
      onFinalFailure: (job, error) => crosslisting.jobs.onFinalFailure(job, error),
      log: { info: () => {}, warn: () => {}, error: () => {} },
    }),
    await startSalesSyncWorker({
      redisUrl: redis.url,
      prefix,
      intervalMs: 200,
      sync: async () => void (await crosslisting.salesSync.syncAll()),
      log: { error: () => {} },
    }),
  );
});

afterAll(async () => {
  for (const worker of workers) await worker.close();
  await server?.close();
  await Promise.all([ebay?.close(), shopify?.close()]);
  if (redis && prefix) await redis.removeKeys(prefix);
});

describe.skipIf(!redis)('crosslisting on BullMQ workers', () => {
  it('reports the publishing queue in the readiness check', async () => {
    const ready = expectOk(await server.call(routes.readiness));
    expect(ready.checks.publishing).toEqual({ ok: true, adapter: 'bullmq' });
  });

  it('publishes through a worker, and the repeatable sync ends the eBay copy after a Shopify sale', async () => {
    expect(server.app.services.crosslisting.queue.adapter).toBe('bullmq');
    const user = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const username = `seller_${crypto.randomUUID().slice(0, 8)}`;
    await connectMarketplace(server, user.token, 'ebay', {
      authorize: (url) => ebay.authorize(url, { username }),
    });
    await connectMarketplace(server, user.token, 'shopify', shopify, shopify.shop);
    const listing = await createInventoryListing(server.baseUrl, user);
    const sku = marketplaceSku({ id: listing.listingId, sku: listing.sku }, false);

    ebay.failNext({ status: 503, path: '/commerce/media/v1_beta/image/create_image_from_file' });
    expectOk(
      await server.call(routes.publishListing, {
        token: user.token,
        params: { id: listing.listingId },
        body: { marketplaces: ['ebay', 'shopify'] },
      }),
    );
    const live = await waitForPublications(
      server,
      user.token,
      listing.listingId,
      allIn(['ebay', 'shopify'], 'live'),
    );
    expect(live.publications.find((publication) => publication.marketplace === 'ebay')?.attempts).toBe(2);
    expect(ebay.account(username).offers.size).toBe(1);

    shopify.sell(sku, 1);
    const settled = await waitForPublications(
      server,
      user.token,
      listing.listingId,
      (response) => allIn(['shopify'], 'sold')(response) && allIn(['ebay'], 'ended')(response),
    );
    expect(settled.activity.map((event) => event.kind)).toEqual(expect.arrayContaining(['sold', 'ended']));
    const offer = [...ebay.account(username).offers.values()][0];
    expect(offer?.status).not.toBe('PUBLISHED');
  });
});
