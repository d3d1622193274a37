import type { Kysely } from 'kysely';

// Deleting an account (decision 043): the storage keys of the seller's photos are written here in the
// same transaction that deletes their rows, and removed once the objects are gone. A crash in between leaves
// the keys here, and the sweeper deletes those objects: no row ever points at a missing file, and no file of a
// deleted account stays for good. Keys name no user, so nothing here says whose they were.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storage_deletions')
    .addColumn('key', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('queued_at', 'varchar(32)', (column) => column.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('storage_deletions').execute();
}
