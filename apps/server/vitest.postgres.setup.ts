// Before the PostgreSQL tests: drop the schemas that killed runs left behind. Only old ones: another run
// (CI, a second terminal) may be using the same database right now.
import type { TestProject } from 'vitest/node';
import { dropStaleTestSchemas } from './src/testing/test-database.ts';

const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<void> {
  const url = project.config.env.TEST_DATABASE_URL;
  if (url) await dropStaleTestSchemas(url, STALE_AFTER_MS);
}
