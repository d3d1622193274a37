// Chooses where attempt counts live: Redis when REDIS_URL is set (shared by every API process), this
// process's memory otherwise.
import type { Config } from '../../config';
import { connectRedis } from '../redis/redis-connection';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
  type RateLimitRule,
} from './rate-limiter';

export interface RateLimiters {
  readonly adapter: 'memory' | 'redis';
  create(name: string, rule: RateLimitRule): RateLimiter;
  close(): Promise<void>;
}

export interface RateLimitersOptions {
  /** Key prefix in Redis instead of REDIS_PREFIX; tests give each run its own. */
  prefix?: string;
}

/** Rejects with RedisUnreachableError when REDIS_URL is set but Redis does not answer at start. */
export async function createRateLimiters(
  config: Config,
  options: RateLimitersOptions = {},
): Promise<RateLimiters> {
  if (!config.redisUrl) return { adapter: 'memory', create: createMemoryRateLimiter, close: async () => {} };
  const client = await connectRedis(config.redisUrl, {
    name: 'snaplist-rate-limits',
    // A limiter must answer now or fall back to memory (see createRedisRateLimiter), never queue commands.
    redis: { enableOfflineQueue: false, maxRetriesPerRequest: 1 },
  });
  const prefix = `${options.prefix ?? config.redisPrefix}:rate-limit`;
  return {
    adapter: 'redis',
    create: (name, rule) => createRedisRateLimiter(client, `${prefix}:${name}`, rule),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
