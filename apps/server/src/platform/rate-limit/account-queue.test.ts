import { describe, expect, it } from 'vitest';
import { createAccountQueue } from './account-queue';
import { createMemoryRateLimiter } from './rate-limiter';

/** The queue over a real in-memory limiter, with pauses that only note themselves in `events`. */
function queue(limit: number) {
  const events: string[] = [];
  const failures = createMemoryRateLimiter(`account-queue-test-${crypto.randomUUID()}`, {
    points: limit,
    windowSeconds: 60,
  });
  const accountQueue = createAccountQueue({
    failures,
    pauseMs: 1000,
    pause: async (milliseconds) => {
      events.push(`pause ${milliseconds}`);
    },
  });
  /** An attempt that notes when its check starts and ends, and proves `right` or nothing. */
  const attempt = (account: string, name: string, right = false) =>
    accountQueue.attempt(account, async () => {
      events.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`${name} ends`);
      return right ? name : undefined;
    });
  return { events, failures, accountQueue, attempt };
}

describe('an account queue', () => {
  it('checks one attempt of an account at a time, pausing each once the account is past its limit', async () => {
    const { events, attempt } = queue(2);
    const answers = await Promise.all([
      attempt('seller@example.test', 'a'),
      attempt('seller@example.test', 'b'),
      attempt('seller@example.test', 'c'),
      attempt('seller@example.test', 'd', true),
    ]);
    expect(answers).toEqual([undefined, undefined, undefined, 'd']);
    expect(events).toEqual([
      'a starts',
      'a ends',
      'b starts',
      'b ends',
      // Two failures are the limit: from here every attempt, the right password's too, waits first.
      'pause 1000',
      'c starts',
      'c ends',
      'pause 1000',
      'd starts',
      'd ends',
    ]);
  });

  it('counts a wrong password against the account, and not a right one', async () => {
    const { failures, attempt } = queue(2);
    await attempt('seller@example.test', 'right', true);
    expect((await failures.check('seller@example.test')).allowed).toBe(true);
    await attempt('seller@example.test', 'wrong');
    await attempt('seller@example.test', 'wrong again');
    expect((await failures.check('seller@example.test')).allowed).toBe(false);
  });

  it('lets other accounts through meanwhile', async () => {
    const { events, attempt } = queue(1);
    await Promise.all([attempt('one@example.test', 'one'), attempt('two@example.test', 'two')]);
    expect(events.slice(0, 2).sort()).toEqual(['one starts', 'two starts']);
  });

  it('gives the next attempt its turn when a check fails with an error, which goes to its own caller', async () => {
    const { accountQueue, attempt } = queue(5);
    const broken = accountQueue.attempt('seller@example.test', async () => {
      throw new Error('database gone');
    });
    const next = attempt('seller@example.test', 'next', true);
    await expect(broken).rejects.toThrow('database gone');
    expect(await next).toBe('next');
  });
});
