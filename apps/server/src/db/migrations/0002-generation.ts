import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listings')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('source', 'varchar(16)', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('tags', 'text', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('price_min', 'integer')
    .addColumn('price_max', 'integer')
    .addColumn('brand', 'varchar(120)')
    .addColumn('size', 'varchar(60)')
    .addColumn('colours', 'text', (column) => column.notNull())
    .addColumn('category', 'varchar(40)')
    .addColumn('condition', 'varchar(40)')
    .addColumn('composition', 'text', (column) => column.notNull())
    .addColumn('evidence', 'text', (column) => column.notNull())
    .addColumn('variants', 'text', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('engine', 'varchar(60)', (column) => column.notNull())
    .addColumn('stock_status', 'varchar(16)', (column) => column.notNull().defaultTo('inStock'))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('listings_owner_created_idx')
    .on('listings')
    .columns(['owner_id', 'source', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('generations')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('settings', 'text', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('listing_id', 'varchar(36)', (column) => column.references('listings.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('uploads_expire_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('generations_owner_idx').on('generations').column('owner_id').execute();
  await db.schema.createIndex('generations_status_idx').on('generations').column('status').execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('generation_id', 'varchar(36)', (column) =>
      column.references('generations.id').onDelete('set null'),
    )
    .addColumn('listing_id', 'varchar(36)', (column) => column.references('listings.id').onDelete('set null'))
    .addColumn('client_id', 'varchar(100)')
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('declared_type', 'varchar(20)')
    .addColumn('declared_bytes', 'integer')
    .addColumn('upload_key', 'varchar(255)')
    .addColumn('storage_key', 'varchar(255)')
    .addColumn('thumbnail_key', 'varchar(255)')
    .addColumn('mime', 'varchar(20)')
    .addColumn('bytes', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('photos_generation_idx')
    .on('photos')
    .columns(['generation_id', 'position'])
    .execute();
  await db.schema
    .createIndex('photos_listing_idx')
    .on('photos')
    .columns(['listing_id', 'position'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photos').execute();
  await db.schema.dropTable('generations').execute();
  await db.schema.dropTable('listings').execute();
}
