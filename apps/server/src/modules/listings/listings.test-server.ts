// What the listings route tests share: one real server per test file, started before its tests and closed
// after them, and the calls those tests make as a seller. `server` is a live binding: from the file's
// beforeAll on, it is that file's running server.
import { afterAll, beforeAll } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser } from '../../testing';

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

/** A call to `/api${urlPath}` with the user's token. */
export function call(method: string, urlPath: string, user: TestUser, body?: unknown) {
  return server.request(method, `/api${urlPath}`, { token: user.token, body });
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

/** The plan the tests' sellers are on: creating inventory listings needs an active one (SPEC section 6). */
export const SELLER_PLAN = 'pro_monthly';

/** A new seller on SELLER_PLAN, signed up and subscribed through the API, and its users row. */
export async function newSeller(): Promise<{ user: TestUser; ownerId: string }> {
  const user = await createUser(server.baseUrl, { plan: SELLER_PLAN });
  return { user, ownerId: await ownerIdOf(user) };
}
