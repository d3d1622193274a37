// Deleting an account (decision 043) over real HTTP, on SQLite and (in `server-postgres`) PostgreSQL:
// afterwards no row of any table mentions the seller, none of their files is left, their token is dead and
// their address is free again; other sellers keep everything. A wrong confirmation deletes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { AccountChangeMessages, AuthMessages, REAUTHENTICATION_MINUTES, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import type { ListingEngine } from '../../platform/ai/listing-engine';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import { createGenerationProcessor } from '../../services';
import {
  createInventoryListing,
  createUser,
  expectOk,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../testing';
import {
  applicationTables,
  populateAccount,
  rowsMentioning,
  storageKeysOf,
  userIdOf,
} from '../../testing/account-data';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_RESET_RATE_LIMIT_PER_IP: '1000' });
});

afterAll(async () => {
  await server?.close();
});

/** Deletes as the seller would: the address typed, the password given. */
function deleteAccount(seller: TestUser, confirmation = seller.email) {
  return server.call(routes.deleteAccount, {
    token: seller.token,
    body: { confirmation, currentPassword: seller.password },
  });
}

function authCheck(token: string) {
  return server.call(routes.authCheck, { token, body: { product: 'crosslister' } });
}

function fileOf(key: string): string {
  return path.join(server.dataDir, 'photos', ...key.split('/'));
}

function storedFiles(keys: readonly string[]): string[] {
  return keys.filter((key) => fs.existsSync(fileOf(key)));
}

async function queuedDeletions(): Promise<string[]> {
  const rows = await server.app.db.selectFrom('storage_deletions').select('key').execute();
  return rows.map((row) => row.key).sort();
}

/** A seller with something in every table, and another seller beside them. */
async function twoSellers() {
  const leaving = await createUser(server.baseUrl, { plan: 'pro_monthly' });
  const staying = await createUser(server.baseUrl, { plan: 'pro_monthly' });
  const account = await populateAccount(server, leaving);
  const kept = await populateAccount(server, staying);
  return { leaving, staying, account, kept };
}

async function expectUntouched(staying: TestUser, kept: Awaited<ReturnType<typeof populateAccount>>) {
  expect((await authCheck(staying.token)).status).toBe(200);
  const listing = await server.call(routes.getListing, {
    token: staying.token,
    params: { id: kept.inventory.listingId },
  });
  expect(listing.status).toBe(200);
  expect(await storageKeysOf(server.app.db, kept.userId)).toEqual(kept.storageKeys);
  expect(storedFiles(kept.storageKeys)).toEqual(kept.storageKeys);
  expect((await rowsMentioning(server.app.db, [kept.userId])).length).toBeGreaterThan(10);
}

