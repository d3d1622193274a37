import type { Kysely } from 'kysely';

// Facts about the deployment itself, one row per name (decision 051). The first is the id of the
// local photo storage the database was set up with: an API or worker whose DATA_DIR holds another one (or
// none) is told so, instead of telling sellers their photos never arrived.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instance_settings')
    .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('value', 'varchar(255)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('instance_settings').execute();
}
