import type { Kysely } from 'kysely';

// Why a connection's sales cannot be read, when the seller can be told (Shopify without access to orders): null
// while the sync reads them.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('marketplace_connections')
    .addColumn('sales_sync_problem', 'varchar(64)')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('marketplace_connections').dropColumn('sales_sync_problem').execute();
}
