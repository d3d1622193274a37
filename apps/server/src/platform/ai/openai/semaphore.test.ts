import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

/** A task that stays running until `finish` is called, recording how many ran at once. */
function gate() {
  let release = () => {};
  const finished = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { finished, release: () => release() };
}

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and starts the rest in order as slots free up', async () => {
    const semaphore = new Semaphore(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let mostRunning = 0;
    const runs = gates.map((taskGate, index) =>
      semaphore.run(async () => {
        started.push(index);
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await taskGate.finished;
        running -= 1;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]?.release();
    await runs[1];
    expect(started).toEqual([0, 1, 2]);
    for (const taskGate of gates) taskGate.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(mostRunning).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow();
  });
});
