// The export (decision 043) over real HTTP: the zip is read back with another zip library and every part
// checked against what the seller made: the account, the listings as JSON and CSV, and the photos' bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Listing, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser } from '../../testing';
import {
  type PopulatedAccount,
  populateAccount,
  SEALED_ACCESS_TOKEN,
  SEALED_REFRESH_TOKEN,
} from '../../testing/account-data';
import { unzip } from '../../testing/zip';

const EXPORTS_PER_HOUR = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    ACCOUNT_EXPORT_RATE_LIMIT_PER_HOUR: String(EXPORTS_PER_HOUR),
    PASSWORD_RESET_RATE_LIMIT_PER_IP: '1000',
  });
});

afterAll(async () => {
  await server?.close();
});

function exportAccount(token: string) {
  return server.call(routes.exportAccount, { token });
}

/** A stored object's bytes, read from the local store's files (the server runs the local adapter). */
function storedBytes(key: string): Buffer {
  return fs.readFileSync(path.join(server.dataDir, 'photos', ...key.split('/')));
}

async function photoRows(listingId: string) {
  return server.app.db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'sha256'])
    .where('listing_id', '=', listingId)
    .orderBy('position')
    .execute();
}

function parseJson<T>(entries: Map<string, Buffer>, name: string): T {
  const entry = entries.get(name);
  if (!entry) throw new Error(`${name} is not in the export: ${[...entries.keys()].join(', ')}`);
  return JSON.parse(entry.toString('utf8')) as T;
}

