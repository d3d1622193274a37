// Slows guessing one account's password from many addresses at once (decision 052). The account's attempts take
// turns: one is checked at a time, and once the account is past its failure limit each waits a pause before
// its password is checked. Parallel guesses then cost a pause each, instead of sharing one, and none is
// refused: the seller, from their own address, still gets in after the guesses ahead of them.
import { type RateLimiter, storedKey } from './rate-limiter';

export interface AccountQueueOptions {
  /** Failed attempts per account from every address; past its limit each attempt waits `pauseMs` first. */
  failures: RateLimiter;
  pauseMs: number;
  /** How an attempt waits its pause; tests pass one they record and release themselves. */
  pause?: (milliseconds: number) => Promise<void>;
}

export interface AccountQueue {
  /**
   * Runs `check` in `account`'s turn. `check` answers what the right password proves (the account), or
   * undefined for a wrong one, which counts as a failure of the account before the next turn starts.
   */
  attempt<T>(account: string, check: () => Promise<T | undefined>): Promise<T | undefined>;
}

/**
 * The turns live in this process: each API process keeps its own, so with several behind a load balancer an
 * account's guesses are slowed to one pause per process (decision 052); the failure counts are shared.
 */
export function createAccountQueue({ failures, pauseMs, pause = sleep }: AccountQueueOptions): AccountQueue {
  // The end of the last turn given out, per account (by digest, like every limiter key); gone once it ends.
  const lastTurns = new Map<string, Promise<void>>();
  return {
    attempt(account, check) {
      const key = storedKey(account);
      const turn = (lastTurns.get(key) ?? Promise.resolve()).then(async () => {
        if (!(await failures.check(account)).allowed) await pause(pauseMs);
        const proven = await check();
        if (proven === undefined) await failures.consume(account);
        return proven;
      });
      // The next attempt waits for this one however it ends; an error is this attempt's caller's to answer.
      const ended = turn.then(
        () => undefined,
        () => undefined,
      );
      lastTurns.set(key, ended);
      void ended.then(() => {
        if (lastTurns.get(key) === ended) lastTurns.delete(key);
      });
      return turn;
    },
  };
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
