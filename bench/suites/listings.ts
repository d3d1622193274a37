// The listings page with a big inventory: 100,000 listings for one seller (BENCH_LISTINGS), once in SQLite and
// once in PostgreSQL, then the cursor-paged list (first and deep pages), search (a common word, a rare one, one
// that matches nothing, and words too short for the trigram index), and the list while another connection
// searches beside it. Targets (decisions 028 and 029), on the 2-core machine: search p99 ≤ 20 ms for every
// kind of query, list p99 ≤ 20 ms, searches running or not.
//
// PostgreSQL is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); its run goes in a schema of
// its own, dropped at the end.
import crypto from 'node:crypto';
import { createUser, seedListingsInDataDir } from '@snaplist/server/testing';
import pg from 'pg';
import { type LoadResult, printResults, runLoad } from '../load';
import { createBenchSchema } from '../postgres';
import { type BenchServer, startBenchServer } from '../server-process';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const PORT = 3903;
/**
 * One connection measures the latency a seller sees; the load generator shares the machine's two cores, so more
 * connections measure queueing, which the throughput rows show separately.
 */
const LATENCY_CONNECTIONS = 1;
const THROUGHPUT_CONNECTIONS = 8;

interface Scenario {
  name: string;
  connections: number;
  requests: Array<{ method: 'POST'; path: string; body: string }>;
}

export async function benchListings(durationSeconds: number): Promise<void> {
  const sqlite = await startBenchServer(PORT);
  try {
    await benchOneDatabase('SQLite', sqlite, undefined, durationSeconds);
  } finally {
    await sqlite.stop();
  }

  const schema = await createBenchSchema('Listings');
  try {
    const postgres = await startBenchServer(PORT, {
      DATABASE_URL: schema.url,
      // With DATABASE_URL the server expects other processes beside it, so photo links need a shared secret.
      STORAGE_SECRET: crypto.randomBytes(48).toString('base64url'),
    });
    try {
      await benchOneDatabase('PostgreSQL', postgres, schema.url, durationSeconds);
    } finally {
      await postgres.stop();
    }
  } finally {
    await schema.drop();
  }
}

async function benchOneDatabase(
  database: string,
  server: BenchServer,
  databaseUrl: string | undefined,
  durationSeconds: number,
): Promise<void> {
  const seller = await createUser(server.baseUrl);
  const seedStarted = performance.now();
  await seedListingsInDataDir(
    server.dataDir,
    seller.email,
    {
      count: LISTINGS,
      withPhoto: true,
      // One in a thousand is tweed: the rare search word.
      input: (index) => (index % 1000 === 0 ? { description: 'A tweed jacket, hand-woven in Harris.' } : {}),
    },
    databaseUrl,
  );
  console.log(
    `\nSeeded ${LISTINGS.toLocaleString('en')} listings in ${database} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  if (databaseUrl) await vacuumListings(databaseUrl);

  const headers = { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` };
  const list = (cursor: string | null) => ({
    method: 'POST' as const,
    path: '/api/crosslister/listings',
    body: JSON.stringify({ cursor, product: 'crosslister', type: 'inventory' }),
  });
  const search = (searchString: string, searchOffset = 0) => ({
    method: 'POST' as const,
    path: '/api/crosslister/listings/search',
    body: JSON.stringify({ searchString, searchOffset, type: 'inventory' }),
  });
  const across = (await collectCursors(server.baseUrl, headers, 20)).map(list);
  const noMatch = search('xylophone');
  /** A scenario on one connection: the latency one seller sees. */
  const oneSeller = (name: string, requests: Scenario['requests']): Scenario => ({
    name,
    connections: LATENCY_CONNECTIONS,
    requests,
  });
  const scenarios: Scenario[] = [
    oneSeller('list: first page (20)', [list(null)]),
    oneSeller('list: pages across the inventory', across),
    { name: 'list: pages across, 8 connections', connections: THROUGHPUT_CONNECTIONS, requests: across },
    oneSeller('search: common word ("levis", 1 in 8)', [search('levis'), search('levis', 50)]),
    oneSeller('search: rare word ("tweed", 1 in 1000)', [search('tweed')]),
    oneSeller('search: no match ("xylophone")', [noMatch]),
    oneSeller('search: two words, one rare ("levis tweed")', [search('levis tweed')]),
    // Shorter than a trigram: the seller's newest listings first, then the index of short pieces.
    oneSeller('search: short word ("no", every listing)', [search('no'), search('no', 50)]),
    oneSeller('search: short word, no match ("zq")', [search('zq')]),
    oneSeller('search: one letter, no match ("q")', [search('q')]),
    oneSeller('search: short word no listing has, beside a common one ("zq levis")', [search('zq levis')]),
    oneSeller('search: short word beside a rare one ("no tweed")', [search('no tweed')]),
  ];
  const measure = (scenario: Scenario, seconds: number) =>
    runLoad({ ...scenario, url: server.baseUrl, durationSeconds: seconds, headers });
  // One connection lists while another searches for a word nothing has, in a loop: what every other seller's
  // list costs while one seller searches.
  const listWhileSearching = (seconds: number) =>
    Promise.all([
      measure(oneSeller('list while searching: pages across', across), seconds),
      measure(oneSeller('list while searching: the no-match search', [noMatch]), seconds),
    ]);

  // A few seconds of every scenario first, so the figures are of a warm process and a warm page cache.
  for (const scenario of scenarios) await measure(scenario, 2);
  await listWhileSearching(2);
  const results: LoadResult[] = [];
  for (const scenario of scenarios) results.push(await measure(scenario, durationSeconds));
  results.push(...(await listWhileSearching(durationSeconds)));
  printResults(
    `Listings with ${LISTINGS.toLocaleString('en')} listings (one API process, ${database})`,
    results,
  );
  for (const result of results) {
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${database}, ${result.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
}

/**
 * What autovacuum does within a minute or so of a bulk load, which the run does not wait for (and a development
 * server may have autovacuum off): statistics, without which the planner takes the seller for a handful of rows
 * and reads all of them for a word nothing holds, and the trigram index's pending entries merged in, which
 * every search would otherwise read through.
 */
async function vacuumListings(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze listings');
  } finally {
    await client.end();
  }
}

/** Walks the whole inventory 100 at a time and keeps `count` cursors spread evenly across it. */
async function collectCursors(baseUrl: string, headers: Record<string, string>, count: number) {
  const all: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/crosslister/listings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ cursor, type: 'inventory', limit: 100 }),
    });
    if (!response.ok) throw new Error(`list: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { cursor: string | null; done: boolean };
    if (page.done || !page.cursor) break;
    cursor = page.cursor;
    all.push(cursor);
  }
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, index) => index % step === 0).slice(0, count);
}
