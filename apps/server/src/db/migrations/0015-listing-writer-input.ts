import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  // What the local writer wrote a listing from (its facts and the parts asked for), as JSON text, so a
  // seller's yes to a suggestion rewrites every text the fact touches (decision 047). Null for a listing a
  // vision model or a seller wrote, and for those written before this.
  await db.schema.alterTable('listings').addColumn('writer_input', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').dropColumn('writer_input').execute();
}
