// The repeatable sweep on Redis: every worker schedules it, one schedule exists, and the workers run it.
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { redisQueueScope } from '../../testing/redis-queue-scope';
import { findTestRedis } from '../../testing/test-redis';
import {
  HOUSEKEEPING_QUEUE_NAME,
  type HousekeepingWorker,
  startHousekeepingWorker,
} from './bullmq-housekeeping';

const redis = await findTestRedis();
const scope = redisQueueScope<HousekeepingWorker | Queue>(redis, (resource) => resource.close());

describe.skipIf(!redis)('the housekeeping sweep on BullMQ', () => {
  it('keeps one schedule however many workers start, and runs the sweep again and again', async () => {
    scope.newPrefix();
    let sweeps = 0;
    let sweptThrice: () => void = () => {};
    const thrice = new Promise<void>((resolve) => {
      sweptThrice = resolve;
    });
    const sweep = async () => {
      sweeps += 1;
      if (sweeps === 3) sweptThrice();
    };
    const options = { ...scope.redisOptions, intervalMs: 100, sweep, log: { error: () => {} } };
    scope.open(await startHousekeepingWorker(options));
    scope.open(await startHousekeepingWorker(options));

    await thrice;
    const queue = scope.open(new Queue(HOUSEKEEPING_QUEUE_NAME, scope.bullmqOptions));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key)).toEqual(['sweep']);
    expect(sweeps).toBeGreaterThanOrEqual(3);
  });
});
