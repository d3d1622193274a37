// A repeatable BullMQ job at scale: every worker upserts the same schedule under one id, so there is only ever
// one, and whichever worker takes a run does it, one at a time per worker. A failed run is only logged: the next
// run of the schedule tries again.
import { Queue, Worker } from 'bullmq';

export interface ScheduledWorkerOptions {
  redisUrl: string;
  prefix: string;
  queueName: string;
  schedulerId: string;
  jobName: string;
  intervalMs: number;
  run(): Promise<void>;
  /** How the log names the worker ("… worker: Redis error") and a run ("… failed"). */
  names: { worker: string; run: string };
  log: { error(object: object, message: string): void };
}

export async function startScheduledWorker(
  options: ScheduledWorkerOptions,
): Promise<{ close(force?: boolean): Promise<void> }> {
  const connection = { url: options.redisUrl };
  const queue = new Queue(options.queueName, { connection, prefix: options.prefix });
  await queue.upsertJobScheduler(
    options.schedulerId,
    { every: options.intervalMs },
    { name: options.jobName, opts: { removeOnComplete: true, removeOnFail: 10 } },
  );
  const worker = new Worker(options.queueName, () => options.run(), {
    connection,
    prefix: options.prefix,
    concurrency: 1,
  });
  worker.on('error', (error) =>
    options.log.error({ err: error }, `${options.names.worker} worker: Redis error`),
  );
  worker.on('failed', (_job, error) => options.log.error({ err: error }, `${options.names.run} failed`));
  return {
    async close(force = false) {
      await worker.close(force);
      await queue.close();
    },
  };
}
