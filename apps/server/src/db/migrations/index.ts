// Ordered migrations, listed here rather than read from disk so they bundle and run the same everywhere.
import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as generation from './0002-generation';
import * as inventory from './0003-inventory';
import * as plans from './0004-plans';
import * as engineRuns from './0005-engine-runs';
import * as listingSuggestions from './0006-listing-suggestions';
import * as searchIndex from './0007-search-index';
import * as shortWordSearch from './0008-short-word-search';
import * as crosslisting from './0009-crosslisting';
import * as passwordReset from './0010-password-reset';
import * as accountEmail from './0011-account-email';
import * as signInProviders from './0012-sign-in-providers';
import * as emailLinks from './0013-email-links';
import * as storageDeletions from './0014-storage-deletions';
import * as listingWriterInput from './0015-listing-writer-input';
import * as heldStorageDeletions from './0016-held-storage-deletions';
import * as instanceSettings from './0017-instance-settings';
import * as salesSyncProblem from './0018-sales-sync-problem';

export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-generation': generation,
  '0003-inventory': inventory,
  '0004-plans': plans,
  '0005-engine-runs': engineRuns,
  '0006-listing-suggestions': listingSuggestions,
  '0007-search-index': searchIndex,
  '0008-short-word-search': shortWordSearch,
  '0009-crosslisting': crosslisting,
  '0010-password-reset': passwordReset,
  '0011-account-email': accountEmail,
  '0012-sign-in-providers': signInProviders,
  '0013-email-links': emailLinks,
  '0014-storage-deletions': storageDeletions,
  '0015-listing-writer-input': listingWriterInput,
  '0016-held-storage-deletions': heldStorageDeletions,
  '0017-instance-settings': instanceSettings,
  '0018-sales-sync-problem': salesSyncProblem,
};
