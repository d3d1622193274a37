import type { Kysely } from 'kysely';

// E-mail verification and e-mail changes (decision 042): one row per e-mailed link that confirms an
// address, the sign-up's own ('verify') or a new one the seller asked for ('change'). Like a password reset
// link, only the SHA-256 of the token is kept; the row keeps the address it confirms and the language the
// seller reads, for the notice a change sends to the old address. The row goes with its user.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_links')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(16)', (column) => column.notNull())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  // A new link replaces the user's earlier one of its purpose, and the foreign key is checked on every user delete.
  await db.schema.createIndex('email_links_user_idx').on('email_links').column('user_id').execute();
  // The sweeper deletes by expiry.
  await db.schema.createIndex('email_links_expires_idx').on('email_links').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_links').execute();
}
