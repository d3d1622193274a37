import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { findTestRedis } from '../../testing/test-redis';
import { connectRedis, RedisUnreachableError } from '../redis/redis-connection';
import { createRateLimiters, type RateLimiters } from './create-rate-limiters';
import { storedKey } from './rate-limiter';

const redis = await findTestRedis();
const rule = { points: 3, windowSeconds: 60 };

let open: RateLimiters[] = [];
let prefix = '';

afterEach(async () => {
  for (const limiters of open) await limiters.close();
  open = [];
  if (redis && prefix) await redis.removeKeys(prefix);
  prefix = '';
});

/** One API process's limiters. */
async function apiProcess() {
  const limiters = await createRateLimiters(loadConfig({ REDIS_URL: redis?.url }), { prefix });
  open.push(limiters);
  return limiters;
}

it('counts in memory when REDIS_URL is not set', async () => {
  const limiters = await createRateLimiters(loadConfig({}));
  expect(limiters.adapter).toBe('memory');
  await limiters.close();
});

it('refuses to start with a clear message when Redis cannot be reached', async () => {
  await expect(createRateLimiters(loadConfig({ REDIS_URL: 'redis://127.0.0.1:1' }))).rejects.toThrow(
    RedisUnreachableError,
  );
});

describe.skipIf(!redis)('rate limits on Redis', () => {
  it('shares attempt counts between two processes', async () => {
    prefix = redis?.uniquePrefix() ?? '';
    const [first, second] = [await apiProcess(), await apiProcess()];
    expect(first.adapter).toBe('redis');
    const inFirst = first.create('login-ip', rule);
    const inSecond = second.create('login-ip', rule);

    expect(await inFirst.consume('203.0.113.7')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await inSecond.consume('203.0.113.7')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await inFirst.check('203.0.113.7')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await inSecond.consume('203.0.113.7')).toEqual({ allowed: true, retryAfterSeconds: 0 });

    // The third attempt was counted in the second process; the first one sees it.
    const refused = await inFirst.check('203.0.113.7');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await inFirst.consume('203.0.113.7')).allowed).toBe(false);
    expect((await inSecond.consume('198.51.100.1')).allowed).toBe(true);

    await inSecond.reset('203.0.113.7');
    expect(await inFirst.check('203.0.113.7')).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('stores e-mail addresses and IPs only as hashes', async () => {
    prefix = redis?.uniquePrefix() ?? '';
    const limiters = await apiProcess();
    const email = 'seller@example.test';
    await limiters.create('login-email', rule).consume(email);
    await limiters.create('login-ip', rule).consume('203.0.113.7');

    const client = await connectRedis(redis?.url ?? '', { name: 'snaplist-test-inspect' });
    const keys = await client.keys(`${prefix}:*`);
    await client.quit();
    expect(keys.sort()).toEqual(
      [
        `${prefix}:rate-limit:login-email:${storedKey(email)}`,
        `${prefix}:rate-limit:login-ip:${storedKey('203.0.113.7')}`,
      ].sort(),
    );
    expect(keys.join(' ')).not.toMatch(/example\.test|203\.0\.113/);
    expect(storedKey(email)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps each limit apart', async () => {
    prefix = redis?.uniquePrefix() ?? '';
    const limiters = await apiProcess();
    const perIp = limiters.create('signup-ip', { points: 1, windowSeconds: 60 });
    const perEmail = limiters.create('signup-email', { points: 1, windowSeconds: 60 });
    expect((await perIp.consume('same-key')).allowed).toBe(true);
    expect((await perEmail.consume('same-key')).allowed).toBe(true);
    expect((await perIp.consume('same-key')).allowed).toBe(false);
  });
});
