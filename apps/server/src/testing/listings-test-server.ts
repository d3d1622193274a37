// What the listings route tests share: one real server per test file, started before its tests and closed
// after them, and the sellers those tests call as. `server` is a live binding: from the file's beforeAll on,
// it is that file's running server. It registers Vitest hooks, so it is imported by path, not from the index
// the Playwright journeys load.
import { afterAll, beforeAll } from 'vitest';
import { createUser, type TestUser } from './factories';
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
export async function ownerIdOf(user: TestUser): Promise<string> {
  const row = await server.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The plan the tests' sellers are on: creating inventory listings needs an active one (decision 011). */
export const SELLER_PLAN = 'pro_monthly';

/** A new seller on SELLER_PLAN, signed up and subscribed through the API, and its users row. */
export async function newSeller(): Promise<{ user: TestUser; ownerId: string }> {
  const user = await createUser(server.baseUrl, { plan: SELLER_PLAN });
  return { user, ownerId: await ownerIdOf(user) };
}
