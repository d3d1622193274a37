// For the sell page's tests: a real Snaplist server (its own SQLite database), the extension's real background
// on the fake chrome APIs, and a signed-in seller whose listings are made through the public API.
import type { ExtensionMarketplace, Listing, ListingInput } from '@snaplist/contract';
import {
  createInventoryListing,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
  uploadTestPhoto,
} from '@snaplist/server/testing';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ListingForFill } from '../messages';
import { loadBackground, signInBackground } from '../testing/background-harness';
import { contentScriptSender, type FakeChrome } from '../testing/fake-chrome';

export interface SellerFixture {
  server: TestServer;
  fake: FakeChrome;
  seller: TestUser;
  /** Signs the extension in as the seller (after `fake.reset()`). */
  signIn(): Promise<void>;
  /** An inventory listing with `photoCount` photos, made as the seller would. */
  createListing(overrides?: Partial<ListingInput>, photoCount?: number): Promise<Listing>;
  /** What the sell page in tab `tabId` at `url` gets from the background to fill its form. */
  prepareFill(
    listingId: string,
    marketplace: ExtensionMarketplace,
    url: string,
    tabId?: number,
  ): Promise<ListingForFill>;
  close(): Promise<void>;
}

/** Once per test file: the background registers its listeners once (`loadBackground`). */
export async function startSellerFixture(): Promise<SellerFixture> {
  const server = await startTestServer();
  const fake = await loadBackground();
  const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
  const fixture: SellerFixture = {
    server,
    fake,
    seller,
    signIn: () => signInBackground(fake, server.baseUrl, seller),
    async createListing(overrides = {}, photoCount = 1) {
      const photos: string[] = [];
      for (let index = 0; index < photoCount; index++) {
        photos.push((await uploadTestPhoto(server.baseUrl, seller)).id);
      }
      return createInventoryListing(server.baseUrl, seller, { photos, ...overrides });
    },
    async prepareFill(listingId, marketplace, url, tabId = 1) {
      const answer = await fake.ask(
        { type: 'prepareFill', listingId, marketplace },
        contentScriptSender(tabId, url),
      );
      if (!answer.ok) throw new Error(`prepareFill: ${answer.error.message}`);
      return answer.value;
    },
    close: () => server.close(),
  };
  await fixture.signIn();
  return fixture;
}

/**
 * Registers a test file's hooks on one fixture: started once, the extension reset and signed in again before each
 * test. The tests read the fixture through the returned function, once the file's hooks have run.
 */
export function setUpSignedInSeller(): () => SellerFixture {
  let fixture: SellerFixture | undefined;
  const current = () => {
    if (!fixture) throw new Error('The seller fixture starts in beforeAll');
    return fixture;
  };
  beforeAll(async () => {
    fixture = await startSellerFixture();
  });
  afterAll(async () => {
    await fixture?.close();
  });
  beforeEach(async () => {
    current().fake.reset();
    await current().signIn();
  });
  return current;
}
