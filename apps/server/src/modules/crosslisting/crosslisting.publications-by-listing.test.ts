// Several listings' publications in one request (decision 036), over real HTTP against the fake eBay: the same
// statuses as the one-listing route, a listing never published answered with none, and another seller's
// listing, an unknown id and a repeated id never leaking or counting twice.
import crypto from 'node:crypto';
import { MAX_PUBLICATION_LISTINGS, routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { createInventoryListing, createUser, expectOk, type TestUser } from '../../testing';
import { allIn, waitForPublications } from '../../testing/crosslisting';
import { connectEbay, server, useEbayTestServer } from '../../testing/ebay-test-server';

useEbayTestServer();

async function sellerWithEbay(): Promise<TestUser> {
  const user = await createUser(server.baseUrl, { plan: 'pro_monthly' });
  await connectEbay(user);
  return user;
}

function publicationsByListing(user: TestUser, listingIds: string[]) {
  return server.call(routes.publicationsByListing, { token: user.token, body: { listingIds } });
}

describe('POST /api/listings/publications', () => {
  it('answers each of the seller’s listings in the order asked, as the one-listing route does', async () => {
    const seller = await sellerWithEbay();
    const published = await createInventoryListing(server.baseUrl, seller);
    const unpublished = await createInventoryListing(server.baseUrl, seller);
    expectOk(
      await server.call(routes.publishListing, {
        token: seller.token,
        params: { id: published.listingId },
        body: { marketplaces: ['ebay'] },
      }),
    );
    const live = await waitForPublications(
      server,
      seller.token,
      published.listingId,
      allIn(['ebay'], 'live'),
    );

    const answer = expectOk(
      await publicationsByListing(seller, [
        unpublished.listingId,
        published.listingId,
        unpublished.listingId,
      ]),
    );

    expect(answer.listings).toEqual([
      { listingId: unpublished.listingId, publications: [] },
      { listingId: published.listingId, publications: live.publications },
    ]);
  });

  it('leaves out another seller’s listing and ids that are no listing at all', async () => {
    const seller = await sellerWithEbay();
    const stranger = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const own = await createInventoryListing(server.baseUrl, seller);
    const theirs = await createInventoryListing(server.baseUrl, stranger);

    const answer = expectOk(
      await publicationsByListing(seller, [theirs.listingId, crypto.randomUUID(), own.listingId]),
    );

    expect(answer.listings.map((entry) => entry.listingId)).toEqual([own.listingId]);
    const theirsAnswer = expectOk(await publicationsByListing(stranger, [own.listingId]));
    expect(theirsAnswer.listings).toEqual([]);
  });

  it(`refuses no ids, more than ${MAX_PUBLICATION_LISTINGS}, and a signed-out caller`, async () => {
    const seller = await createUser(server.baseUrl);
    const tooMany = Array.from({ length: MAX_PUBLICATION_LISTINGS + 1 }, () => crypto.randomUUID());

    expect((await publicationsByListing(seller, [])).status).toBe(400);
    expect((await publicationsByListing(seller, tooMany)).status).toBe(400);
    const signedOut = await server.call(routes.publicationsByListing, { body: { listingIds: ['x'] } });
    expect(signedOut.status).toBe(401);
  });
});
