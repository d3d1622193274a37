// For the crosslisting tests (and the journeys): connect a seller's marketplace account the way the web app does
// (connect, the marketplace's consent, the callback page posting what came back), choose its settings, and wait
// for publications to settle.

import crypto from 'node:crypto';
import {
  type MarketplaceConnection,
  type PublicationStatus,
  type PublicationsResponse,
  type PublishingMarketplace,
  routes,
} from '@snaplist/contract';
import { createUser, type TestUser } from './factories';
import { expectOk, type TestClient } from './http-client';

/** What the tests need of a marketplace's protocol test server: its consent page, clicked through. */
export interface ConsentGiver {
  /** The URL the browser lands on after the seller agrees (the callback page, with code and state). */
  authorize(authorizeUrl: string): Promise<string>;
}

/** A seller on a Pro plan, with the eBay account they connect: one per test, so no test sees another's items. */
export interface CrosslistingSeller {
  user: TestUser;
  ebayUser: string;
}

export async function createCrosslistingSeller(baseUrl: string): Promise<CrosslistingSeller> {
  return {
    user: await createUser(baseUrl, { plan: 'pro_monthly' }),
    ebayUser: `seller_${crypto.randomUUID().slice(0, 8)}`,
  };
}

/** The consent page of each marketplace's protocol test server; eBay's signs the seller in as their own account. */
export function consentFor(
  fakes: { ebay: { authorize(url: string, choice: { username: string }): Promise<string> } } & Record<
    'etsy' | 'shopify',
    ConsentGiver
  >,
  marketplace: PublishingMarketplace,
  seller: CrosslistingSeller,
): ConsentGiver {
  if (marketplace === 'ebay')
    return { authorize: (url) => fakes.ebay.authorize(url, { username: seller.ebayUser }) };
  return fakes[marketplace];
}

/** Connect → consent on the marketplace → the callback page's POST. Answers the callback's response. */
export async function completeConsent(
  client: TestClient,
  token: string,
  marketplace: PublishingMarketplace,
  fake: ConsentGiver,
  shop?: string,
) {
  const { authorizeUrl } = expectOk(
    await client.call(routes.connectMarketplace, { token, params: { marketplace }, body: { shop } }),
  );
  const landed = new URL(await fake.authorize(authorizeUrl));
  return client.call(routes.completeMarketplaceConnection, {
    token,
    params: { marketplace },
    body: callbackBody(landed),
  });
}

/** What the web's callback page posts: the state, code or error, and every parameter (Shopify signs them). */
export function callbackBody(landed: URL) {
  const query = Object.fromEntries(landed.searchParams);
  return { state: query.state ?? '', code: query.code, error: query.error, query };
}

/** A connected account with every setting set to its first choice, ready to publish. */
export async function connectMarketplace(
  client: TestClient,
  token: string,
  marketplace: PublishingMarketplace,
  fake: ConsentGiver,
  shop?: string,
): Promise<MarketplaceConnection> {
  const connected = expectOk(await completeConsent(client, token, marketplace, fake, shop));
  const settings = Object.fromEntries(
    connected.settings.flatMap((setting) => {
      const first = setting.choices[0];
      return first ? [[setting.name, first.value]] : [];
    }),
  );
  return expectOk(
    await client.call(routes.saveMarketplaceSettings, { token, params: { marketplace }, body: { settings } }),
  );
}

/** Polls the listing's publications until `done` holds (jobs run in the background), or fails after a while. */
export async function waitForPublications(
  client: TestClient,
  token: string,
  listingId: string,
  done: (response: PublicationsResponse) => boolean,
  timeoutMs = 15_000,
): Promise<PublicationsResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = expectOk(
      await client.call(routes.listingPublications, { token, params: { id: listingId } }),
    );
    if (done(response)) return response;
    if (Date.now() > deadline) {
      throw new Error(`publications did not settle: ${JSON.stringify(response.publications)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every publication of these marketplaces in one of `statuses`. */
export function allIn(marketplaces: readonly PublishingMarketplace[], ...statuses: PublicationStatus[]) {
  return (response: PublicationsResponse) =>
    marketplaces.every((marketplace) =>
      response.publications.some(
        (publication) => publication.marketplace === marketplace && statuses.includes(publication.status),
      ),
    );
}