describe('exporting the account', () => {
  let seller: TestUser;
  let account: PopulatedAccount;
  let entries: Map<string, Buffer>;
  let headers: Headers;

  beforeAll(async () => {
    seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    account = await populateAccount(server, seller);
    const exported = await exportAccount(seller.token);
    expect(exported.status, exported.text).toBe(200);
    headers = exported.headers;
    entries = await unzip(exported.bytes);
  });

  it('answers a zip named after the day, as a download', () => {
    expect(headers.get('content-type')).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="snaplist-export-${day}.zip"`);
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('holds the account, its usage, providers, connections and activity, and no secret', () => {
    const described = parseJson<Record<string, unknown>>(entries, 'account.json');
    expect(described).toMatchObject({
      email: seller.email,
      emailVerified: false,
      hasPassword: true,
      signInProviders: ['google'],
      plan: { plan: 'pro_monthly', status: 'active' },
      usage: { byMonth: [{ month: new Date().toISOString().slice(0, 7), aiListingsUsed: 4 }] },
      marketplaceConnections: [
        { marketplace: 'ebay', accountName: 'vintage-finds-uk', needsReconnect: false, settings: {} },
      ],
      crosslistingActivity: [
        {
          listingId: account.inventory.listingId,
          listingTitle: 'Barbour waxed jacket',
          marketplace: 'ebay',
          kind: 'published',
        },
      ],
    });
    expect(Date.parse(String(described.createdAt))).not.toBeNaN();
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain(SEALED_ACCESS_TOKEN);
    expect(everything).not.toContain(SEALED_REFRESH_TOKEN);
    expect(everything).not.toMatch(/\$argon2id\$/);
  });

  it('holds every listing, inventory and generated, as the API shows it, photos pointing into the zip', async () => {
    const listings = parseJson<Listing[]>(entries, 'listings.json');
    expect(listings.map((listing) => listing.listingId).sort()).toEqual(
      [account.inventory.listingId, account.generated.listingId].sort(),
    );
    const byId = new Map(listings.map((listing) => [listing.listingId, listing]));
    const inventory = byId.get(account.inventory.listingId);
    expect(inventory).toMatchObject({
      source: 'inventory',
      title: 'Barbour waxed jacket',
      listedOn: { vinted: { url: 'https://www.vinted.co.uk/items/123-barbour' } },
    });
    const id = account.inventory.listingId;
    expect(inventory?.photos.map((photo) => [photo.url, photo.thumbnailUrl])).toEqual([
      [`photos/${id}/1.jpg`, `photos/${id}/1.jpg`],
      [`photos/${id}/2.jpg`, `photos/${id}/2.jpg`],
    ]);
    const generated = byId.get(account.generated.listingId);
    // The listing exactly as GET /listings/:id shows it (the French text and every marketplace's variant),
    // but for the photo URLs, which would expire within hours.
    expect({ ...generated, photos: [] }).toEqual({ ...account.generated, photos: [] });
    expect(generated).toMatchObject({ source: 'generated', language: 'fr' });
    expect(Object.keys(generated?.variants ?? {}).length).toBeGreaterThan(0);
  });

  it('holds the listings page’s CSV of every listing', () => {
    const csv = entries.get('listings.csv')?.toString('utf8') ?? '';
    expect(csv.startsWith('\uFEFFID,Title,')).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(account.inventory.listingId);
    expect(lines[1]).toContain('Barbour waxed jacket');
    expect(lines[2]).toContain(account.generated.listingId);
  });

  it('holds each photo’s stored file, byte for byte, and nothing else of storage', async () => {
    const rows = await photoRows(account.inventory.listingId);
    expect(rows).toHaveLength(2);
    for (const [index, row] of rows.entries()) {
      const exported = entries.get(`photos/${account.inventory.listingId}/${index + 1}.jpg`);
      expect(exported, `photo ${index + 1}`).toBeDefined();
      expect(exported?.equals(storedBytes(String(row.storage_key)))).toBe(true);
      expect(
        crypto
          .createHash('sha256')
          .update(exported ?? '')
          .digest('hex'),
      ).toBe(row.sha256);
    }
    // Served by the listing's own photo URL: the same bytes the seller sees in the app.
    const served = await fetch(new URL(account.inventory.photos[0]?.url ?? '', server.baseUrl));
    expect(
      Buffer.from(await served.arrayBuffer()).equals(
        entries.get(`photos/${account.inventory.listingId}/1.jpg`) ?? Buffer.alloc(0),
      ),
    ).toBe(true);
    const photoEntries = [...entries.keys()].filter((name) => name.startsWith('photos/')).sort();
    expect(photoEntries).toEqual(
      [
        `photos/${account.generated.listingId}/1.jpg`,
        `photos/${account.inventory.listingId}/1.jpg`,
        `photos/${account.inventory.listingId}/2.jpg`,
      ].sort(),
    );
    expect(entries.has('missing-photos.txt')).toBe(false);
  });
});

describe('an export with a photo missing from storage', () => {
  it('leaves the photo out and names it in missing-photos.txt', async () => {
    const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const account = await populateAccount(server, seller);
    const [first, second] = await photoRows(account.inventory.listingId);
    fs.rmSync(path.join(server.dataDir, 'photos', ...String(first?.storage_key).split('/')));

    const exported = await exportAccount(seller.token);
    expect(exported.status, exported.text).toBe(200);
    const entries = await unzip(exported.bytes);
    const id = account.inventory.listingId;
    expect(entries.has(`photos/${id}/1.jpg`)).toBe(false);
    expect(entries.get(`photos/${id}/2.jpg`)?.equals(storedBytes(String(second?.storage_key)))).toBe(true);
    const missing = entries.get('missing-photos.txt')?.toString('utf8') ?? '';
    expect(missing).toContain(`photos/${id}/1.jpg  (Barbour waxed jacket)`);
    expect(missing).not.toContain(`photos/${id}/2.jpg`);
    expect(parseJson<Listing[]>(entries, 'listings.json')).toHaveLength(2);
  });
});

describe('an empty account', () => {
  it('exports the account, an empty list and the CSV header, and no photos', async () => {
    const seller = await createUser(server.baseUrl);
    const exported = await exportAccount(seller.token);
    expect(exported.status, exported.text).toBe(200);
    const entries = await unzip(exported.bytes);
    expect([...entries.keys()].sort()).toEqual(['account.json', 'listings.csv', 'listings.json']);
    expect(parseJson(entries, 'listings.json')).toEqual([]);
    expect(parseJson(entries, 'account.json')).toMatchObject({
      email: seller.email,
      signInProviders: [],
      marketplaceConnections: [],
      crosslistingActivity: [],
      usage: { byMonth: [] },
    });
    const csv = entries.get('listings.csv')?.toString('utf8') ?? '';
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('export limits', () => {
  it(`allows ${EXPORTS_PER_HOUR} exports an hour per seller, then answers 429 with Retry-After`, async () => {
    const seller = await createUser(server.baseUrl);
    for (let attempt = 0; attempt < EXPORTS_PER_HOUR; attempt++) {
      expect((await exportAccount(seller.token)).status).toBe(200);
    }
    const refused = await exportAccount(seller.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another seller has their own allowance.
    const other = await createUser(server.baseUrl);
    expect((await exportAccount(other.token)).status).toBe(200);
  });

  it('needs a signed-in seller', async () => {
    expect((await exportAccount('')).status).toBe(401);
  });
});
