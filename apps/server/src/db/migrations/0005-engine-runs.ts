import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  const addColumns = [
    // What each generation cost and who wrote it: for operators comparing engines and models.
    db.schema.alterTable('generations').addColumn('engine', 'varchar(60)'),
    db.schema.alterTable('generations').addColumn('engine_model', 'varchar(200)'),
    db.schema.alterTable('generations').addColumn('engine_fallback', 'varchar(32)'),
    db.schema.alterTable('generations').addColumn('engine_latency_ms', 'integer'),
    db.schema.alterTable('generations').addColumn('prompt_tokens', 'integer'),
    db.schema.alterTable('generations').addColumn('completion_tokens', 'integer'),
    // What the seller sees on the details page.
    db.schema.alterTable('listings').addColumn('engine_model', 'varchar(200)'),
    db.schema.alterTable('listings').addColumn('engine_fallback', 'varchar(32)'),
  ];
  for (const statement of addColumns) await statement.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['engine_model', 'engine_fallback']) {
    await db.schema.alterTable('listings').dropColumn(column).execute();
  }
  for (const column of [
    'engine',
    'engine_model',
    'engine_fallback',
    'engine_latency_ms',
    'prompt_tokens',
    'completion_tokens',
  ]) {
    await db.schema.alterTable('generations').dropColumn(column).execute();
  }
}
