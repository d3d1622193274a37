import fs from 'node:fs';
import path from 'node:path';
import { routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import {
  createInventoryListing,
  listingInput,
  readOpenApiDocument,
  seedListings,
  type TestUser,
} from '../../testing';
import { newSeller, server, useListingsServer } from '../../testing/listings-test-server';
import { refuseInsertsInto } from '../../testing/test-database';

useListingsServer();

function exportCsv(user: TestUser, type = 'inventory') {
  return server.call(routes.exportListings, { token: user.token, query: { type } });
}

/** RFC 4180 as spreadsheets read it: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') {
        quoted = false;
      } else {
        field += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      index++;
    } else {
      field += character;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

function asRecords(rows: string[][]): Array<Record<string, string>> {
  const [header = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

describe('GET /api/crosslister/listings/export', () => {
  it('is a UTF-8 CSV with a BOM and CRLF that a spreadsheet reads back cell for cell', async () => {
    const { user } = await newSeller();
    const tricky = await createInventoryListing(server.baseUrl, user, {
      title: 'Żółta sukienka, "vintage"',
      description: 'Line one.\nLine two, with a comma.',
      price: 1250,
      cogs: 400,
      currency: 'EUR',
      sku: '=HYPERLINK("http://evil")',
      barcode: '-5012345',
      brand: '+Brand',
      tags: ['@mention', 'łąka'],
      colours: ['Yellow', 'White'],
      quantity: 4,
      stockStatus: 'ooStock',
      listedOn: { vinted: { url: 'https://www.vinted.pl/items/9-sukienka' } },
    });
    const plain = await createInventoryListing(server.baseUrl, user, { title: 'Plain tee', price: 700 });

    const response = await exportCsv(user);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="snaplist-inventory-${today}.csv"`,
    );
    expect([...response.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    // Outside quoted cells every line ends in CRLF: a header and two records.
    const outsideQuotes = text.replace(/"(?:[^"]|"")*"/g, '""');
    expect(outsideQuotes.split('\r\n')).toHaveLength(4);
    expect(outsideQuotes.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'ID',
      'Title',
      'Description',
      'Price',
      'Currency',
      'Category',
      'Size',
      'Colours',
      'Brand',
      'Condition',
      'SKU',
      'Cost of goods',
      'Barcode',
      'Quantity',
      'Tags',
      'Stock status',
      'eBay URL',
      'Depop URL',
      'Etsy URL',
      'Poshmark URL',
      'Vinted URL',
      'Shopify URL',
      'Photos',
      'Created (UTC)',
      'Updated (UTC)',
    ]);
    const records = asRecords(rows);
    expect(records.map((record) => record.ID)).toEqual([plain.listingId, tricky.listingId]);
    expect(records[1]).toEqual({
      ID: tricky.listingId,
      Title: 'Żółta sukienka, "vintage"',
      Description: 'Line one.\nLine two, with a comma.',
      Price: '12.50',
      Currency: 'EUR',
      Category: 'Bottoms',
      Size: 'W32 L34',
      Colours: 'Yellow, White',
      Brand: "'+Brand",
      Condition: 'Very good',
      SKU: `'=HYPERLINK("http://evil")`,
      'Cost of goods': '4.00',
      Barcode: "'-5012345",
      Quantity: '4',
      Tags: "'@mention, łąka",
      'Stock status': 'Out of stock',
      'eBay URL': '',
      'Depop URL': '',
      'Etsy URL': '',
      'Poshmark URL': '',
      'Vinted URL': 'https://www.vinted.pl/items/9-sukienka',
      'Shopify URL': '',
      Photos: '1',
      'Created (UTC)': tricky.createdAt.slice(0, 19).replace('T', ' '),
      'Updated (UTC)': tricky.updatedAt.slice(0, 19).replace('T', ' '),
    });
    expect(records[0]).toMatchObject({ Price: '7.00', 'Cost of goods': '', 'Stock status': 'In stock' });
  });

  it('streams a big inventory in batches: every listing once, newest first, and only the seller’s', async () => {
    const { user, ownerId } = await newSeller();
    const stranger = await newSeller();
    const ids = await seedListings(server.app.db, ownerId, { count: 1203, withPhoto: true });
    await seedListings(server.app.db, stranger.ownerId, { count: 5 });
    await seedListings(server.app.db, ownerId, { count: 3, source: 'generated' });

    const response = await exportCsv(user);
    expect(response.status).toBe(200);
    const records = asRecords(parseCsv(response.bytes.subarray(3).toString('utf8')));
    expect(records.map((record) => record.ID)).toEqual(ids);
    expect(records.every((record) => record.Photos === '1')).toBe(true);
  });

  it('exports the generations tab on request, a header alone when empty, and refuses an unknown tab', async () => {
    const { user, ownerId } = await newSeller();
    const empty = await exportCsv(user);
    expect(parseCsv(empty.bytes.subarray(3).toString('utf8'))).toHaveLength(1);

    const generated = await seedListings(server.app.db, ownerId, { count: 2, source: 'generated' });
    const response = await exportCsv(user, 'generations');
    expect(response.headers.get('content-disposition')).toContain('snaplist-generations-');
    const records = asRecords(parseCsv(response.bytes.subarray(3).toString('utf8')));
    expect(records.map((record) => record.ID)).toEqual(generated);
    expect(records[0]).toMatchObject({ Price: '', SKU: '', Quantity: '1' });

    const unknown = await exportCsv(user, 'everything');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', details: [{ field: 'type' }] });
  });

  it('is described in the OpenAPI document as text/csv with its query parameter', async () => {
    const document = await readOpenApiDocument(server.baseUrl);
    const operation = document.paths['/api/crosslister/listings/export']?.get;
    expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(operation?.responses['400']?.content ?? {})).toEqual(['application/json']);
    expect(operation?.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'type' }));
  });
});

describe('a save that fails inside its transaction', () => {
  it('leaves no copied photo files and no half-written rows', async () => {
    const { user } = await newSeller();
    const source = await createInventoryListing(server.baseUrl, user);
    const photosDir = path.join(server.dataDir, 'photos', 'photos');
    const filesBefore = fs.readdirSync(photosDir).sort();
    const count = async (table: 'listings' | 'photos') =>
      Number(
        (
          await server.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [listingsBefore, photosBefore] = [await count('listings'), await count('photos')];

    // Writing the links is the transaction's last step: failing there proves everything before it is undone.
    const allowInserts = await refuseInsertsInto(server.app.db, 'marketplace_links');
    try {
      const response = await server.call(routes.createListing, {
        token: user.token,
        body: listingInput({
          sourceId: source.listingId,
          photos: source.photos.map((photo) => photo.id),
          listedOn: { ebay: { url: 'https://www.ebay.com/itm/1' } },
        }),
      });
      expect(response.status).toBe(500);
      expect(response.body.code).toBe('internal_error');
    } finally {
      await allowInserts();
    }
    expect(fs.readdirSync(photosDir).sort()).toEqual(filesBefore);
    expect([await count('listings'), await count('photos')]).toEqual([listingsBefore, photosBefore]);
  });
});
