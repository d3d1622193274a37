// The listing record against a real database (SQLite here, PostgreSQL in the server-postgres project): what
// goes in comes back field for field, the stored text keeps the format earlier rows have, and search_text
// follows the text it folds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { openDatabase } from '../../db/open-database';
import { createTestSchema, testDatabaseUrl } from '../../testing/test-database';
import { UsersRepository } from '../users/users.repository';
import { type ListingRecord, ListingsRepository } from './listings.repository';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openDb(): Promise<Db> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-listings-repo-'));
  const postgres = testDatabaseUrl();
  const schema = postgres ? await createTestSchema(postgres) : undefined;
  const { db } = await openDatabase(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: schema?.url }),
  );
  cleanups.push(async () => {
    await db.destroy();
    await schema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return db;
}

async function newOwner(db: Db): Promise<string> {
  const id = crypto.randomUUID();
  await new UsersRepository(db).create({
    id,
    email: `${id}@example.test`,
    passwordHash: 'unused',
    createdAt: new Date().toISOString(),
  });
  return id;
}

/** A record with no field left at a default, so a field dropped on the way in or out shows. */
function fullRecord(ownerId: string, overrides: Partial<ListingRecord> = {}): ListingRecord {
  return {
    id: crypto.randomUUID(),
    ownerId,
    source: 'generated',
    madeFromId: null,
    title: 'Zara wool coat',
    description: 'Warm.\nLined.',
    tags: ['coat', 'wool'],
    currency: 'EUR',
    priceMin: 1500,
    priceMax: 3000,
    price: 2500,
    brand: 'Zara',
    size: 'M',
    colours: ['Black', 'Grey'],
    category: 'Outerwear',
    condition: 'Very good',
    composition: [{ fibre: 'wool', percent: 80 }],
    evidence: { brand: [{ source: 'label_text', rule: 'brand.exact', photo: 2, text: 'ZARA' }] },
    suggestions: [{ field: 'size', value: 'M', evidence: [{ source: 'label_text', rule: 'size.fuzzy' }] }],
    variants: { ebay: { title: 'Zara wool coat', description: 'Warm.', tags: ['coat'] } },
    writerInput: {
      facts: {
        brand: { value: 'Zara', evidence: [{ source: 'label_text', rule: 'brand.exact', photo: 2 }] },
        size: null,
        composition: { value: [{ fibre: 'wool', percent: 80 }], evidence: [] },
        care: { value: ['machine wash 30'], evidence: [{ source: 'label_text', rule: 'care.words' }] },
        colours: { value: ['Black', 'Grey'], evidence: [] },
        category: null,
        itemType: { value: 'coat', evidence: [{ source: 'item_shape', rule: 'item_type.outline' }] },
        condition: null,
        preOwned: true,
        fit: 'oversized',
        openToOffers: false,
        shippingDays: 3,
      },
      parts: { title: true, description: true, tags: false, suggestedPrice: true },
    },
    language: 'fr',
    engine: 'openai',
    engineModel: 'fake-model-1',
    engineFallback: 'refused',
    stockStatus: 'ooStock',
    sku: 'SKU-1',
    cogs: 400,
    barcode: 'ABC-123',
    quantity: 3,
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:06.000Z',
    ...overrides,
  };
}

describe('ListingsRepository', () => {
  it('reads back every field of the record it wrote, and of the listing one was made from', async () => {
    const db = await openDb();
    const ownerId = await newOwner(db);
    const listings = new ListingsRepository(db);
    const generated = fullRecord(ownerId);
    const madeFromIt = fullRecord(ownerId, {
      source: 'inventory',
      madeFromId: generated.id,
      suggestions: [],
    });

    await db.transaction().execute(async (trx) => {
      const inTransaction = new ListingsRepository(trx);
      await inTransaction.insert(generated);
      await inTransaction.insert(madeFromIt);
    });

    expect(await listings.findOwned(generated.id, ownerId)).toEqual(generated);
    expect(await listings.findOwned(madeFromIt.id, ownerId)).toEqual(madeFromIt);
    expect(await listings.findOwned(generated.id, await newOwner(db))).toBeUndefined();
  });

  it('stores JSON as the text rows written before the record have, and the folded search text', async () => {
    const db = await openDb();
    const ownerId = await newOwner(db);
    const record = fullRecord(ownerId, { title: 'Lévi’s Łódź jeans' });
    await new ListingsRepository(db).insert(record);

    const row = await db
      .selectFrom('listings')
      .select(['tags', 'colours', 'evidence', 'suggestions', 'search_text'])
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      tags: '["coat","wool"]',
      colours: '["Black","Grey"]',
      evidence: JSON.stringify(record.evidence),
      suggestions: JSON.stringify(record.suggestions),
      search_text: 'levis lodz jeans zara warm. lined. coat wool sku-1',
    });
  });

  it('reads a writer input it can no longer read as none, so an answer falls back to the title alone', async () => {
    const db = await openDb();
    const ownerId = await newOwner(db);
    const listings = new ListingsRepository(db);
    const record = fullRecord(ownerId);
    await listings.insert(record);
    await db
      .updateTable('listings')
      .set({ writer_input: JSON.stringify({ facts: { brand: null }, parts: { title: true } }) })
      .where('id', '=', record.id)
      .execute();
    expect((await listings.findOwned(record.id, ownerId))?.writerInput).toBeNull();
  });

  it('rebuilds search_text when an update sets the searched fields, and keeps every other field', async () => {
    const db = await openDb();
    const ownerId = await newOwner(db);
    const listings = new ListingsRepository(db);
    const record = fullRecord(ownerId);
    await listings.insert(record);

    const searched = { title: 'Mango dress', brand: null, description: 'Red.', tags: ['dress'], sku: null };
    expect(await listings.updateOwned(record.id, ownerId, { ...searched, updatedAt: 'later' })).toBe(true);
    expect(await listings.updateOwned(record.id, ownerId, { stockStatus: 'inStock' })).toBe(true);

    expect(await listings.findOwned(record.id, ownerId)).toEqual({
      ...record,
      ...searched,
      stockStatus: 'inStock',
      updatedAt: 'later',
    });
    const { search_text } = await db
      .selectFrom('listings')
      .select('search_text')
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    expect(search_text).toBe('mango dress red. dress');
    expect(await listings.updateOwned(record.id, await newOwner(db), { stockStatus: 'ooStock' })).toBe(false);
  });

  it('pages the fields a list row and an export row show, decoded', async () => {
    const db = await openDb();
    const ownerId = await newOwner(db);
    const listings = new ListingsRepository(db);
    const record = fullRecord(ownerId);
    await listings.insert(record);

    const [summary] = await listings.summaryPage(ownerId, 'generated', null, 10);
    expect(summary).toEqual({
      id: record.id,
      source: 'generated',
      title: record.title,
      brand: 'Zara',
      size: 'M',
      sku: 'SKU-1',
      price: 2500,
      priceMin: 1500,
      priceMax: 3000,
      currency: 'EUR',
      quantity: 3,
      stockStatus: 'ooStock',
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    });
    expect(await listings.searchSummaries(ownerId, 'generated', ['wool'], 0, 10)).toEqual([summary]);
    const [exported] = await listings.exportPage(ownerId, 'generated', null, 10);
    expect(exported).toMatchObject({
      tags: ['coat', 'wool'],
      colours: ['Black', 'Grey'],
      condition: 'Very good',
    });
    expect(exported).not.toHaveProperty('evidence');
  });
});
