// The scale-out publishing-jobs adapter: BullMQ on Redis. API processes enqueue; worker processes
// (`npm run worker`) run the jobs. The job id is derived from the publication (publishingJobId), so enqueueing
// a job that is already waiting or running adds nothing. A job that throws is retried with the delay it asked for
// (RetryLater, a marketplace's Retry-After) or an exponential backoff; a worker that dies mid-job loses its lock
// and another runs the job again, which the saved progress makes safe. The sales sync is one repeatable job.
import { type Job, Queue, Worker } from 'bullmq';
import { connectRedis } from '../redis/redis-connection';
import { readyOrClosed, within } from './bullmq-readiness';
import { startScheduledWorker } from './bullmq-schedule';
import {
  type JobLogger,
  type PublishingJob,
  type PublishingJobRunner,
  type PublishingQueue,
  publishingJobId,
  retryDelayMs,
} from './publishing-queue';

export const PUBLISHING_QUEUE_NAME = 'publishing';
export const SALES_SYNC_QUEUE_NAME = 'sales-sync';
const SALES_SYNC_SCHEDULER_ID = 'sales-sync';
/** Our own backoff (retryDelayMs), named in each job's options and given to the worker. */
const BACKOFF_TYPE = 'marketplace';
const PING_TIMEOUT_MS = 2_000;
/** Marketplace calls are short; a worker that stops renewing this long is dead and its jobs run elsewhere. */
const LOCK_DURATION_MS = 60_000;

interface RedisPlace {
  redisUrl: string;
  /** Namespace of every key (REDIS_PREFIX); tests give each run its own. */
  prefix: string;
}

export interface BullmqPublishingQueueOptions extends RedisPlace {
  attempts: number;
  log?: Pick<JobLogger, 'error'>;
}

/** The API side: enqueue only. Rejects with RedisUnreachableError when Redis does not answer at start. */
export async function createBullmqPublishingQueue(
  options: BullmqPublishingQueueOptions,
): Promise<PublishingQueue> {
  const client = await connectRedis(options.redisUrl, {
    name: 'snaplist-publishing-queue',
    // An enqueue fails at once while Redis is away (start-up re-enqueues what is still queued) rather than hang.
    redis: { enableOfflineQueue: false },
  });
  const queue = new Queue<PublishingJob>(PUBLISHING_QUEUE_NAME, {
    connection: client,
    prefix: options.prefix,
  });
  queue.on('error', (error) => options.log?.error({ err: error }, 'publishing queue: Redis error'));
  const closeAll = async () => {
    await queue.close().catch(() => {});
    // Lent to the Queue, which leaves it open.
    await client.quit().catch(() => client.disconnect());
  };
  await readyOrClosed(queue.waitUntilReady(), closeAll, 'Redis did not become ready for publishing');
  return {
    adapter: 'bullmq',
    async enqueue(job) {
      const jobId = publishingJobId(job);
      // A failed run under this id is history (the job recorded its outcome): a new enqueue means run again.
      if ((await queue.getJobState(jobId)) === 'failed') await queue.remove(jobId);
      await queue.add(job.kind, job, {
        jobId,
        attempts: options.attempts,
        backoff: { type: BACKOFF_TYPE },
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
      });
    },
    async ping() {
      await within(client.ping(), PING_TIMEOUT_MS, 'Redis did not answer PING');
    },
    close: closeAll,
  };
}

export interface PublishingWorkerOptions extends RedisPlace {
  concurrency: number;
  attempts: number;
  retryBaseMs: number;
  run: PublishingJobRunner;
  /** A job that threw on its last run, or whose workers kept dying: the publication must not stay in progress. */
  onFinalFailure(job: PublishingJob, error: Error): Promise<void>;
  log: JobLogger & { info(object: object, message: string): void };
  /** Shorter in tests that kill a worker. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

export interface PublishingWorker {
  /** Stops taking jobs and waits for the running ones; `force` drops them (others run them again). */
  close(force?: boolean): Promise<void>;
}

export async function startPublishingWorker(options: PublishingWorkerOptions): Promise<PublishingWorker> {
  const { log } = options;
  const worker = new Worker<PublishingJob>(
    PUBLISHING_QUEUE_NAME,
    (job) => {
      const attempt = job.attemptsMade + 1;
      return options.run(job.data, { attempt, isLastAttempt: attempt >= options.attempts });
    },
    {
      connection: { url: options.redisUrl },
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? LOCK_DURATION_MS,
      ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
      // Run again once after a worker died under it; dying twice, it may be what kills them.
      maxStalledCount: 1,
      settings: {
        backoffStrategy: (attemptsMade, _type, error) =>
          retryDelayMs(attemptsMade, options.retryBaseMs, error),
      },
    },
  );
  worker.on('error', (error) => log.error({ err: error }, 'publishing worker: Redis error'));
  worker.on('failed', (job: Job<PublishingJob> | undefined, error) => {
    if (!job) return;
    const fields = { ...job.data, attempt: job.attemptsMade };
    // finishedOn is set only when BullMQ gave up on the job; otherwise it waits for its next run.
    if (!job.finishedOn) {
      log.warn({ ...fields, err: error }, 'publishing job will be retried');
      return;
    }
    log.error({ ...fields, err: error }, 'publishing job failed for good');
    options
      .onFinalFailure(job.data, error)
      .catch((failure: unknown) => log.error({ ...fields, err: failure }, 'could not record the failure'));
  });
  await readyOrClosed(
    worker.waitUntilReady(),
    () => worker.close(true),
    'Redis did not become ready for the worker',
  );
  return { close: (force = false) => worker.close(force) };
}

export interface SalesSyncWorkerOptions extends RedisPlace {
  /** MARKETPLACE_SYNC_INTERVAL_SECONDS. */
  intervalMs: number;
  sync(): Promise<void>;
  log: Pick<JobLogger, 'error'>;
}

/**
 * The sales sync at scale: every worker upserts the same schedule (so there is one), and whichever worker takes
 * a run does it. Two syncs at once are harmless: a sale is recorded once by its order and SKU.
 */
export async function startSalesSyncWorker(options: SalesSyncWorkerOptions): Promise<PublishingWorker> {
  return startScheduledWorker({
    ...options,
    queueName: SALES_SYNC_QUEUE_NAME,
    schedulerId: SALES_SYNC_SCHEDULER_ID,
    jobName: 'sync',
    run: () => options.sync(),
    names: { worker: 'sales sync', run: 'sales sync' },
  });
}
