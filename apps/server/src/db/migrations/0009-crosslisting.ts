import type { Kysely } from 'kysely';

// Crosslisting through the marketplaces' APIs (decision 033): each seller's connected accounts, the
// OAuth attempts under way, one publication per listing and marketplace, the sales already counted, and what
// happened (the activity list). Everything belonging to a seller or a listing goes with it.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('marketplace_connections')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('marketplace', 'varchar(16)', (column) => column.notNull())
    .addColumn('account_name', 'varchar(255)')
    .addColumn('account_id', 'varchar(255)')
    .addColumn('shop', 'varchar(255)')
    // AES-256-GCM, base64url (platform/marketplaces/token-cipher.ts).
    .addColumn('access_token', 'text', (column) => column.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('access_token_expires_at', 'varchar(32)')
    .addColumn('refresh_token_expires_at', 'varchar(32)')
    .addColumn('settings', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('needs_reconnect', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('connected_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('sales_synced_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addUniqueConstraint('marketplace_connections_owner_marketplace_key', ['owner_id', 'marketplace'])
    .execute();

  await db.schema
    .createTable('marketplace_authorizations')
    // SHA-256 of the state: the state itself is a bearer secret for the few minutes it lives.
    .addColumn('state_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('marketplace', 'varchar(16)', (column) => column.notNull())
    .addColumn('code_verifier', 'text')
    .addColumn('shop', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('marketplace_authorizations_owner_idx')
    .on('marketplace_authorizations')
    .columns(['owner_id', 'expires_at'])
    .execute();

  await db.schema
    .createTable('publications')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('listing_id', 'varchar(36)', (column) =>
      column.notNull().references('listings.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('marketplace', 'varchar(16)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('sku', 'varchar(64)', (column) => column.notNull())
    .addColumn('external_id', 'varchar(255)')
    .addColumn('url', 'text')
    .addColumn('progress', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('error_code', 'varchar(40)')
    .addColumn('error_message', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    // 1 from a seller's edit of price or quantity until it reaches the marketplace: start-up pushes it again.
    .addColumn('needs_update', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('published_at', 'varchar(32)')
    .addUniqueConstraint('publications_listing_marketplace_key', ['listing_id', 'marketplace'])
    .execute();
  // A sale reports the SKU: its publication (hence its listing) is found by the seller's SKU.
  await db.schema
    .createIndex('publications_owner_sku_idx')
    .on('publications')
    .columns(['owner_id', 'sku'])
    .execute();
  // Start-up looks for jobs a stopped process left unfinished.
  await db.schema.createIndex('publications_status_idx').on('publications').column('status').execute();

  await db.schema
    .createTable('marketplace_sales')
    .addColumn('marketplace', 'varchar(16)', (column) => column.notNull())
    .addColumn('order_id', 'varchar(255)', (column) => column.notNull())
    .addColumn('sku', 'varchar(64)', (column) => column.notNull())
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('listing_id', 'varchar(36)', (column) =>
      column.notNull().references('listings.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (column) => column.notNull())
    .addColumn('sold_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('recorded_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('marketplace_sales_pk', ['marketplace', 'order_id', 'sku'])
    .execute();
  // The foreign keys above are checked on every listing delete; without an index each check scans the table.
  await db.schema
    .createIndex('marketplace_sales_listing_idx')
    .on('marketplace_sales')
    .column('listing_id')
    .execute();

  await db.schema
    .createTable('crosslisting_activity')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('listing_id', 'varchar(36)', (column) =>
      column.notNull().references('listings.id').onDelete('cascade'),
    )
    .addColumn('marketplace', 'varchar(16)')
    .addColumn('kind', 'varchar(24)', (column) => column.notNull())
    .addColumn('detail', 'text')
    .addColumn('at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('crosslisting_activity_owner_idx')
    .on('crosslisting_activity')
    .columns(['owner_id', 'at'])
    .execute();
  await db.schema
    .createIndex('crosslisting_activity_listing_idx')
    .on('crosslisting_activity')
    .columns(['listing_id', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'crosslisting_activity',
    'marketplace_sales',
    'publications',
    'marketplace_authorizations',
    'marketplace_connections',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
