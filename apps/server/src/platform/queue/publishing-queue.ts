// The publishing-jobs port (decision 033): putting a listing on a marketplace, pushing a new price or
// quantity to it, taking it down. Unlike a generation nobody waits for these: enqueue and answer, the job
// records its outcome. The embedded adapter runs them in this process (bounded concurrency, timers for the
// retries); the scale-out adapter hands them to worker processes through Redis (bullmq-publishing-queue.ts).
// Both retry a job that throws, after the delay it asks for (RetryLater) or an exponential backoff,
// `attempts` times in all.

export type PublishingJobKind = 'publish' | 'update' | 'end';

export interface PublishingJob {
  kind: PublishingJobKind;
  publicationId: string;
}

export interface PublishingJobContext {
  /** 1 for the first run. */
  attempt: number;
  /** No retry follows this run: a failure now is final, and the job records it itself. */
  isLastAttempt: boolean;
}

export type PublishingJobRunner = (job: PublishingJob, context: PublishingJobContext) => Promise<void>;

export interface PublishingQueue {
  readonly adapter: 'in-process' | 'bullmq';
  /** Adds the job unless the same one (kind and publication) is already waiting or running. */
  enqueue(job: PublishingJob): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Thrown by a job to be run again after `delayMs` (a marketplace's Retry-After, a backoff). */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** The longest wait between two runs, whatever a marketplace's Retry-After says. */
export const MAX_RETRY_DELAY_MS = 15 * 60 * 1000;

/**
 * One id per job, the same for every enqueue of it: a second enqueue while it waits or runs is a no-op. An
 * update reads the listing when it runs, so one waiting update serves every edit made before it starts.
 */
export function publishingJobId(job: PublishingJob): string {
  return job.kind === 'publish' ? job.publicationId : `${job.publicationId}-${job.kind}`;
}

/** The wait before run `attempt + 1`: the job's own ask, else `baseMs` doubled for each run so far. */
export function retryDelayMs(attempt: number, baseMs: number, error: unknown): number {
  const backoff = baseMs * 2 ** (attempt - 1);
  const asked = error instanceof RetryLater ? error.delayMs : 0;
  return Math.min(Math.max(asked, backoff), MAX_RETRY_DELAY_MS);
}

export interface JobLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface InProcessPublishingQueueOptions {
  /** Jobs run at once; marketplaces rate-limit per app, so a few is enough. */
  concurrency: number;
  attempts: number;
  retryBaseMs: number;
  /** A job that threw on its last run (the runner records marketplace failures itself; this is the rest). */
  onFinalFailure(job: PublishingJob, error: unknown): Promise<void>;
  log: JobLogger;
}

export function createInProcessPublishingQueue(
  run: PublishingJobRunner,
  options: InProcessPublishingQueueOptions,
): PublishingQueue {
  /** Jobs waiting, delayed or running, by id. */
  const pending = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const ready: Array<() => void> = [];
  let active = 0;
  let closed = false;

  const startNext = () => {
    while (!closed && active < options.concurrency && ready.length > 0) ready.shift()?.();
  };

  const schedule = (job: PublishingJob, attempt: number, delayMs: number) => {
    const queue = () => {
      ready.push(() => {
        active++;
        const runOnce = execute(job, attempt).finally(() => {
          active--;
          running.delete(runOnce);
          startNext();
        });
        running.add(runOnce);
      });
      startNext();
    };
    if (delayMs <= 0) return queue();
    const timer = setTimeout(() => {
      timers.delete(timer);
      queue();
    }, delayMs);
    // A retry waiting for its time must not keep a process alive that has nothing else to do.
    timer.unref();
    timers.add(timer);
  };

  const execute = async (job: PublishingJob, attempt: number) => {
    const isLastAttempt = attempt >= options.attempts;
    try {
      await run(job, { attempt, isLastAttempt });
      pending.delete(publishingJobId(job));
    } catch (error) {
      if (closed) return;
      if (!isLastAttempt) {
        const delayMs = retryDelayMs(attempt, options.retryBaseMs, error);
        options.log.warn({ ...job, attempt, delayMs, err: error }, 'publishing job will be retried');
        schedule(job, attempt + 1, delayMs);
        return;
      }
      pending.delete(publishingJobId(job));
      options.log.error({ ...job, attempt, err: error }, 'publishing job failed for good');
      await options
        .onFinalFailure(job, error)
        .catch((failure: unknown) =>
          options.log.error({ ...job, err: failure }, 'could not record the failure'),
        );
    }
  };

  return {
    adapter: 'in-process',
    async enqueue(job) {
      const id = publishingJobId(job);
      if (closed || pending.has(id)) return;
      pending.add(id);
      schedule(job, 1, 0);
    },
    async ping() {},
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      ready.length = 0;
      // Jobs under way finish (their outcome is written) before the database they write to is closed.
      await Promise.allSettled([...running]);
    },
  };
}
