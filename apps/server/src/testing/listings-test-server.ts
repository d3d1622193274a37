// What the listings route tests share: one real server per test file, started before its tests and closed
// after them, and the sellers those tests call as. `server` is a live binding: from the file's beforeAll on,
// it is that file's running server. It registers Vitest hooks, so it is imported by path, not from the index
// the Playwright journeys load.
import { type ListingType, routes } from '@snaplist/contract';
import { afterAll, beforeAll } from 'vitest';
import { userIdOf } from './account-data';
import { createUser, type TestUser } from './factories';
import { expectOk } from './http-client';
import { seedListings } from './listings';
import { startTestServer, type TestServer } from './test-server';

export let server: TestServer;

/** Registers the file's server; call it at the top of a test file, before its own hooks. */
export function useListingsServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
}

/** The users row of someone who signed up through the API, to seed listings for straight into the database. */
export function ownerIdOf(user: TestUser): Promise<string> {
  return userIdOf(server.app.db, user.email);
}

/** The plan the tests' sellers are on: creating inventory listings needs an active one (decision 011). */
export const SELLER_PLAN = 'pro_monthly';

/** A new seller on SELLER_PLAN, signed up and subscribed through the API, and its users row. */
export async function newSeller(): Promise<{ user: TestUser; ownerId: string }> {
  const user = await createUser(server.baseUrl, { plan: SELLER_PLAN });
  return { user, ownerId: await ownerIdOf(user) };
}

/**
 * What a search of the seller's inventory must not find: a generated listing of theirs, and an inventory
 * listing of another seller's, with these titles.
 */
export async function seedOutsideInventory(ownerId: string, titles: { generated: string; stranger: string }) {
  await seedListings(server.app.db, ownerId, {
    count: 1,
    source: 'generated',
    input: () => ({ title: titles.generated }),
  });
  const stranger = await newSeller();
  await seedListings(server.app.db, stranger.ownerId, {
    count: 1,
    input: () => ({ title: titles.stranger }),
  });
}

/** Seeds one inventory listing a title, newest first, each with nothing else to search but its title. */
export function seedTitledListings(ownerId: string, titles: readonly string[]): Promise<string[]> {
  return seedListings(server.app.db, ownerId, {
    count: titles.length,
    input: (index) => ({ title: titles[index], brand: null, description: '', tags: [], sku: null }),
  });
}

/** One page of the seller's search, from the offset. */
export async function searchPage(
  user: TestUser,
  searchString: string,
  searchOffset = 0,
  type: ListingType = 'inventory',
) {
  return expectOk(
    await server.call(routes.searchListings, {
      token: user.token,
      body: { searchString, searchOffset, type },
    }),
  );
}
