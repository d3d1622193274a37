// Attempt counting for sign-up and log-in. The port lets the scale-out adapter share counts between
// processes; the embedded adapter keeps them in this process.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface RateLimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt against `key`. */
  consume(key: string): Promise<RateLimitDecision>;
  /** Whether `key` is over its limit, without counting an attempt. */
  check(key: string): Promise<RateLimitDecision>;
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  points: number;
  windowSeconds: number;
}

export function createMemoryRateLimiter(keyPrefix: string, rule: RateLimitRule): RateLimiter {
  return wrap(new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.windowSeconds }), rule);
}

/**
 * Counts in Redis, so every API process sees the same attempts. While Redis is unreachable, each process
 * falls back to counting in its own memory: sign-in stays up and stays limited, only less tightly.
 */
export function createRedisRateLimiter(client: Redis, keyPrefix: string, rule: RateLimitRule): RateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: client,
    keyPrefix,
    points: rule.points,
    duration: rule.windowSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.windowSeconds }),
  });
  return wrap(limiter, rule);
}

/**
 * Keys are e-mail addresses and IPs: they are stored as SHA-256 digests, so whoever can read Redis (or a
 * dump of it) does not get a list of the addresses that tried to log in.
 */
export function storedKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

function wrap(limiter: RateLimiterAbstract, rule: RateLimitRule): RateLimiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(storedKey(key));
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return refused(rejection);
        throw rejection;
      }
    },
    async check(key) {
      const state = await limiter.get(storedKey(key));
      if (state && state.consumedPoints >= rule.points) return refused(state);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async reset(key) {
      await limiter.delete(storedKey(key));
    },
  };
}

function refused(state: RateLimiterRes): RateLimitDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
}
