// Scale-out: does a second API process add throughput? The deployment's shape (docs/deployment.md) on one
// machine: PostgreSQL, Redis for the shared rate limits, one JWT_SECRET, and a round-robin proxy standing in for
// Caddy. One seller with 10,000 listings (BENCH_SCALE_LISTINGS), then the list endpoint's first page and the
// auth check, 8 connections each, against one API process and against two, and the ratio two/one.
//
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and Redis
// (BENCH_REDIS_URL, default redis://127.0.0.1:6379). Everything goes in a schema and a key prefix of its own,
// both removed at the end.
//
// Everything shares the machine's cores: both API processes, PostgreSQL, Redis, the proxy and the load
// generator. On a 2-core machine a second process mostly competes with the rest for the same two cores, so
// the ratio says what a second process buys on the same machine, not on a machine of its own.
import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { createUser, seedListingsInDataDir, type TestSchema } from '@snaplist/server/testing';
import { Redis } from 'ioredis';
import { type LoadResult, printResults, runLoad } from '../load';
import { createBenchSchema } from '../postgres';
import { type BenchServer, startBenchServer } from '../server-process';

const LISTINGS = Number(process.env.BENCH_SCALE_LISTINGS ?? 10_000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONNECTIONS = 8;
const PORTS = [3904, 3905];

export async function benchScale(durationSeconds: number): Promise<void> {
  const redisPrefix = `bench-${crypto.randomBytes(6).toString('hex')}`;
  const servers: BenchServer[] = [];
  let schema: TestSchema | undefined;
  try {
    schema = await createBenchSchema('Scale');
    // The same configuration for every process, and for the one-process run too, so the comparison is fair.
    const env = {
      DATABASE_URL: schema.url,
      JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
      // Photos stay on each process's local disk here; one shared secret lets every process verify the links.
      STORAGE_SECRET: crypto.randomBytes(48).toString('base64url'),
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
    };
    // One after the other: the first creates the tables, the second finds them made.
    for (const port of PORTS) servers.push(await startBenchServer(port, env));
    const [first, second] = servers as [BenchServer, BenchServer];

    const seller = await createUser(first.baseUrl);
    const seedStarted = performance.now();
    await seedListingsInDataDir(
      first.dataDir,
      seller.email,
      { count: LISTINGS, withPhoto: true },
      schema.url,
    );
    console.log(
      `\nSeeded ${LISTINGS.toLocaleString('en')} listings in PostgreSQL in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const headers = { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` };
    // A token signed by one process must be accepted by the other: that is what the shared JWT_SECRET is for.
    const check = await fetch(`${second.baseUrl}/api/users/crosslister`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ product: 'crosslister' }),
    });
    if (!check.ok) throw new Error(`auth check on the second process: ${check.status} ${await check.text()}`);

    const scenarios = [
      {
        name: 'list: first page (20)',
        requests: [
          {
            method: 'POST' as const,
            path: '/api/crosslister/listings',
            body: JSON.stringify({ cursor: null, product: 'crosslister', type: 'inventory' }),
          },
        ],
      },
      {
        name: 'POST /api/users/crosslister (auth check)',
        requests: [
          {
            method: 'POST' as const,
            path: '/api/users/crosslister',
            body: JSON.stringify({ product: 'crosslister' }),
          },
        ],
      },
    ];
    const measure = async (setup: string, url: string): Promise<LoadResult[]> => {
      // A couple of seconds of each first, so the figures are of warm processes and a warm cache.
      for (const scenario of scenarios) {
        await runLoad({ ...scenario, url, connections: CONNECTIONS, durationSeconds: 2, headers });
      }
      const results: LoadResult[] = [];
      for (const scenario of scenarios) {
        const result = await runLoad({
          ...scenario,
          url,
          connections: CONNECTIONS,
          durationSeconds,
          headers,
        });
        results.push({ ...result, name: `${result.name}, ${setup}` });
      }
      return results;
    };

    // For reference: what the proxy hop costs.
    const direct = await measure('one process, direct', first.baseUrl);
    // Both setups go through the proxy, as both would go through Caddy in a deployment.
    const one = await withProxy([first.baseUrl], (url) => measure('one process', url));
    const two = await withProxy([first.baseUrl, second.baseUrl], (url) => measure('two processes', url));

    const results = [...direct, ...one.results, ...two.results];
    printResults(
      `Scale-out with ${LISTINGS.toLocaleString('en')} listings (PostgreSQL, Redis, round-robin proxy, ${CONNECTIONS} connections)`,
      results,
    );
    console.log(`Requests per process behind the proxy, two processes: ${two.served.join(' / ')}`);
    console.table(
      scenarios.map((scenario, index) => {
        const [oneResult, twoResult] = [one.results[index], two.results[index]] as [LoadResult, LoadResult];
        return {
          scenario: scenario.name,
          'one req/s': oneResult.requestsPerSecond,
          'two req/s': twoResult.requestsPerSecond,
          'req/s two/one': ratio(twoResult.requestsPerSecond, oneResult.requestsPerSecond),
          'p99 two/one': ratio(twoResult.p99Ms, oneResult.p99Ms),
        };
      }),
    );
    for (const result of results) {
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${result.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
  } finally {
    // Every step on its own, so one failing does not leave the rest behind.
    for (const server of servers) await server.stop().catch(report('stop a server'));
    await schema?.drop().catch(report(`drop schema ${schema.name}`));
    await deleteRedisKeys(REDIS_URL, redisPrefix).catch(report(`delete Redis keys ${redisPrefix}:*`));
  }
}

function ratio(numerator: number, denominator: number): string {
  return denominator > 0 ? (numerator / denominator).toFixed(2) : '-';
}

function report(what: string) {
  return (error: unknown) => console.error(`Scale benchmark: could not ${what}:`, error);
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * A round-robin HTTP proxy in front of `backends`, as Caddy's `lb_policy round_robin` (per request), with
 * keep-alive connections to each backend. It runs on a worker thread of its own so it does not share the load
 * generator's event loop; it does share the machine's cores with everything else. Plain JavaScript, because a
 * worker evaluated from a string gets no TypeScript loader.
 */
const PROXY_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const withoutHopByHop = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
const backends = workerData.backends.map((url) => ({
  url: new URL(url),
  agent: new http.Agent({ keepAlive: true }),
  served: 0,
}));
let next = 0;
const server = http.createServer((request, response) => {
  const backend = backends[next];
  next = (next + 1) % backends.length;
  backend.served++;
  const upstream = http.request(
    {
      host: backend.url.hostname,
      port: backend.url.port,
      method: request.method,
      path: request.url,
      headers: withoutHopByHop(request.headers),
      agent: backend.agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode, withoutHopByHop(answer.headers));
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', () => {
  server.close();
  server.closeAllConnections();
  for (const backend of backends) backend.agent.destroy();
  parentPort.postMessage({ served: backends.map((backend) => backend.served) });
});
`;

async function withProxy<T>(
  backends: string[],
  work: (url: string) => Promise<T>,
): Promise<{ results: T; served: number[] }> {
  const worker = new Worker(PROXY_SOURCE, { eval: true, workerData: { backends } });
  const nextMessage = () =>
    new Promise<{ port?: number; served?: number[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  try {
    const { port } = await nextMessage();
    const results = await work(`http://127.0.0.1:${port}`);
    const closed = nextMessage();
    worker.postMessage('close');
    return { results, served: (await closed).served ?? [] };
  } finally {
    await worker.terminate();
  }
}
