// Connecting to the Redis behind REDIS_URL, shared by the generation queue and the rate limiters. The first
// connection is bounded: a process that is configured for Redis but cannot reach it stops at start with a
// clear message, instead of retrying forever. Once up, a lost connection is retried in the background.
import { Redis, type RedisOptions } from 'ioredis';
import { errorReason } from '../../errors';

/** How long start-up waits for Redis before giving up. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;

export class RedisUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Cannot reach Redis at ${redactRedisUrl(url)} (REDIS_URL): ${errorReason(cause)}`, { cause });
    this.name = 'RedisUnreachableError';
  }
}

/** The URL without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Connects once, within `timeoutMs`, and checks that Redis answers; throws RedisUnreachableError otherwise.
 * Leaves nothing running behind when it fails.
 */
export async function assertRedisReachable(url: string, timeoutMs = REDIS_CONNECT_TIMEOUT_MS): Promise<void> {
  const client = await connectRedis(url, { timeoutMs, name: 'snaplist-probe' });
  await client.quit();
}

export interface ConnectRedisOptions {
  timeoutMs?: number;
  /** Shown by CLIENT LIST, to tell the processes apart. */
  name?: string;
  /** Extra ioredis options (enableOfflineQueue, maxRetriesPerRequest...). */
  redis?: RedisOptions;
}

/**
 * An ioredis client whose first connection is bounded (no reconnect loop at start) and which reconnects
 * with backoff after that. Its error events are swallowed here: callers see failures on their commands.
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<Redis> {
  const timeoutMs = options.timeoutMs ?? REDIS_CONNECT_TIMEOUT_MS;
  let connected = false;
  let lastError: unknown;
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    connectionName: options.name,
    // Before the first connection: give up at once (the caller reports it); after: keep trying, capped.
    retryStrategy: (times) => (connected ? Math.min(times * 200, 5_000) : null),
    ...options.redis,
  });
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    client.disconnect();
    // ioredis reports "Connection is closed."; the error event says why (ECONNREFUSED, WRONGPASS...).
    throw new RedisUnreachableError(url, lastError ?? error);
  } finally {
    clearTimeout(timer);
  }
  connected = true;
  return client;
}
