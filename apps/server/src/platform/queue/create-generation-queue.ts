// Chooses the generation-jobs adapter from configuration: BullMQ on Redis (jobs run by `npm run worker`
// processes) when REDIS_URL is set, the in-process queue otherwise.
import type { Config } from '../../config';
import { createBullmqQueue } from './bullmq-generation-queue';
import { createInProcessQueue, type GenerationQueue } from './generation-queue';

export interface GenerationQueueOptions {
  /** Redis key prefix instead of REDIS_PREFIX; tests give each run its own. */
  prefix?: string;
  /** Where Redis connection trouble is reported (the app's logger). */
  log?: { error(object: object, message: string): void };
}

/**
 * With REDIS_URL, `process` is not used here: the worker processes run it. Rejects with
 * RedisUnreachableError when REDIS_URL is set but Redis does not answer at start.
 */
export async function createGenerationQueue(
  config: Config,
  process: (generationId: string) => Promise<string>,
  options: GenerationQueueOptions = {},
): Promise<GenerationQueue> {
  if (!config.redisUrl) return createInProcessQueue(process, config.generation);
  return createBullmqQueue({
    redisUrl: config.redisUrl,
    prefix: options.prefix ?? config.redisPrefix,
    attempts: config.generationAttempts,
    timeoutMs: config.generation.timeoutMs,
    log: options.log,
  });
}
