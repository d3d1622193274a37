// The in-process publishing queue: one run per job however often it is enqueued while waiting, a bounded number
// at once, retries after the delay a job asks for (or the backoff), and the final failure handed back once.
import { describe, expect, it } from 'vitest';
import {
  createInProcessPublishingQueue,
  MAX_RETRY_DELAY_MS,
  type PublishingJob,
  type PublishingJobContext,
  publishingJobId,
  RetryLater,
  retryDelayMs,
} from './publishing-queue';

const silentLog = { warn: () => {}, error: () => {} };

function eventually(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) return resolve();
      if (Date.now() > deadline) return reject(new Error('condition not met in time'));
      setTimeout(poll, 5);
    };
    poll();
  });
}

describe('the in-process publishing queue', () => {
  it('runs a job once however often it is enqueued before it ends, and again once it has', async () => {
    const runs: string[] = [];
    let finished = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = createInProcessPublishingQueue(
      async (job) => {
        runs.push(publishingJobId(job));
        await held;
        finished++;
      },
      { concurrency: 2, attempts: 3, retryBaseMs: 1, onFinalFailure: async () => {}, log: silentLog },
    );
    const job: PublishingJob = { kind: 'publish', publicationId: 'p1' };
    await queue.enqueue(job);
    await queue.enqueue(job);
    // Another kind of job for the same publication is another job.
    await queue.enqueue({ kind: 'end', publicationId: 'p1' });
    await eventually(() => runs.length === 2);
    await queue.enqueue(job);
    release();
    await eventually(() => finished === 2);
    expect(runs).toEqual(['p1', 'p1-end']);
    // Once a run has ended, the next enqueue runs it again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.enqueue(job);
    await eventually(() => runs.length === 3);
    await queue.close();
  });

  it('runs at most `concurrency` jobs at once', async () => {
    let running = 0;
    let most = 0;
    let done = 0;
    const queue = createInProcessPublishingQueue(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        done++;
      },
      { concurrency: 2, attempts: 1, retryBaseMs: 1, onFinalFailure: async () => {}, log: silentLog },
    );
    for (let index = 0; index < 6; index++)
      await queue.enqueue({ kind: 'publish', publicationId: `p${index}` });
    await eventually(() => done === 6);
    expect(most).toBe(2);
    await queue.close();
  });

  it('retries after the delay the job asks for, and tells it which run is the last', async () => {
    const contexts: Array<PublishingJobContext & { at: number }> = [];
    const queue = createInProcessPublishingQueue(
      async (_job, context) => {
        contexts.push({ ...context, at: Date.now() });
        if (!context.isLastAttempt) throw new RetryLater(150, 'the marketplace asked us to wait');
      },
      { concurrency: 1, attempts: 3, retryBaseMs: 1, onFinalFailure: async () => {}, log: silentLog },
    );
    await queue.enqueue({ kind: 'update', publicationId: 'p1' });
    await eventually(() => contexts.length === 3);
    expect(contexts.map(({ attempt, isLastAttempt }) => ({ attempt, isLastAttempt }))).toEqual([
      { attempt: 1, isLastAttempt: false },
      { attempt: 2, isLastAttempt: false },
      { attempt: 3, isLastAttempt: true },
    ]);
    const [first, second] = contexts;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(145);
    await queue.close();
  });

  it('hands a job that keeps throwing to onFinalFailure once, after every attempt', async () => {
    let runs = 0;
    const failures: Array<{ job: PublishingJob; error: unknown }> = [];
    const queue = createInProcessPublishingQueue(
      async () => {
        runs++;
        throw new Error('the database went away');
      },
      {
        concurrency: 1,
        attempts: 3,
        retryBaseMs: 1,
        onFinalFailure: async (job, error) => void failures.push({ job, error }),
        log: silentLog,
      },
    );
    await queue.enqueue({ kind: 'publish', publicationId: 'p1' });
    await eventually(() => failures.length === 1);
    expect(runs).toBe(3);
    expect(failures[0]?.job).toEqual({ kind: 'publish', publicationId: 'p1' });
    await queue.close();
  });

  it('drops waiting retries on close and runs nothing after it', async () => {
    let runs = 0;
    const queue = createInProcessPublishingQueue(
      async () => {
        runs++;
        throw new RetryLater(10_000, 'later');
      },
      { concurrency: 1, attempts: 5, retryBaseMs: 1, onFinalFailure: async () => {}, log: silentLog },
    );
    await queue.enqueue({ kind: 'publish', publicationId: 'p1' });
    await eventually(() => runs === 1);
    await queue.close();
    await queue.enqueue({ kind: 'publish', publicationId: 'p2' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(1);
  });
});

describe('job ids and delays', () => {
  it('names each job after its publication, one id per kind', () => {
    expect(publishingJobId({ kind: 'publish', publicationId: 'p1' })).toBe('p1');
    expect(publishingJobId({ kind: 'end', publicationId: 'p1' })).toBe('p1-end');
    expect(publishingJobId({ kind: 'update', publicationId: 'p1' })).toBe('p1-update');
  });

  it('doubles the backoff, waits at least a Retry-After, and never more than the cap', () => {
    expect(retryDelayMs(1, 100, new Error('x'))).toBe(100);
    expect(retryDelayMs(3, 100, new Error('x'))).toBe(400);
    expect(retryDelayMs(1, 100, new RetryLater(2_000, 'wait'))).toBe(2_000);
    expect(retryDelayMs(20, 10_000, null)).toBe(MAX_RETRY_DELAY_MS);
  });
});
