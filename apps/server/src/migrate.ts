// `npm run migrate`: brings the configured database (SQLite in DATA_DIR, or DATABASE_URL) up to date and
// exits. API processes and workers also migrate at start; this runs it alone, before a rolling deploy.
import { loadConfig } from './config';
import { openDatabase } from './db/open-database';

const config = loadConfig();
const database = await openDatabase(config);
await database.db.destroy();
process.stdout.write(`Database (${database.adapter}) is up to date.\n`);
