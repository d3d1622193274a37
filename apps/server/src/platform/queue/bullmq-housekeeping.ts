// The sweep at scale (REDIS_URL set): one repeatable BullMQ job, scheduled by every worker under the same
// id so there is only ever one schedule, and run by whichever worker takes it. The API processes then sweep
// only at their start.
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';

export const HOUSEKEEPING_QUEUE_NAME = 'housekeeping';
const SWEEP_SCHEDULER_ID = 'sweep';

export interface HousekeepingWorkerOptions {
  redisUrl: string;
  /** Namespace of every key (REDIS_PREFIX); tests give each run its own. */
  prefix: string;
  /** Between two sweeps (SWEEP_INTERVAL_MINUTES). */
  intervalMs: number;
  sweep(): Promise<void>;
  log: Pick<Logger, 'error'>;
}

export interface HousekeepingWorker {
  close(): Promise<void>;
}

export async function startHousekeepingWorker(
  options: HousekeepingWorkerOptions,
): Promise<HousekeepingWorker> {
  const connection = { url: options.redisUrl };
  const queue = new Queue(HOUSEKEEPING_QUEUE_NAME, { connection, prefix: options.prefix });
  await queue.upsertJobScheduler(
    SWEEP_SCHEDULER_ID,
    { every: options.intervalMs },
    { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: 10 } },
  );
  // One sweep at a time per worker; two workers sweeping at once is harmless (every step is idempotent).
  const worker = new Worker(HOUSEKEEPING_QUEUE_NAME, () => options.sweep(), {
    connection,
    prefix: options.prefix,
    concurrency: 1,
  });
  worker.on('error', (error) => options.log.error({ err: error }, 'housekeeping worker: Redis error'));
  // The next run of the schedule tries again; the failure is only logged.
  worker.on('failed', (_job, error) => options.log.error({ err: error }, 'housekeeping sweep failed'));
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
