// For tests that need a real Redis (TEST_REDIS_URL, the local one by default). Each test gets its own key
// prefix, removed afterwards, so runs never see each other's jobs or counts. Without Redis such tests are
// skipped with a message, except under CI, where they fail: a CI run must not pass without them.
import crypto from 'node:crypto';
import { connectRedis } from '../platform/redis/redis-connection';

// biome-ignore lint/style/noProcessEnv: test set-up, not app configuration (config.ts reads the app's)
const env = process.env;

export const TEST_REDIS_URL = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestRedis {
  url: string;
  /** A prefix no other test uses. */
  uniquePrefix(): string;
  /** Deletes every key under `prefix`. */
  removeKeys(prefix: string): Promise<void>;
}

/** Undefined (and a warning) when Redis cannot be reached outside CI; throws under CI. */
export async function findTestRedis(): Promise<TestRedis | undefined> {
  try {
    const probe = await connectRedis(TEST_REDIS_URL, { timeoutMs: 2_000, name: 'snaplist-test-probe' });
    await probe.quit();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (env.CI && env.CI !== 'false' && env.CI !== '0') {
      throw new Error(`These tests need Redis and CI is set, so they fail instead of skipping. ${reason}`);
    }
    console.warn(`Skipping the Redis tests: ${reason}. Start Redis, or point TEST_REDIS_URL at one.`);
    return undefined;
  }
  return {
    url: TEST_REDIS_URL,
    uniquePrefix: () => `snaplist-test-${crypto.randomUUID().slice(0, 12)}`,
    async removeKeys(prefix) {
      const client = await connectRedis(TEST_REDIS_URL, { name: 'snaplist-test-cleanup' });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          if (keys.length > 0) await client.unlink(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await client.quit();
      }
    },
  };
}
