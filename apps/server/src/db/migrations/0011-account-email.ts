import type { Kysely } from 'kysely';

// Decision 042: an account remembers when its e-mail address was confirmed (a password sign-up follows an
// e-mailed link; Google and Apple confirm theirs), and whether the seller ever chose a password: an account
// made with Google or Apple has none, and its password hash is then of random bytes nobody knows. Accounts
// from before this migration were made with a password and have not confirmed their address.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('has_password', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('has_password').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
