// The `server-postgres` project: every test that touches the database (src/modules, src/db) again, on
// PostgreSQL, each test server in a schema of its own (src/testing/test-database.ts).
//
// TEST_DATABASE_URL names the server: postgres://postgres@127.0.0.1:5432/test by default, `off` to leave the
// project out. When it cannot be reached the project is skipped with a warning, except when CI is set: there
// the run fails, so a CI without PostgreSQL cannot pass by testing SQLite only.

import pg from 'pg';
import { defineConfig } from 'vitest/config';
import { describePostgresUrl } from './src/db/postgres-url.ts';
import { serverTestOptions } from './vitest.config.ts';

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

function configuredUrl(): string | undefined {
  // biome-ignore lint/style/noProcessEnv: the runner's own setting, read where the projects are chosen
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  return url === '' || url === 'off' ? undefined : url;
}

/** For the root config: this project when its PostgreSQL answers, nothing when it is off or (outside CI) down. */
export async function postgresProjects(): Promise<string[]> {
  const url = configuredUrl();
  if (!url) return [];
  try {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => {});
    }
    return ['apps/server/vitest.postgres.config.ts'];
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : String(error);
    const problem = `cannot reach PostgreSQL at ${describePostgresUrl(url)} (TEST_DATABASE_URL): ${reason}`;
    // biome-ignore lint/style/noProcessEnv: CI decides whether an unreachable PostgreSQL fails the run
    const ci = process.env.CI;
    if (ci && ci !== 'false' && ci !== '0') {
      throw new Error(
        `server-postgres: ${problem}. CI is set, so the PostgreSQL tests fail instead of skipping.`,
      );
    }
    console.warn(
      `\nWARNING server-postgres skipped: ${problem}.\n` +
        'Start PostgreSQL, point TEST_DATABASE_URL at one, or set TEST_DATABASE_URL=off to leave it out.\n',
    );
    return [];
  }
}

export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server-postgres',
    // The OCR and engine tests under platform/ never touch the database: once, in `server`, is enough.
    include: [
      'src/modules/**/*.test.ts',
      'src/db/**/*.test.ts',
      'src/scale-out.test.ts',
      // The string rule and the OpenAPI fuzz test: bad bytes must get the same answer from both databases.
      'src/http/text-rule.test.ts',
      'src/http/openapi-fuzz.test.ts',
    ],
    env: { TEST_DATABASE_URL: configuredUrl() ?? DEFAULT_TEST_DATABASE_URL },
    globalSetup: ['./vitest.postgres.setup.ts'],
  },
});
