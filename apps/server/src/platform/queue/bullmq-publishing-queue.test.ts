// The publishing queue on Redis: the API enqueues, a worker runs; a job already waiting is not added twice; a
// job is retried after the delay it asks for; one that keeps failing is handed to onFinalFailure once; and the
// sales sync has one schedule however many workers start.
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { eventually, redisQueueScope } from '../../testing/redis-queue-scope';
import { findTestRedis } from '../../testing/test-redis';
import {
  createBullmqPublishingQueue,
  PUBLISHING_QUEUE_NAME,
  type PublishingWorker,
  type PublishingWorkerOptions,
  SALES_SYNC_QUEUE_NAME,
  startPublishingWorker,
  startSalesSyncWorker,
} from './bullmq-publishing-queue';
import { type PublishingJob, type PublishingQueue, RetryLater } from './publishing-queue';

const redis = await findTestRedis();
const scope = redisQueueScope<PublishingQueue | PublishingWorker | Queue>(redis, (resource) =>
  resource.close(),
);

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

async function queue(): Promise<PublishingQueue> {
  return scope.open(await createBullmqPublishingQueue({ ...scope.redisOptions, attempts: 3 }));
}

async function worker(options: Pick<PublishingWorkerOptions, 'run'> & Partial<PublishingWorkerOptions>) {
  return scope.open(
    await startPublishingWorker({
      ...scope.redisOptions,
      concurrency: 2,
      attempts: 3,
      retryBaseMs: 10,
      onFinalFailure: async () => {},
      log: silentLog,
      ...options,
    }),
  );
}

describe.skipIf(!redis)('the publishing queue on BullMQ (Redis)', () => {
  it('runs an enqueued job on a worker, once however often it was enqueued while waiting', async () => {
    scope.newPrefix();
    const publishing = await queue();
    const job: PublishingJob = { kind: 'publish', publicationId: 'p1' };
    await publishing.enqueue(job);
    await publishing.enqueue(job);
    await publishing.enqueue({ kind: 'end', publicationId: 'p1' });
    const runs: PublishingJob[] = [];
    await worker({ run: async (ran) => void runs.push(ran) });
    await eventually(() => runs.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toEqual([job, { kind: 'end', publicationId: 'p1' }]);
    // Done, it can be enqueued again (an update after another edit).
    await publishing.enqueue(job);
    await eventually(() => runs.length === 3);
    await expect(publishing.ping()).resolves.toBeUndefined();
  });

  it('retries after the delay the job asks for, and tells it which run is the last', async () => {
    scope.newPrefix();
    const publishing = await queue();
    const runs: Array<{ attempt: number; isLastAttempt: boolean; at: number }> = [];
    await worker({
      run: async (_job, context) => {
        runs.push({ ...context, at: Date.now() });
        if (!context.isLastAttempt) throw new RetryLater(300, 'Retry-After: 0.3');
      },
    });
    await publishing.enqueue({ kind: 'update', publicationId: 'p1' });
    await eventually(() => runs.length === 3);
    expect(runs.map(({ attempt, isLastAttempt }) => [attempt, isLastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect((runs[1]?.at ?? 0) - (runs[0]?.at ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('hands a job that fails on every run to onFinalFailure once, and a new enqueue runs it again', async () => {
    scope.newPrefix();
    const publishing = await queue();
    let runs = 0;
    const failures: Array<{ job: PublishingJob; message: string }> = [];
    await worker({
      run: async () => {
        runs++;
        if (runs <= 3) throw new Error('the database went away');
      },
      onFinalFailure: async (job, error) => void failures.push({ job, message: error.message }),
    });
    await publishing.enqueue({ kind: 'publish', publicationId: 'p1' });
    await eventually(() => failures.length === 1);
    expect(runs).toBe(3);
    expect(failures).toEqual([
      { job: { kind: 'publish', publicationId: 'p1' }, message: 'the database went away' },
    ]);
    await publishing.enqueue({ kind: 'publish', publicationId: 'p1' });
    await eventually(() => runs === 4);
    const inspect = scope.open(new Queue(PUBLISHING_QUEUE_NAME, scope.bullmqOptions));
    await eventually(async () => (await inspect.getJobCounts('completed', 'failed')).failed === 0);
  });

  it('keeps one sales-sync schedule however many workers start, and syncs again and again', async () => {
    scope.newPrefix();
    let syncs = 0;
    const options = {
      ...scope.redisOptions,
      intervalMs: 100,
      sync: async () => void syncs++,
      log: silentLog,
    };
    scope.open(await startSalesSyncWorker(options));
    scope.open(await startSalesSyncWorker(options));
    await eventually(() => syncs >= 3);
    const inspect = scope.open(new Queue(SALES_SYNC_QUEUE_NAME, scope.bullmqOptions));
    expect((await inspect.getJobSchedulers()).map((scheduler) => scheduler.key)).toEqual(['sales-sync']);
  });
});
