// The generation-jobs port: the API hands over a claimed generation and waits (bounded) for its listing.
// The embedded adapter runs jobs in this process with bounded concurrency; the scale-out adapter runs
// them on worker processes through Redis.
import { AppError } from '../../errors';

export interface GenerationQueue {
  /** `in-process` runs jobs in this process; `bullmq` hands them to worker processes through Redis. */
  readonly adapter: 'in-process' | 'bullmq';
  /** Runs the generation's job and resolves with the listing id, or rejects with the job's error. */
  runGeneration(generationId: string): Promise<string>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The wait is over but the job goes on: a retry in a minute finds its listing (every adapter says this). */
export function generationBusy(): AppError {
  return new AppError(
    'generation_busy',
    503,
    'Your listing is taking longer than usual. Try again in a minute.',
  );
}

export interface InProcessQueueOptions {
  concurrency: number;
  timeoutMs: number;
}

export function createInProcessQueue(
  process: (generationId: string) => Promise<string>,
  options: InProcessQueueOptions,
): GenerationQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const acquire = () =>
    running < options.concurrency
      ? Promise.resolve(void running++)
      : new Promise<void>((resolve) => waiting.push(() => resolve(void running++)));
  const release = () => {
    running--;
    waiting.shift()?.();
  };

  return {
    adapter: 'in-process',
    async runGeneration(generationId) {
      await acquire();
      const job = process(generationId).finally(release);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(generationBusy()), options.timeoutMs);
      });
      try {
        return await Promise.race([job, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async ping() {},
    async close() {},
  };
}
