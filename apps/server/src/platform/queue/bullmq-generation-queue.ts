// The scale-out generation-jobs adapter: BullMQ on Redis. The API process enqueues a claimed generation and
// waits (bounded) for its listing; worker processes (`npm run worker`, see worker.ts) run the jobs. A job is
// tried `attempts` times with exponential backoff; when its worker dies, its lock expires and another worker
// runs it again; when it fails for good, the worker hands it to `onFinalFailure` so that the generation
// ends as failed, never stuck in 'processing'.
import { type ConnectionOptions, type Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { AppError } from '../../errors';
import { assertRedisReachable, connectRedis } from '../redis/redis-connection';
import { readyOrClosed, within } from './bullmq-readiness';
import { type GenerationQueue, generationBusy } from './generation-queue';

export const GENERATION_QUEUE_NAME = 'generations';

/** First retry after this long, then twice as long each time. */
const DEFAULT_BACKOFF_MS = 5_000;
/**
 * A dead worker's job runs again within about lock + 2 checks (~40 s), well inside the API's wait; the lock
 * is renewed every 10 s, which the worker's event loop allows (OCR and image work run off the main thread).
 */
const DEFAULT_LOCK_DURATION_MS = 20_000;
const DEFAULT_STALLED_INTERVAL_MS = 10_000;
/** Readiness must answer even when Redis does not. */
const PING_TIMEOUT_MS = 2_000;

export interface GenerationJobData {
  generationId: string;
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

interface RedisPlace {
  redisUrl: string;
  /** Namespace of every key (REDIS_PREFIX); tests give each run its own. */
  prefix: string;
}

export interface BullmqQueueOptions extends RedisPlace {
  /** Runs of one job before it fails for good (GENERATION_ATTEMPTS). */
  attempts: number;
  /** How long the API waits for a job before answering 503 generation_busy; the job goes on. */
  timeoutMs: number;
  backoffMs?: number;
  log?: Pick<Logger, 'error'>;
}

/**
 * The API side: enqueue and wait. Rejects with RedisUnreachableError when Redis does not answer at start.
 */
export async function createBullmqQueue(options: BullmqQueueOptions): Promise<GenerationQueue> {
  const client = await connectRedis(options.redisUrl, {
    name: 'snaplist-api-queue',
    // Fail an enqueue at once while Redis is away (the seller gets a 503 and the charge back) instead of
    // holding the request until the reconnection.
    redis: { enableOfflineQueue: false },
  });
  const { prefix } = options;
  const queue = new Queue<GenerationJobData, string>(GENERATION_QUEUE_NAME, { connection: client, prefix });
  // Listening blocks a connection: QueueEvents opens its own.
  const events = new QueueEvents(GENERATION_QUEUE_NAME, { connection: connection(options.redisUrl), prefix });
  // Connection trouble shows as failed enqueues and a failing readiness check; the log says why.
  const onError = (error: Error) => options.log?.error({ err: error }, 'generation queue: Redis error');
  queue.on('error', onError);
  events.on('error', onError);
  const closeAll = async () => {
    await Promise.allSettled([queue.close(), events.close()]);
    // Lent to the Queue, which leaves it open.
    await client.quit().catch(() => client.disconnect());
  };
  await readyOrClosed(
    Promise.all([queue.waitUntilReady(), events.waitUntilReady()]),
    closeAll,
    'Redis did not become ready for the generation queue',
  );

  let closing = false;
  return {
    adapter: 'bullmq',
    async runGeneration(generationId) {
      await forgetFinishedRun(queue, generationId);
      // The generation id is the job id: while the job runs, asking again joins it instead of adding one.
      const job = await queue.add(
        'generate',
        { generationId },
        {
          jobId: generationId,
          attempts: options.attempts,
          backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
          removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
          removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
        },
      );
      const startedAt = Date.now();
      try {
        const listingId: unknown = await job.waitUntilFinished(events, options.timeoutMs);
        if (typeof listingId !== 'string')
          throw new Error(`Generation job ${generationId} returned no listing`);
        return listingId;
      } catch (error) {
        // Out of time, or this process is shutting down: the job goes on, and a retry finds its listing.
        if (closing || Date.now() - startedAt >= options.timeoutMs) throw generationBusy();
        throw fromJobFailure(error instanceof Error ? error.message : String(error));
      }
    },
    async ping() {
      await within(client.ping(), PING_TIMEOUT_MS, 'Redis did not answer PING');
    },
    async close() {
      closing = true;
      await closeAll();
    },
  };
}

/**
 * A generation is only enqueued once it has been claimed, so a finished job under its id is a previous
 * run (it failed and the seller starts it again): remove it, or the new job would be ignored as a duplicate.
 */
async function forgetFinishedRun(queue: Queue<GenerationJobData, string>, generationId: string) {
  const state = await queue.getJobState(generationId);
  if (state === 'completed' || state === 'failed') await queue.remove(generationId);
}

export interface GenerationWorkerOptions extends RedisPlace {
  /** Jobs run at once by this process (GENERATION_CONCURRENCY). */
  concurrency: number;
  /** Writes the generation's listing and returns its id; must be safe to run twice for one generation. */
  process(generationId: string): Promise<string>;
  /**
   * Called once per job that failed for good: every attempt used, an error the seller must fix, or a job
   * whose workers kept dying. Receives the job's error as the API sees it (an AppError when it was one).
   */
  onFinalFailure(generationId: string, error: Error): Promise<void>;
  log: Logger;
  /**
   * How long a running job's lock lasts without renewal (renewed at half of it while the process lives).
   * When a worker dies, its jobs are run again once their locks have expired and a check has seen it.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** An attempt still running after this long counts as failed (unset: no limit). */
  attemptTimeoutMs?: number;
}

export interface GenerationWorker {
  /** Stops taking jobs and waits for the running ones; `force` drops them (their locks expire, others rerun them). */
  close(force?: boolean): Promise<void>;
}

/** The worker side: takes generation jobs until closed. */
export async function startGenerationWorker(options: GenerationWorkerOptions): Promise<GenerationWorker> {
  await assertRedisReachable(options.redisUrl);
  const { log } = options;
  const worker = new Worker<GenerationJobData, string>(
    GENERATION_QUEUE_NAME,
    async (job) => {
      try {
        const run = options.process(job.data.generationId);
        if (!options.attemptTimeoutMs) return await run;
        // A hung run keeps its lock alive as long as this process lives: give up on it, so that the job is
        // retried and, in the end, fails. Should it finish after all, the processor keeps one listing.
        return await within(run, options.attemptTimeoutMs, 'The generation job did not finish');
      } catch (error) {
        throw toJobFailure(error);
      }
    },
    {
      connection: connection(options.redisUrl),
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
      // A job whose worker died once more is failed rather than passed on forever: it may be what kills them.
      maxStalledCount: 1,
    },
  );
  worker.on('error', (error) => log.error({ err: error }, 'generation worker: Redis error'));
  worker.on('active', (job) => log.info(jobFields(job, 1), 'generation job started'));
  worker.on('completed', (job, listingId) =>
    log.info({ ...jobFields(job), listingId }, 'generation job done'),
  );
  worker.on('stalled', (jobId) =>
    log.warn({ generationId: jobId }, 'generation job stalled (its worker stopped): running it again'),
  );
  worker.on('failed', (job, error) => {
    if (!job) return;
    // finishedOn is set only when BullMQ gave up on the job; otherwise it waits for its next attempt.
    if (!job.finishedOn) {
      log.warn({ ...jobFields(job), err: error }, 'generation job attempt failed: it will be retried');
      return;
    }
    log.error({ ...jobFields(job), err: error }, 'generation job failed for good');
    options
      .onFinalFailure(job.data.generationId, fromJobFailure(error.message))
      .catch((failure: unknown) =>
        log.error({ ...jobFields(job), err: failure }, 'could not mark the generation failed'),
      );
  });
  await readyOrClosed(
    worker.waitUntilReady(),
    () => worker.close(true),
    'Redis did not become ready for the worker',
  );
  return { close: (force = false) => worker.close(force) };
}

function connection(redisUrl: string): ConnectionOptions {
  return { url: redisUrl };
}

/** `running`: 1 while the attempt runs, 0 once it has ended (BullMQ then counts it in attemptsMade). */
function jobFields(job: Job<GenerationJobData>, running: 0 | 1 = 0) {
  return { generationId: job.data.generationId, attempt: job.attemptsMade + running };
}

// A job's error crosses Redis as a string (its failedReason). An AppError travels with its code and status
// so the API answers as it would have in-process; one the seller must fix (status < 500) is not retried.
const APP_ERROR_MARK = 'AppError:';

export function toJobFailure(error: unknown): Error {
  if (error instanceof AppError) {
    const encoded = `${APP_ERROR_MARK}${JSON.stringify({ code: error.code, status: error.status, message: error.message })}`;
    return error.status < 500 ? new UnrecoverableError(encoded) : new Error(encoded);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function fromJobFailure(reason: string): Error {
  if (!reason.startsWith(APP_ERROR_MARK)) return new Error(reason);
  try {
    const { code, status, message } = JSON.parse(reason.slice(APP_ERROR_MARK.length));
    return new AppError(code, status, message);
  } catch {
    return new Error(reason);
  }
}
