// The listings page with a big inventory: 100,000 listings for one seller in SQLite, then the cursor-paged
// list (first and deep pages) and search (a common word, a rare one, and one that matches nothing, which reads
// every row of the seller). Target: list p99 under 20 ms on the 2-core machine.
import { createUser, seedListingsInDataDir } from '@snaplist/server/testing';
import { printResults, runLoad } from '../load';
import { startBenchServer } from '../server-process';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
/**
 * One connection measures the latency a seller sees; the load generator shares the machine's two cores, so more
 * connections measure queueing, which the throughput rows show separately.
 */
const LATENCY_CONNECTIONS = 1;
const THROUGHPUT_CONNECTIONS = 8;

export async function benchListings(durationSeconds: number): Promise<void> {
  const server = await startBenchServer(3903);
  try {
    const seller = await createUser(server.baseUrl);
    const seedStarted = performance.now();
    await seedListingsInDataDir(server.dataDir, seller.email, {
      count: LISTINGS,
      withPhoto: true,
      // One in a thousand is tweed: the rare search word.
      input: (index) => (index % 1000 === 0 ? { description: 'A tweed jacket, hand-woven in Harris.' } : {}),
    });
    console.log(
      `\nSeeded ${LISTINGS.toLocaleString('en')} listings in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const headers = { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` };
    const list = (cursor: string | null) => ({
      method: 'POST' as const,
      path: '/api/crosslister/listings',
      body: JSON.stringify({ cursor, product: 'crosslister', type: 'inventory' }),
    });
    const deepCursors = await collectCursors(server.baseUrl, headers, 20);
    const search = (searchString: string, searchOffset = 0) => ({
      method: 'POST' as const,
      path: '/api/crosslister/listings/search',
      body: JSON.stringify({ searchString, searchOffset, type: 'inventory' }),
    });
    const across = deepCursors.map(list);
    const scenarios = [
      { name: 'list: first page (20)', connections: LATENCY_CONNECTIONS, requests: [list(null)] },
      { name: 'list: pages across the inventory', connections: LATENCY_CONNECTIONS, requests: across },
      { name: 'list: pages across, 8 connections', connections: THROUGHPUT_CONNECTIONS, requests: across },
      {
        name: 'search: common word ("levis", 1 in 8)',
        connections: LATENCY_CONNECTIONS,
        requests: [search('levis'), search('levis', 50)],
      },
      {
        name: 'search: rare word ("tweed", 1 in 1000)',
        connections: LATENCY_CONNECTIONS,
        requests: [search('tweed')],
      },
      {
        name: 'search: no match (reads every row)',
        connections: LATENCY_CONNECTIONS,
        requests: [search('xylophone')],
      },
    ];
    // A few seconds of every scenario first, so the figures are of a warm process and a warm page cache.
    for (const scenario of scenarios) {
      await runLoad({ ...scenario, url: server.baseUrl, durationSeconds: 2, headers });
    }
    const results = [];
    for (const scenario of scenarios) {
      results.push(
        await runLoad({
          ...scenario,
          url: server.baseUrl,
          durationSeconds,
          headers,
        }),
      );
    }
    printResults(
      `Listings with ${LISTINGS.toLocaleString('en')} listings (one API process, SQLite)`,
      results,
    );
    for (const result of results) {
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${result.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
  } finally {
    await server.stop();
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
