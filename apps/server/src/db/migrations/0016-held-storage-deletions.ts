import type { Kysely } from 'kysely';

// Files a generation run writes before the transaction that commits its listing (decision 051): their
// keys are queued here first, held until `held_until`, and the commit takes them back out. A run killed or
// failed in between leaves its keys, and once the hold ends the sweeper deletes those files. Null: delete as
// soon as possible (a deleted account's files, decision 043).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('storage_deletions').addColumn('held_until', 'varchar(32)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('storage_deletions').dropColumn('held_until').execute();
}
