import type { Kysely } from 'kysely';

// Decision 041: signing in with Google or Apple. An identity is one provider's account (its issuer's `sub`),
// tied to one Snaplist account; the row goes with its user. A sign-in under way is an attempt: its state,
// nonce and PKCE verifier, the hash of the browser key that alone may finish it, and, when the provider's
// e-mail belongs to an existing account, the identity waiting for the seller to prove that account is theirs.
// A link e-mailed for that proof carries what it links, so it outlives the attempt.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('subject', 'varchar(255)', (column) => column.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addUniqueConstraint('user_identities_provider_subject_unique', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();
  await db.schema
    .createTable('oidc_attempts')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('state', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('nonce', 'varchar(64)', (column) => column.notNull())
    .addColumn('code_verifier', 'varchar(128)', (column) => column.notNull())
    .addColumn('browser_key_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('pending_user_id', 'varchar(36)', (column) =>
      column.references('users.id').onDelete('cascade'),
    )
    .addColumn('pending_subject', 'varchar(255)')
    .addColumn('pending_email', 'varchar(254)')
    .addColumn('linked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('oidc_attempts_expires_idx').on('oidc_attempts').column('expires_at').execute();
  await db.schema
    .createTable('oidc_link_tokens')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('user_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('subject', 'varchar(255)', (column) => column.notNull())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('oidc_link_tokens_expires_idx')
    .on('oidc_link_tokens')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oidc_link_tokens').execute();
  await db.schema.dropTable('oidc_attempts').execute();
  await db.schema.dropTable('user_identities').execute();
}
