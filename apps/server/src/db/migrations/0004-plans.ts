import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was (see 0001)
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  const addColumns = [
    db.schema
      .alterTable('users')
      .addColumn('has_seen_onboarding', 'integer', (column) => column.notNull().defaultTo(0)),
    db.schema
      .alterTable('users')
      .addColumn('free_ai_listings_used', 'integer', (column) => column.notNull().defaultTo(0)),
    db.schema.alterTable('users').addColumn('plan_tier', 'varchar(16)'),
    db.schema.alterTable('users').addColumn('plan_period', 'varchar(16)'),
    db.schema.alterTable('users').addColumn('payment_customer_id', 'varchar(255)'),
    db.schema.alterTable('users').addColumn('payment_subscription_id', 'varchar(255)'),
    db.schema.alterTable('users').addColumn('plan_updated_at', 'varchar(32)'),
    db.schema.alterTable('generations').addColumn('charged_to', 'varchar(16)'),
    db.schema.alterTable('generations').addColumn('charged_month', 'varchar(7)'),
  ];
  for (const statement of addColumns) await statement.execute();
  // Webhooks about a subscription find their account by these.
  await db.schema
    .createIndex('users_payment_customer_idx')
    .on('users')
    .column('payment_customer_id')
    .execute();
  await db.schema
    .createIndex('users_payment_subscription_idx')
    .on('users')
    .column('payment_subscription_id')
    .execute();

  await db.schema
    .createTable('usage')
    .addColumn('user_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('month', 'varchar(7)', (column) => column.notNull())
    .addColumn('ai_listings_used', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_pk', ['user_id', 'month'])
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('event_id', 'varchar(255)', (column) => column.notNull())
    .addColumn('type', 'varchar(100)', (column) => column.notNull())
    .addColumn('received_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(36)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('price_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('checkout_sessions_user_idx')
    .on('checkout_sessions')
    .column('user_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checkout_sessions').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('usage').execute();
  await db.schema.dropIndex('users_payment_subscription_idx').execute();
  await db.schema.dropIndex('users_payment_customer_idx').execute();
  for (const column of ['charged_month', 'charged_to']) {
    await db.schema.alterTable('generations').dropColumn(column).execute();
  }
  for (const column of [
    'plan_updated_at',
    'payment_subscription_id',
    'payment_customer_id',
    'plan_period',
    'plan_tier',
    'free_ai_listings_used',
    'has_seen_onboarding',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
