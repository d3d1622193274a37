// Table shapes as Kysely sees them. Only repositories and db/ import this.
// Portable across SQLite and PostgreSQL: booleans are 0/1 integers, timestamps are ISO-8601 UTC text
// (docs/decisions/004-portable-schema.md).
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  is_new_user: Generated<number>;
  free_access: Generated<number>;
  plan_price_id: string | null;
  plan_status: string | null;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}
