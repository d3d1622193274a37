// The repeatable sweep on Redis: every worker schedules it, one schedule exists, and the workers run it.
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { findTestRedis } from '../../testing/test-redis';
import {
  HOUSEKEEPING_QUEUE_NAME,
  type HousekeepingWorker,
  startHousekeepingWorker,
} from './bullmq-housekeeping';

const redis = await findTestRedis();
const open: Array<HousekeepingWorker | Queue> = [];
let prefix = '';

afterEach(async () => {
  for (const resource of open.splice(0).reverse()) await resource.close();
  if (redis && prefix) await redis.removeKeys(prefix);
});

describe.skipIf(!redis)('the housekeeping sweep on BullMQ', () => {
  it('keeps one schedule however many workers start, and runs the sweep again and again', async () => {
    prefix = redis?.uniquePrefix() ?? '';
    let sweeps = 0;
    let sweptThrice: () => void = () => {};
    const thrice = new Promise<void>((resolve) => {
      sweptThrice = resolve;
    });
    const sweep = async () => {
      sweeps += 1;
      if (sweeps === 3) sweptThrice();
    };
    const options = { redisUrl: redis?.url ?? '', prefix, intervalMs: 100, sweep, log: { error: () => {} } };
    open.push(await startHousekeepingWorker(options), await startHousekeepingWorker(options));

    await thrice;
    const queue = new Queue(HOUSEKEEPING_QUEUE_NAME, { connection: { url: redis?.url ?? '' }, prefix });
    open.push(queue);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key)).toEqual(['sweep']);
    expect(sweeps).toBeGreaterThanOrEqual(3);
  });
});
