// Etsy's daily call quota (10,000 calls a day for an app until Etsy raises it), spent per seller: the periodic
// sales sync (every MARKETPLACE_SYNC_INTERVAL_SECONDS, 300 by default, as the server reads it) and a publish,
// counted as calls the Etsy adapter makes to the Etsy protocol test server. The taxonomy and its properties are
// Etsy's, cached a day for every seller: counted apart, as the app's and not a seller's.

import { createTestJpeg, type FakeEtsy, startFakeEtsy } from '@snaplist/server/testing';
import { createEtsyAdapter } from '../../apps/server/src/platform/marketplaces/etsy/etsy-adapter';
import type { PublishableListing } from '../../apps/server/src/platform/marketplaces/marketplace-adapter';

const SYNC_INTERVAL_SECONDS = Number(process.env.MARKETPLACE_SYNC_INTERVAL_SECONDS ?? 300);
/** Syncs measured: enough for a sale to show in one of them. */
const SYNCS = 12;
/** A busy reseller's new listings a day, for the publishing share of the quota. */
const PUBLISHES_PER_DAY = [0, 5, 20];
const SECONDS_PER_DAY = 24 * 60 * 60;
const REDIRECT_URI = 'https://snaplist.example/marketplaces/callback/etsy';

async function publishableListing(sku: string): Promise<PublishableListing> {
  const bytes = await createTestJpeg();
  const photo = {
    mimeType: 'image/jpeg',
    url: 'http://127.0.0.1:9/unreachable',
    bytes: async () => bytes,
  };
  return {
    listingId: sku,
    sku,
    title: 'Vintage 1980s Levi’s 501 men’s jeans, W32 L30',
    description: 'Straight leg, button fly.',
    tags: ['levis', 'vintage denim'],
    price: 4500,
    currency: 'GBP',
    quantity: 1,
    brand: "Levi's",
    size: 'W32 L30',
    colours: ['Blue'],
    composition: [{ fibre: 'cotton', percent: 100 }],
    category: 'Vintage',
    condition: 'Very good',
    barcode: null,
    photos: [1, 2, 3].map((number) => ({ ...photo, id: `photo-${number}` })),
    language: 'en',
  };
}

/** Etsy's own daily limit, as it states it on every answer. */
async function dailyLimit(fake: FakeEtsy): Promise<number> {
  const answer = await fetch(`${fake.url}/v3/application/shops/${fake.shop.shopId}`, {
    headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}` },
  });
  return Number(answer.headers.get('x-limit-per-day'));
}

export async function benchEtsyQuota(): Promise<void> {
  const fake = await startFakeEtsy();
  try {
    const etsy = createEtsyAdapter(fake.options);
    const start = etsy.startAuthorization({ state: 'bench', redirectUri: REDIRECT_URI });
    const callback = new URL(await fake.authorize(start.url));
    const account = await etsy.exchangeCode({
      code: callback.searchParams.get('code') ?? '',
      redirectUri: REDIRECT_URI,
      codeVerifier: start.codeVerifier,
      shop: null,
      callbackQuery: Object.fromEntries(callback.searchParams),
    });
    const session = { accessToken: account.accessToken, shop: null, accountId: account.accountId };
    const readyToShip = fake.shop.readinessStates.find((state) => state.readiness_state === 'ready_to_ship');
    const settings = {
      shippingProfileId: String(fake.shop.shippingProfiles[0]?.shipping_profile_id),
      readinessStateId: String(readyToShip?.readiness_state_id),
    };
    const callsDuring = async (work: () => Promise<unknown>) => {
      const before = fake.requests.length;
      await work();
      const made = fake.requests.slice(before);
      const taxonomy = made.filter((request) => request.path.includes('/seller-taxonomy/')).length;
      return { seller: made.length - taxonomy, taxonomy };
    };

    const firstPublish = await callsDuring(async () => {
      const listing = await publishableListing('BENCH-1');
      await etsy.missingRequirements(listing, settings);
      await etsy.publish(session, listing, settings, {}, async () => {});
    });
    const nextPublish = await callsDuring(async () => {
      const listing = await publishableListing('BENCH-2');
      await etsy.missingRequirements(listing, settings);
      await etsy.publish(session, listing, settings, {}, async () => {});
    });

    const since = new Date(Date.now() - SYNC_INTERVAL_SECONDS * 1000).toISOString();
    const syncs = await callsDuring(async () => {
      for (let sync = 0; sync < SYNCS; sync += 1) {
        if (sync === SYNCS / 2) fake.sell('BENCH-1');
        await etsy.soldSince(session, since);
      }
    });
    const withoutShopId = await callsDuring(() => etsy.soldSince({ ...session, accountId: null }, since));

    const limit = await dailyLimit(fake);
    const callsPerSync = syncs.seller / SYNCS;
    const syncsPerDay = SECONDS_PER_DAY / SYNC_INTERVAL_SECONDS;
    const syncPerDay = callsPerSync * syncsPerDay;
    const taxonomyPerDay = firstPublish.taxonomy;
    console.log(`\nEtsy quota (limit ${limit} calls a day per app, sync every ${SYNC_INTERVAL_SECONDS} s)`);
    console.log(
      `  sales sync: ${callsPerSync.toFixed(2)} calls per sync (${withoutShopId.seller} without the stored shop id), ${Math.round(syncPerDay)} a day per seller`,
    );
    console.log(
      `  publish (3 photos): ${nextPublish.seller} calls; taxonomy: ${firstPublish.taxonomy} calls a day for the whole app (the tree, and each category's properties once; ${nextPublish.taxonomy} for the next listing of a category)`,
    );
    for (const publishes of PUBLISHES_PER_DAY) {
      const perSeller = syncPerDay + publishes * nextPublish.seller;
      const sellers = Math.floor((limit - taxonomyPerDay) / perSeller);
      console.log(
        `  ${String(publishes).padStart(2)} publishes a day: ${Math.round(perSeller)} calls per seller, ${sellers} sellers per ${limit} calls`,
      );
    }
  } finally {
    await fake.close();
  }
}
