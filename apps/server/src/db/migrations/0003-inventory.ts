import type { Kysely } from 'kysely';

const BACKFILL_BATCH = 500;

// The search text as it was folded when this migration was written (modules/listings/search-key.ts then),
// frozen here: a migration must give the same result whenever it runs, whatever the live code becomes.
const UNDECOMPOSED_LETTERS: Record<string, string> = { ł: 'l', ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd' };
const UNDECOMPOSED = /[łßæøœđ]/g;
const APOSTROPHES = /['’‘ʼ`´]/g;

function listingSearchText(fields: {
  title: string;
  brand: string | null;
  description: string;
  tags: string[];
}) {
  return [fields.title, fields.brand ?? '', fields.description, fields.tags.join(' ')]
    .join(' ')
    .replace(APOSTROPHES, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNDECOMPOSED, (letter) => UNDECOMPOSED_LETTERS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  const addColumns = [
    db.schema.alterTable('listings').addColumn('price', 'integer'),
    db.schema.alterTable('listings').addColumn('sku', 'varchar(64)'),
    db.schema.alterTable('listings').addColumn('cogs', 'integer'),
    db.schema.alterTable('listings').addColumn('barcode', 'varchar(48)'),
    db.schema
      .alterTable('listings')
      .addColumn('quantity', 'integer', (column) => column.notNull().defaultTo(1)),
    // An inventory listing made with "List Item" points back to the generated listing; deleting that one
    // leaves the copy standing, with no dangling id.
    db.schema
      .alterTable('listings')
      .addColumn('source_listing_id', 'varchar(36)', (column) =>
        column.references('listings.id').onDelete('set null'),
      ),
    db.schema
      .alterTable('listings')
      .addColumn('search_text', 'text', (column) => column.notNull().defaultTo('')),
  ];
  for (const statement of addColumns) await statement.execute();
  // The foreign key above is checked on every listing delete; without an index each check scans the table.
  await db.schema
    .createIndex('listings_source_listing_idx')
    .on('listings')
    .column('source_listing_id')
    .execute();

  await db.schema
    .createTable('marketplace_links')
    .addColumn('listing_id', 'varchar(36)', (column) =>
      column.notNull().references('listings.id').onDelete('cascade'),
    )
    .addColumn('marketplace', 'varchar(16)', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('listed'))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('marketplace_links_pk', ['listing_id', 'marketplace'])
    .execute();

  await backfillSearchText(db);
}

// Existing listings get the fold that the app gives new ones, so search finds old and new alike.
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function backfillSearchText(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{
      id: string;
      title: string;
      brand: string | null;
      description: string;
      tags: string;
    }> = await db
      .selectFrom('listings')
      .select(['id', 'title', 'brand', 'description', 'tags'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    for (const row of rows) {
      const searchText = listingSearchText({ ...row, tags: JSON.parse(row.tags) as string[] });
      await db.updateTable('listings').set({ search_text: searchText }).where('id', '=', row.id).execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < BACKFILL_BATCH) return;
    after = last.id;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('marketplace_links').execute();
  await db.schema.dropIndex('listings_source_listing_idx').execute();
  for (const column of ['search_text', 'source_listing_id', 'quantity', 'barcode', 'cogs', 'sku', 'price']) {
    await db.schema.alterTable('listings').dropColumn(column).execute();
  }
}
