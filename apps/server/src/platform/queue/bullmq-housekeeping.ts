// The sweep at scale (REDIS_URL set): one repeatable BullMQ job, scheduled by every worker under the same
// id so there is only ever one schedule, and run by whichever worker takes it. The API processes then sweep
// only at their start.
import type { Logger } from 'pino';
import { startScheduledWorker } from './bullmq-schedule';

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
  // Two workers sweeping at once is harmless: every step is idempotent.
  return startScheduledWorker({
    ...options,
    queueName: HOUSEKEEPING_QUEUE_NAME,
    schedulerId: SWEEP_SCHEDULER_ID,
    jobName: 'sweep',
    run: () => options.sweep(),
    names: { worker: 'housekeeping', run: 'housekeeping sweep' },
  });
}
