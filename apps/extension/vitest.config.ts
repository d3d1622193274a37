import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'extension',
    include: ['src/**/*.test.ts'],
    // Pure logic runs on node; a test that needs a DOM says so with `// @vitest-environment jsdom`.
    environment: 'node',
    // Most files start a real Snaplist server (its own SQLite database) before their tests, as server tests do.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
