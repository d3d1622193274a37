// Ordered migrations, listed here rather than read from disk so they bundle and run the same everywhere.
import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as generation from './0002-generation';

export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-generation': generation,
};
