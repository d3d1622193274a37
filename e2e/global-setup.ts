// The photos the journeys upload, rendered from the fixture generator (a flat-lay of jeans and the brand label
// sewn into them). The empty database of every run is the web server's own doing (playwright.config.ts).
// The crosslisting journeys get a server of their own, configured for the fake eBay, Etsy and Shopify started
// here: Playwright starts the web server before global setup, so that one cannot be given the fakes' addresses.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  flatLayFixtures,
  labelFixtures,
  renderFixture,
  startApiProcess,
  startFakeEbay,
  startFakeEtsy,
  startFakeShopify,
} from '@snaplist/server/testing';
import { MARKETPLACE_FAKES_URL_ENV, type MarketplaceFakes, serveMarketplaceFakes } from './marketplace-fakes';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '.artifacts');
export const JOURNEY_PHOTOS = {
  jeans: path.join(artifacts, 'photos', 'jeans.jpg'),
  label: path.join(artifacts, 'photos', 'levis-label.png'),
};

/**
 * Where the crosslisting journeys find their server: its PUBLIC_URL, the address the marketplaces send the
 * browser back to, so the seller's session (local storage) is there when the consent page returns.
 */
export const CROSSLISTING_URL_ENV = 'SNAPLIST_E2E_CROSSLISTING_URL';

/** A Snaplist server with eBay, Etsy and Shopify set up against their fakes, which send the browser back to it. */
async function startCrosslistingServer(): Promise<() => Promise<void>> {
  const dataDir = path.join(artifacts, 'crosslisting-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const [ebay, etsy, shopify] = await Promise.all([startFakeEbay(), startFakeEtsy(), startFakeShopify()]);
  const fakes: MarketplaceFakes = { ebay, etsy, shopify };
  const closeFakes = () => Promise.all(Object.values(fakes).map((fake) => fake.close()));
  const server = await startApiProcess({
    ...ebay.env,
    ...etsy.env,
    ...shopify.env,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(here, '../apps/web/dist'),
    LOG_LEVEL: 'warn',
    MARKETPLACE_RETRY_SECONDS: '1',
    // A sale on one marketplace ends the other copies within the journey, not after the default 5 minutes.
    MARKETPLACE_SYNC_INTERVAL_SECONDS: '1',
  }).catch(async (error: unknown) => {
    await closeFakes();
    throw error;
  });
  // The server's PUBLIC_URL is its default, http://localhost:PORT (the port is chosen when it starts): Etsy and
  // Shopify are given it as their redirect URL, and eBay's RuName is registered with its accept URL below.
  const publicUrl = `http://localhost:${new URL(server.baseUrl).port}`;
  ebay.setAcceptUrl(`${publicUrl}/marketplaces/callback/ebay`);
  const control = await serveMarketplaceFakes(fakes);
  process.env[CROSSLISTING_URL_ENV] = publicUrl;
  process.env[MARKETPLACE_FAKES_URL_ENV] = control.url;
  return async () => {
    await server.kill('SIGTERM');
    await control.close();
    await closeFakes();
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.dirname(JOURNEY_PHOTOS.jeans), { recursive: true });
  const jeans = flatLayFixtures.find((spec) => spec.name === 'jeans-blue-on-white');
  const label = labelFixtures.find((spec) => spec.name === 'woven-levis-w32-l34');
  if (!jeans || !label) throw new Error('the journey fixtures were renamed');
  fs.writeFileSync(JOURNEY_PHOTOS.jeans, await renderFixture(jeans));
  fs.writeFileSync(JOURNEY_PHOTOS.label, await renderFixture(label));
  return startCrosslistingServer();
}
