// For the leaving tests: a seller with something in every table that can hold a seller's data, made through the
// API where a seller can make it (listings, photos, an upload waiting in a generation, a reset link) and written
// directly where only a marketplace or a provider could (connections, publications, sales, identities); and a
// look through every table of the schema for rows that still mention someone.
import crypto from 'node:crypto';
import { type Listing, routes } from '@snaplist/contract';
import { sql } from 'kysely';
import { type Db, isPostgres } from '../db/database';
import {
  createGeneration,
  createInventoryListing,
  createTestJpeg,
  expectOk,
  putPhoto,
  type TestServer,
  type TestUser,
  uploadTestPhoto,
  writeAsGenerated,
} from './index';

export interface PopulatedAccount {
  userId: string;
  inventory: Listing;
  generated: Listing;
  /** The generation still waiting for its start, with its photo uploaded. */
  pendingGenerationId: string;
  /** Every storage key the seller's photos have, read from their rows. */
  storageKeys: string[];
}

/** Needs a server with the local payment provider and a seller on a plan (creating listings needs one). */
export async function populateAccount(server: TestServer, seller: TestUser): Promise<PopulatedAccount> {
  const { db } = server.app;
  const userId = await userIdOf(db, seller.email);
  const inventory = await createInventoryListing(server.baseUrl, seller, {
    title: 'Barbour waxed jacket',
    photos: [
      (await uploadTestPhoto(server.baseUrl, seller, await createTestJpeg({ colour: '#2e4d2c' }))).id,
      (await uploadTestPhoto(server.baseUrl, seller, await createTestJpeg({ colour: '#6b4f2a' }))).id,
    ],
    listedOn: { vinted: { url: 'https://www.vinted.co.uk/items/123-barbour' } },
  });
  const madeGenerated = await createInventoryListing(server.baseUrl, seller, {
    title: 'Veste en jean Levi’s',
  });
  await writeAsGenerated(db, madeGenerated.listingId, { language: 'fr' });
  const generated = expectOk(
    await server.call(routes.getListing, { token: seller.token, params: { id: madeGenerated.listingId } }),
  );
  // A photo uploaded in the editor and never saved into a listing.
  await uploadTestPhoto(server.baseUrl, seller);
  // A generation whose photo arrived but that was never started: its original waits under uploads/.
  const waitingPhoto = { bytes: await createTestJpeg({ colour: '#aa3355' }) };
  const pending = expectOk(await createGeneration(server, seller.token, [waitingPhoto]));
  const [presigned] = pending.presignedUrls;
  if (!presigned) throw new Error('populateAccount: the generation has no upload URL');
  const uploaded = await putPhoto(server, presigned.url, waitingPhoto);
  if (uploaded.status !== 200) throw new Error(`populateAccount: upload ${uploaded.status} ${uploaded.text}`);
  const reset = await server.call(routes.requestPasswordReset, { body: { email: seller.email } });
  if (reset.status !== 202) throw new Error(`populateAccount: password reset ${reset.status}`);
  await writeMarketplaceAndProviderRows(db, userId, inventory.listingId);
  return {
    userId,
    inventory,
    generated,
    pendingGenerationId: pending.id,
    storageKeys: await storageKeysOf(db, userId),
  };
}

/** What only a marketplace, Google or the payment provider could have made happen. */
async function writeMarketplaceAndProviderRows(db: Db, userId: string, listingId: string): Promise<void> {
  const at = new Date().toISOString();
  const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  await db
    .insertInto('usage')
    .values({ user_id: userId, month: at.slice(0, 7), ai_listings_used: 4 })
    .execute();
  await db
    .insertInto('user_identities')
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      provider: 'google',
      subject: `google-${crypto.randomUUID()}`,
      email: null,
      created_at: at,
    })
    .execute();
  await db
    .insertInto('marketplace_connections')
    .values({
      id: crypto.randomUUID(),
      owner_id: userId,
      marketplace: 'ebay',
      account_name: 'vintage-finds-uk',
      account_id: null,
      shop: null,
      access_token: SEALED_ACCESS_TOKEN,
      refresh_token: SEALED_REFRESH_TOKEN,
      access_token_expires_at: later,
      refresh_token_expires_at: later,
      connected_at: at,
      sales_synced_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('marketplace_authorizations')
    .values({
      state_hash: crypto.randomBytes(32).toString('hex'),
      owner_id: userId,
      marketplace: 'etsy',
      code_verifier: 'sealed-verifier',
      created_at: at,
      expires_at: later,
    })
    .execute();
  const sku = `SNAP-${crypto.randomUUID().slice(0, 8)}`;
  await db
    .insertInto('publications')
    .values({
      id: crypto.randomUUID(),
      listing_id: listingId,
      owner_id: userId,
      marketplace: 'ebay',
      status: 'live',
      sku,
      external_id: 'ebay-item-1',
      url: 'https://www.ebay.co.uk/itm/1',
      created_at: at,
      updated_at: at,
      published_at: at,
    })
    .execute();
  await db
    .insertInto('marketplace_sales')
    .values({
      marketplace: 'ebay',
      order_id: `order-${crypto.randomUUID()}`,
      sku,
      owner_id: userId,
      listing_id: listingId,
      quantity: 1,
      sold_at: at,
      recorded_at: at,
    })
    .execute();
  await db
    .insertInto('crosslisting_activity')
    .values({
      id: crypto.randomUUID(),
      owner_id: userId,
      listing_id: listingId,
      marketplace: 'ebay',
      kind: 'published',
      detail: null,
      at,
    })
    .execute();
}

/** Stand-ins for tokens as the cipher seals them: an export must never contain them. */
export const SEALED_ACCESS_TOKEN = 'sealed-access-token-do-not-export';
export const SEALED_REFRESH_TOKEN = 'sealed-refresh-token-do-not-export';

export async function userIdOf(db: Db, email: string): Promise<string> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

export async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select(['upload_key', 'storage_key', 'thumbnail_key'])
    .where('owner_id', '=', userId)
    .execute();
  return rows
    .flatMap((row) => [row.upload_key, row.storage_key, row.thumbnail_key])
    .filter((key): key is string => key !== null)
    .sort();
}

/**
 * Every table of the database as it is (read from the database, not from our schema file, so a table added
 * later is looked at too) whose rows hold one of `needles` anywhere: answers "table: row" for each such row.
 */
export async function rowsMentioning(db: Db, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await applicationTables(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (needles.some((needle) => text.includes(needle))) found.push(`${table}: ${text}`);
    }
  }
  return found;
}

/**
 * The tables of this test's database (its own schema on PostgreSQL, where other tests' schemas come and go
 * meanwhile), without the migrator's bookkeeping.
 */
export async function applicationTables(db: Db): Promise<string[]> {
  const query = isPostgres(db)
    ? sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const { rows } = await query.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}
