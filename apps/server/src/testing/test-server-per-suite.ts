// Servers for a test file or a describe block: started before its tests and closed after them (Vitest closes
// them in the reverse order it started them). It registers Vitest hooks, so it is imported by path, not from
// the index the Playwright journeys load.
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/** Starts a server for the suite; the getter hands it out from the suite's beforeAll on. */
export function useForSuite<Started extends { close(): Promise<void> }>(
  start: () => Promise<Started>,
): () => Started {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (!started) throw new Error('useForSuite: used outside a test');
    return started;
  };
}

type TestServerEnv = Parameters<typeof startTestServer>[0];

/** The suite's API server; `env` as a function is read when the server starts, after earlier suite servers. */
export function useTestServer(
  env: TestServerEnv | (() => TestServerEnv) = {},
  options: Parameters<typeof startTestServer>[2] = {},
): () => TestServer {
  return useForSuite(() => startTestServer(typeof env === 'function' ? env() : env, undefined, options));
}
