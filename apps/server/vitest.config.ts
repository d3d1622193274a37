import { configDefaults, defineConfig } from 'vitest/config';

/** What both server projects share: this one (SQLite) and `server-postgres` (vitest.postgres.config.ts). */
export const serverTestOptions = {
  setupFiles: ['../../vitest.setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 30_000,
  isolate: false,
};

export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Needs PostgreSQL: it runs in `server-postgres` only.
    exclude: [...configDefaults.exclude, 'src/scale-out.test.ts'],
    // SQLite whatever the shell says: `server-postgres` runs the database tests again on PostgreSQL.
    env: { TEST_DATABASE_URL: '' },
  },
});