describe('deleting an account', () => {
  it('leaves no row in any table and no file of the seller’s, and nothing of anyone else’s goes', async () => {
    const { leaving, staying, account, kept } = await twoSellers();
    const before = await rowsMentioning(server.app.db, [account.userId]);
    // The account really reaches into every table that can hold a seller's data.
    const tablesBefore = new Set(before.map((row) => row.slice(0, row.indexOf(':'))));
    for (const table of [
      'users',
      'sessions',
      'listings',
      'photos',
      'generations',
      'usage',
      'checkout_sessions',
      'marketplace_connections',
      'marketplace_authorizations',
      'publications',
      'marketplace_sales',
      'crosslisting_activity',
      'password_reset_tokens',
      'user_identities',
    ]) {
      expect(tablesBefore, table).toContain(table);
    }
    // Listing photos and thumbnails, the photo uploaded alone, the original waiting in its generation.
    expect(account.storageKeys.filter((key) => key.startsWith('uploads/'))).toHaveLength(1);
    expect(account.storageKeys.length).toBeGreaterThanOrEqual(9);
    expect(storedFiles(account.storageKeys)).toEqual(account.storageKeys);

    // Typed with capitals and spaces around it, as a seller might.
    const deleted = await deleteAccount(leaving, `  ${leaving.email.toUpperCase()} `);
    expect(expectOk(deleted)).toEqual({ ok: true });

    expect(await rowsMentioning(server.app.db, [account.userId, leaving.email])).toEqual([]);
    expect(storedFiles(account.storageKeys)).toEqual([]);
    // The pending upload's folder went with its file.
    expect(fs.existsSync(path.dirname(fileOf(`uploads/${account.pendingGenerationId}/x`)))).toBe(false);
    expect(await queuedDeletions()).toEqual([]);
    await expectUntouched(staying, kept);
  });

  it('ends every session: the token answers 401 afterwards, on every route', async () => {
    const seller = await createUser(server.baseUrl);
    const otherDevice = expectOk(
      await server.call(routes.login, { body: { email: seller.email, password: seller.password } }),
    );
    expectOk(await deleteAccount(seller));
    expect((await authCheck(seller.token)).status).toBe(401);
    expect((await authCheck(otherDevice.jwtToken)).status).toBe(401);
    expect((await server.call(routes.exportAccount, { token: seller.token })).status).toBe(401);
    expect((await deleteAccount(seller)).status).toBe(401);
    const login = await server.call(routes.login, {
      body: { email: seller.email, password: seller.password },
    });
    expect(login.status).toBe(401);
  });

  it('frees the address: the same e-mail can sign up again, to an empty account', async () => {
    const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    await createInventoryListing(server.baseUrl, seller);
    expectOk(await deleteAccount(seller));

    const again = await createUser(server.baseUrl, { email: seller.email });
    expect(again.user).toMatchObject({ email: seller.email, isNewUser: true, planData: { plan: null } });
    const listings = expectOk(
      await server.call(routes.listListings, { token: again.token, body: { type: 'inventory' } }),
    );
    expect(listings.data).toEqual([]);
  });

  it('refuses a confirmation that is not the account’s address with 400, and deletes nothing', async () => {
    const { leaving, account } = await twoSellers();
    const before = await rowsMentioning(server.app.db, [account.userId]);

    for (const typed of ['someone-else@example.test', `${leaving.email}x`, 'DELETE']) {
      const refused = await deleteAccount(leaving, typed);
      expect(refused.status, typed).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'confirmation_mismatch',
        message: AccountChangeMessages.confirmationMismatch,
      });
    }
    const empty = await deleteAccount(leaving, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'validation_failed' });

    expect(await rowsMentioning(server.app.db, [account.userId])).toEqual(before);
    expect(storedFiles(account.storageKeys)).toEqual(account.storageKeys);
    expect((await authCheck(leaving.token)).status).toBe(200);
  });

  it('asks for the password: without it, or with a wrong one, nothing is deleted', async () => {
    const { leaving, account } = await twoSellers();
    const before = await rowsMentioning(server.app.db, [account.userId]);
    const withPassword = (currentPassword?: string) =>
      server.call(routes.deleteAccount, {
        token: leaving.token,
        body: { confirmation: leaving.email, ...(currentPassword === undefined ? {} : { currentPassword }) },
      });

    const missing = await withPassword();
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      details: [{ field: 'currentPassword', code: 'password_required' }],
    });
    const wrong = await withPassword('not the password');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'wrong_password', message: AccountChangeMessages.wrongPassword });

    expect(await rowsMentioning(server.app.db, [account.userId])).toEqual(before);
    expect((await authCheck(leaving.token)).status).toBe(200);
  });

  it('asks an account without a password for a sign-in of the last minutes', async () => {
    const seller = await createUser(server.baseUrl);
    const userId = await userIdOf(server.app.db, seller.email);
    await server.app.db.updateTable('users').set({ has_password: 0 }).where('id', '=', userId).execute();
    const aWhileAgo = new Date(Date.now() - (REAUTHENTICATION_MINUTES + 1) * 60 * 1000).toISOString();
    await server.app.db
      .updateTable('sessions')
      .set({ created_at: aWhileAgo })
      .where('user_id', '=', userId)
      .execute();

    const stale = await server.call(routes.deleteAccount, {
      token: seller.token,
      body: { confirmation: seller.email },
    });
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual({
      code: 'reauthentication_required',
      message: AuthMessages.reauthenticationRequired,
    });
    expect((await authCheck(seller.token)).status).toBe(200);

    await server.app.db
      .updateTable('sessions')
      .set({ created_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    expectOk(
      await server.call(routes.deleteAccount, { token: seller.token, body: { confirmation: seller.email } }),
    );
    expect((await authCheck(seller.token)).status).toBe(401);
  });

  it('leaves the files it could not delete to the sweeper, which finishes the job', async () => {
    const { leaving, account } = await twoSellers();
    // A photo's file that cannot be removed as a file (a folder in its place): the store fails the delete.
    const stuck = await firstStorageKey(account.userId);
    fs.rmSync(fileOf(stuck));
    fs.mkdirSync(fileOf(stuck));
    fs.writeFileSync(path.join(fileOf(stuck), 'inside'), 'x');

    expectOk(await deleteAccount(leaving));
    expect(await rowsMentioning(server.app.db, [account.userId])).toEqual([]);
    // Every key of the account is still queued, since the delete did not complete.
    expect(await queuedDeletions()).toEqual(account.storageKeys);
    expect(server.logs()).toContain('files of a deleted account left for the sweeper');

    fs.rmSync(fileOf(stuck), { recursive: true });
    fs.writeFileSync(fileOf(stuck), 'the file is back');
    const swept = await server.app.sweeper.sweep();
    expect(swept.queuedObjects).toBe(account.storageKeys.length);
    expect(storedFiles(account.storageKeys)).toEqual([]);
    expect(await queuedDeletions()).toEqual([]);
    expect((await server.app.sweeper.sweep()).queuedObjects).toBe(0);
  });

  it('lets a generation job queued for the account fail quietly afterwards, writing nothing', async () => {
    const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const account = await populateAccount(server, seller);
    expectOk(await deleteAccount(seller));

    // The job a worker would take next: everything it would touch is a trap, so only its own checks run.
    const processor = createGenerationProcessor({
      db: server.app.db,
      storage: untouchable<PhotoStorage>('storage'),
      engine: untouchable<ListingEngine>('engine'),
    });
    const run = processor.process(account.pendingGenerationId);
    await expect(run).rejects.toBeInstanceOf(AppError);
    await expect(run).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(
      processor.fail(account.pendingGenerationId, new AppError('not_found', 404, 'gone')),
    ).resolves.toBeUndefined();
    expect(await rowsMentioning(server.app.db, [account.userId, account.pendingGenerationId])).toEqual([]);
  });

  it('lets a publishing job queued for the account end quietly afterwards', async () => {
    const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const account = await populateAccount(server, seller);
    const { id: publicationId } = await server.app.db
      .selectFrom('publications')
      .select('id')
      .where('owner_id', '=', account.userId)
      .executeTakeFirstOrThrow();
    expectOk(await deleteAccount(seller));

    const { jobs } = server.app.services.crosslisting;
    for (const kind of ['publish', 'update', 'end'] as const) {
      await expect(
        jobs.run({ kind, publicationId }, { attempt: 1, isLastAttempt: true }),
      ).resolves.toBeUndefined();
      await expect(jobs.onFinalFailure({ kind, publicationId }, new Error('gone'))).resolves.toBeUndefined();
    }
    expect(await rowsMentioning(server.app.db, [account.userId])).toEqual([]);
  });

  it('looks at every table of the schema', async () => {
    const tables = await applicationTables(server.app.db);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'photos', 'storage_deletions', 'user_identities']),
    );
    expect(tables.some((table) => table.startsWith('kysely_'))).toBe(false);
  });
});

async function firstStorageKey(userId: string): Promise<string> {
  const row = await server.app.db
    .selectFrom('photos')
    .select('storage_key')
    .where('owner_id', '=', userId)
    .where('storage_key', 'is not', null)
    .executeTakeFirstOrThrow();
  return String(row.storage_key);
}

/** A dependency any use of which fails the test: what a job must not reach once its account is gone. */
function untouchable<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`${name}.${String(property)} was used`);
    },
  });
}
