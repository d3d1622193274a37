import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  // Brand and size readings the engine was not sure of, waiting for the seller's yes or no (decision 017).
  // JSON text like `evidence`; listings written before this have none.
  await db.schema
    .alterTable('listings')
    .addColumn('suggestions', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').dropColumn('suggestions').execute();
}
