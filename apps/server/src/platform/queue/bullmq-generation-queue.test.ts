import crypto from 'node:crypto';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../../errors';
import { eventually, redisQueueScope } from '../../testing/redis-queue-scope';
import { findTestRedis } from '../../testing/test-redis';
import { RedisUnreachableError } from '../redis/redis-connection';
import {
  type BullmqQueueOptions,
  createBullmqQueue,
  GENERATION_QUEUE_NAME,
  type GenerationWorker,
  type GenerationWorkerOptions,
  startGenerationWorker,
} from './bullmq-generation-queue';
import { createGenerationQueue } from './create-generation-queue';
import type { GenerationQueue } from './generation-queue';

const redis = await findTestRedis();

const scope = redisQueueScope<GenerationQueue | GenerationWorker | Queue>(redis, (resource) =>
  resource instanceof Queue ? resource.close() : resource.close(true),
);

function silentLog() {
  const lines: string[] = [];
  const record = (_: object, message: string) => void lines.push(message);
  return { lines, info: record, warn: record, error: record };
}

async function queueWith(options: Partial<BullmqQueueOptions> = {}) {
  return scope.open(
    await createBullmqQueue({
      ...scope.redisOptions,
      attempts: 3,
      timeoutMs: 10_000,
      backoffMs: 20,
      ...options,
    }),
  );
}

async function workerWith(
  options: Pick<GenerationWorkerOptions, 'process'> & Partial<GenerationWorkerOptions>,
) {
  return scope.open(
    await startGenerationWorker({
      ...scope.redisOptions,
      concurrency: 2,
      onFinalFailure: async () => {},
      log: silentLog(),
      ...options,
    }),
  );
}

