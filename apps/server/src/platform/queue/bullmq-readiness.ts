// What every BullMQ queue and worker here does before it is handed out: wait, bounded, until Redis is ready for
// it, and close it again when Redis is not, so a bad REDIS_URL fails start-up within seconds and leaks nothing.
import { REDIS_CONNECT_TIMEOUT_MS } from '../redis/redis-connection';

/** `work`, or an error naming what did not happen within `timeoutMs`. */
export async function within<T>(work: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${message} within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for `ready` within the Redis connect timeout; on failure closes with `close` and rethrows. */
export async function readyOrClosed(
  ready: Promise<unknown>,
  close: () => Promise<unknown>,
  message: string,
): Promise<void> {
  try {
    await within(ready, REDIS_CONNECT_TIMEOUT_MS, message);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
