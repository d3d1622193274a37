// The listing record against a real database (SQLite here, PostgreSQL in the server-postgres project): what
// goes in comes back field for field, the stored text keeps the format earlier rows have, and search_text
// follows the text it folds.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertOwner, useDatabasePerTest } from '../../testing/database-per-test';
import { type ListingRecord, ListingsRepository } from './listings.repository';

const openTestDatabase = useDatabasePerTest();
const openDb = async () => (await openTestDatabase()).db;

/** A fresh database holding one full record of a new owner, and the repository that wrote it. */
async function storedFullRecord() {
  const db = await openDb();
  const ownerId = await insertOwner(db);
  const listings = new ListingsRepository(db);
  const record = fullRecord(ownerId);
  await listings.insert(record);
  return { db, ownerId, listings, record };
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
    const ownerId = await insertOwner(db);
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
    expect(await listings.findOwned(generated.id, await insertOwner(db))).toBeUndefined();
  });

  it('stores JSON as the text rows written before the record have, and the folded search text', async () => {
    const db = await openDb();
    const ownerId = await insertOwner(db);
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
    const { db, ownerId, listings, record } = await storedFullRecord();
    await db
      .updateTable('listings')
      .set({ writer_input: JSON.stringify({ facts: { brand: null }, parts: { title: true } }) })
      .where('id', '=', record.id)
      .execute();
    expect((await listings.findOwned(record.id, ownerId))?.writerInput).toBeNull();
  });

  it('rebuilds search_text when an update sets the searched fields, and keeps every other field', async () => {
    const { db, ownerId, listings, record } = await storedFullRecord();

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
    expect(await listings.updateOwned(record.id, await insertOwner(db), { stockStatus: 'ooStock' })).toBe(
      false,
    );
  });

  it('pages the fields a list row and an export row show, decoded', async () => {
    const { ownerId, listings, record } = await storedFullRecord();

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