/** A second look at the queue, as an operator would have. */
function inspect() {
  return scope.open(new Queue(GENERATION_QUEUE_NAME, scope.bullmqOptions));
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('start-up without Redis', () => {
  it('fails at once with a clear message, for the queue and the worker alike', async () => {
    const started = Date.now();
    const url = 'redis://:hunter2@127.0.0.1:1';
    const queue = createBullmqQueue({ redisUrl: url, prefix: 'unreachable', attempts: 1, timeoutMs: 1_000 });
    await expect(queue).rejects.toBeInstanceOf(RedisUnreachableError);
    await expect(queue).rejects.toThrow(
      /^Cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 \(REDIS_URL\)/,
    );
    await expect(
      startGenerationWorker({
        redisUrl: url,
        prefix: 'unreachable',
        concurrency: 1,
        process: async () => 'never',
        onFinalFailure: async () => {},
        log: silentLog(),
      }),
    ).rejects.toBeInstanceOf(RedisUnreachableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps the in-process queue when REDIS_URL is not set', async () => {
    const queue = await createGenerationQueue(loadConfig({}), async (id) => `listing-${id}`);
    expect(queue.adapter).toBe('in-process');
    await expect(queue.runGeneration('g1')).resolves.toBe('listing-g1');
  });
});

describe.skipIf(!redis)('BullMQ generation queue (Redis)', () => {
  function newRun() {
    scope.newPrefix();
    return crypto.randomUUID();
  }

  it('is chosen by REDIS_URL and answers readiness with a PING', async () => {
    newRun();
    const queue = await createGenerationQueue(
      loadConfig({ REDIS_URL: redis?.url }),
      async () => 'unused: workers run the jobs',
      { prefix: scope.prefix },
    );
    scope.open(queue);
    expect(queue.adapter).toBe('bullmq');
    await expect(queue.ping()).resolves.toBeUndefined();
  });

  it('runs a generation on a worker and returns its listing id', async () => {
    const generationId = newRun();
    const queue = await queueWith();
    await workerWith({ process: async (id) => `listing-of-${id}` });
    await expect(queue.runGeneration(generationId)).resolves.toBe(`listing-of-${generationId}`);
  });

  it('joins the running job when the same generation is run again (the job id is the generation id)', async () => {
    const generationId = newRun();
    const queue = await queueWith();
    const release = deferred();
    let runs = 0;
    await workerWith({
      process: async (id) => {
        runs++;
        await release.promise;
        return `listing-of-${id}`;
      },
    });
    const first = queue.runGeneration(generationId);
    await eventually(() => runs === 1);
    const second = queue.runGeneration(generationId);
    release.resolve();
    await expect(Promise.all([first, second])).resolves.toEqual([
      `listing-of-${generationId}`,
      `listing-of-${generationId}`,
    ]);
    expect(runs).toBe(1);
    expect(await inspect().getJobCounts('completed', 'wait', 'active', 'delayed')).toEqual({
      completed: 1,
      wait: 0,
      active: 0,
      delayed: 0,
    });
  });

  it('runs a generation anew when it is started again after its job failed', async () => {
    const generationId = newRun();
    const queue = await queueWith();
    let runs = 0;
    await workerWith({
      process: async (id) => {
        runs++;
        if (runs === 1) throw new AppError('photo_missing', 400, 'Photo 2 has not arrived yet.');
        return `listing-of-${id}`;
      },
    });
    await expect(queue.runGeneration(generationId)).rejects.toThrow('Photo 2 has not arrived yet.');
    await expect(queue.runGeneration(generationId)).resolves.toBe(`listing-of-${generationId}`);
    expect(runs).toBe(2);
  });

  it('retries a failing job with exponential backoff, then returns its listing', async () => {
    const generationId = newRun();
    const queue = await queueWith({ attempts: 3, backoffMs: 100 });
    const runAt: number[] = [];
    const finalFailures: string[] = [];
    await workerWith({
      process: async (id) => {
        runAt.push(Date.now());
        if (runAt.length < 3) throw new Error('the engine hiccuped');
        return `listing-of-${id}`;
      },
      onFinalFailure: async (id) => void finalFailures.push(id),
    });
    await expect(queue.runGeneration(generationId)).resolves.toBe(`listing-of-${generationId}`);
    expect(runAt).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = runAt;
    expect(second - first).toBeGreaterThanOrEqual(95);
    expect(third - second).toBeGreaterThanOrEqual(195);
    expect(finalFailures).toEqual([]);
  });

  it('hands a job that fails on every attempt to onFinalFailure once, with its error', async () => {
    const generationId = newRun();
    const queue = await queueWith({ attempts: 3 });
    let runs = 0;
    const finalFailures: Array<{ id: string; error: Error }> = [];
    await workerWith({
      process: async () => {
        runs++;
        throw new Error('the engine crashed');
      },
      onFinalFailure: async (id, error) => void finalFailures.push({ id, error }),
    });
    const failure = await queue.runGeneration(generationId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(AppError);
    expect((failure as Error).message).toBe('the engine crashed');
    expect(runs).toBe(3);
    await eventually(() => finalFailures.length === 1);
    expect(finalFailures[0]?.id).toBe(generationId);
    expect(finalFailures[0]?.error.message).toBe('the engine crashed');
    expect(await inspect().getJobState(generationId)).toBe('failed');
  });

  it('does not retry an error the seller must fix, and the API gets it back as the same AppError', async () => {
    const generationId = newRun();
    const queue = await queueWith({ attempts: 3 });
    let runs = 0;
    const finalFailures: Error[] = [];
    await workerWith({
      process: async () => {
        runs++;
        throw new AppError('link_expired', 410, 'The upload links have expired. Start again.');
      },
      onFinalFailure: async (_, error) => void finalFailures.push(error),
    });
    const failure = await queue.runGeneration(generationId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'link_expired',
      status: 410,
      message: 'The upload links have expired. Start again.',
    });
    expect(runs).toBe(1);
    await eventually(() => finalFailures.length === 1);
    expect(finalFailures[0]).toBeInstanceOf(AppError);
  });

  it('gives up on an attempt that hangs, and retries it', async () => {
    const generationId = newRun();
    const queue = await queueWith({ attempts: 2 });
    let runs = 0;
    await workerWith({
      attemptTimeoutMs: 200,
      process: async (id) => {
        runs++;
        if (runs === 1) await new Promise(() => {});
        return `listing-of-${id}`;
      },
    });
    await expect(queue.runGeneration(generationId)).resolves.toBe(`listing-of-${generationId}`);
    expect(runs).toBe(2);
  });

  it('runs a job again on another worker when its worker dies (the lock expires)', async () => {
    const generationId = newRun();
    const queue = await queueWith();
    const taken = deferred();
    const never = deferred<string>();
    const dying = await workerWith({
      lockDurationMs: 600,
      stalledIntervalMs: 300,
      process: async () => {
        taken.resolve();
        return never.promise;
      },
    });
    const result = queue.runGeneration(generationId);
    await taken.promise;
    // Like a SIGKILL: no more lock renewals, nothing reported.
    await dying.close(true);
    const log = silentLog();
    await workerWith({
      lockDurationMs: 600,
      stalledIntervalMs: 300,
      log,
      process: async (id) => `listing-of-${id}`,
    });
    await expect(result).resolves.toBe(`listing-of-${generationId}`);
    expect(log.lines).toContain('generation job stalled (its worker stopped): running it again');
    never.resolve('too late');
  });

  it('answers 503 generation_busy when the wait runs out, while the job still completes', async () => {
    const generationId = newRun();
    const queue = await queueWith({ timeoutMs: 300 });
    // The job cannot finish before the test lets it, so the 503 can only come from the wait running out.
    const release = deferred();
    await workerWith({
      process: async (id) => {
        await release.promise;
        return `listing-of-${id}`;
      },
    });
    const failure = await queue.runGeneration(generationId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'generation_busy', status: 503 });
    release.resolve();
    const operator = inspect();
    await eventually(async () => (await operator.getJobState(generationId)) === 'completed');
    expect((await operator.getJob(generationId))?.returnvalue).toBe(`listing-of-${generationId}`);
  });
});
