import { defineConfig } from 'vitest/config';
import { postgresProjects } from './apps/server/vitest.postgres.config.ts';

export default defineConfig(async () => ({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      'apps/extension',
      ...(await postgresProjects()),
    ],
  },
}));
