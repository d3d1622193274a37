// The Redis side of a queue test: a key prefix of the test's own and the queues and workers it opened. After each
// test they are closed, newest first, and the keys under its prefix removed, so tests never see each other's jobs.
import { afterEach } from 'vitest';
import type { TestRedis } from './test-redis';

export interface RedisQueueScope<Resource> {
  /** The running test's key prefix: '' until `newPrefix` gives it one. */
  readonly prefix: string;
  /** Gives the running test a prefix no other test uses. */
  newPrefix(): void;
  /** Where the running test's queues and workers keep their jobs. */
  readonly redisOptions: { redisUrl: string; prefix: string };
  /** The same, for a BullMQ queue the test opens itself to look at the jobs, as an operator would. */
  readonly bullmqOptions: { connection: { url: string }; prefix: string };
  /** Has `resource` closed after the running test. */
  open<Opened extends Resource>(resource: Opened): Opened;
}

/** Call at the top of a test file: it registers the clean-up after each test. */
export function redisQueueScope<Resource>(
  redis: TestRedis | undefined,
  close: (resource: Resource) => Promise<unknown>,
): RedisQueueScope<Resource> {
  let prefix = '';
  const opened: Resource[] = [];
  afterEach(async () => {
    for (const resource of opened.splice(0).reverse()) await close(resource);
    if (redis && prefix) await redis.removeKeys(prefix);
    prefix = '';
  });
  return {
    get prefix() {
      return prefix;
    },
    newPrefix() {
      prefix = redis?.uniquePrefix() ?? '';
    },
    get redisOptions() {
      return { redisUrl: redis?.url ?? '', prefix };
    },
    get bullmqOptions() {
      return { connection: { url: redis?.url ?? '' }, prefix };
    },
    open(resource) {
      opened.push(resource);
      return resource;
    },
  };
}

/** Waits until `check` holds, polling, as a worker on another connection catches up. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
