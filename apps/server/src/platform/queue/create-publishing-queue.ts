// Chooses the publishing-jobs adapter from configuration: BullMQ on Redis (jobs run by `npm run worker`
// processes) when REDIS_URL is set, the in-process queue otherwise.
import type { Config } from '../../config';
import { createBullmqPublishingQueue } from './bullmq-publishing-queue';
import {
  createInProcessPublishingQueue,
  type JobLogger,
  type PublishingJob,
  type PublishingJobRunner,
  type PublishingQueue,
} from './publishing-queue';

/** Jobs run at once by one process: marketplaces limit calls per app, and photo uploads are the slow part. */
export const PUBLISHING_CONCURRENCY = 4;

export interface PublishingQueueOptions {
  /** Redis key prefix instead of REDIS_PREFIX; tests give each run its own. */
  prefix?: string;
  log: JobLogger;
}

/**
 * With REDIS_URL, `run` and `onFinalFailure` are not used here: the worker processes run the jobs. Rejects with
 * RedisUnreachableError when REDIS_URL is set but Redis does not answer at start.
 */
export async function createPublishingQueue(
  config: Config,
  jobs: { run: PublishingJobRunner; onFinalFailure(job: PublishingJob, error: unknown): Promise<void> },
  options: PublishingQueueOptions,
): Promise<PublishingQueue> {
  const { jobAttempts, retryBaseMs } = config.marketplaces;
  if (!config.redisUrl) {
    return createInProcessPublishingQueue(jobs.run, {
      concurrency: PUBLISHING_CONCURRENCY,
      attempts: jobAttempts,
      retryBaseMs,
      onFinalFailure: jobs.onFinalFailure,
      log: options.log,
    });
  }
  return createBullmqPublishingQueue({
    redisUrl: config.redisUrl,
    prefix: options.prefix ?? config.redisPrefix,
    attempts: jobAttempts,
    log: options.log,
  });
}
