// Ordered migrations, listed here rather than read from disk so they bundle and run the same everywhere.
import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';

export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
};
