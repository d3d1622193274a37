import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { postgresProjects } from './apps/server/vitest.postgres.config.ts';

export default defineConfig(async () => ({
  test: {
    // Vitest's default leaves a core idle on a 2-core machine; most test files wait on HTTP and databases, so a
    // worker per core keeps both busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      'apps/extension',
      ...(await postgresProjects()),
    ],
  },
}));
