// Photo to listing, end to end as the browser does it: create the generation, PUT three JPEGs (an item shot,
// a label shot, the item again) to their signed URLs, start it, and get the listing back. Runs with photos of
// 1500 px and of 12 MP, and reports latency, the server's CPU time per generation and its peak memory.
// Other work on the machine stretches latency; CPU seconds per generation are the steadier figure.
import { createUser, renderBenchPhoto } from '@snaplist/server/testing';
import { startBenchServer } from '../server-process';

const RUNS = Number(process.env.BENCH_GENERATION_RUNS ?? 10);

const PHOTO_SIZES = [
  { name: '1500 px', frame: { width: 1500, height: 1125 } },
  { name: '12 MP', frame: { width: 4000, height: 3000 } },
] as const;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export async function benchGeneration(): Promise<void> {
  const server = await startBenchServer(3902);
  try {
    // Pro's monthly allowance covers the runs; the free start (3) would not.
    const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<{ id: string; presignedUrls: { url: string }[]; brand?: string }>;
    };
    const generateOnce = async (photos: Buffer[]): Promise<number> => {
      const started = performance.now();
      const created = await call('/api/listing', {
        language: 'en',
        listingData: {
          photos: photos.map((bytes, position) => ({
            id: `p${position}`,
            type: 'image/jpeg',
            extension: 'jpg',
            size: bytes.length,
            position,
          })),
          generationSettings: {},
        },
      });
      await Promise.all(
        created.presignedUrls.map(async ({ url }, index) => {
          const put = await fetch(`${server.baseUrl}${url}`, {
            method: 'PUT',
            headers: { 'content-type': 'image/jpeg' },
            body: new Uint8Array(photos[index] as Buffer),
          });
          if (!put.ok) throw new Error(`upload: ${put.status}`);
        }),
      );
      await call('/api/listing/generate', { id: created.id, type: 'listing' });
      return performance.now() - started;
    };

    const rows: Record<string, string | number>[] = [];
    for (const size of PHOTO_SIZES) {
      const [item, label] = await Promise.all([
        renderBenchPhoto('item', size.frame),
        renderBenchPhoto('label', size.frame),
      ]);
      const photos = [item, label, item];
      const coldMs = await generateOnce(photos);
      const cpuBefore = server.cpuSeconds();
      const timings: number[] = [];
      for (let run = 0; run < RUNS; run++) timings.push(await generateOnce(photos));
      const cpuPerGeneration = (server.cpuSeconds() - cpuBefore) / RUNS;
      timings.sort((a, b) => a - b);
      rows.push({
        photos: `3 × ${size.name} (${(photos.reduce((sum, photo) => sum + photo.length, 0) / 2 ** 20).toFixed(1)} MB)`,
        'cold ms': Math.round(coldMs),
        'p50 ms': Math.round(percentile(timings, 50)),
        'p95 ms': Math.round(percentile(timings, 95)),
        'max ms': Math.round(timings.at(-1) ?? 0),
        'server CPU s / generation': Number(cpuPerGeneration.toFixed(2)),
        'server peak RSS MiB': server.peakMemoryMiB(),
      });
    }
    console.log(`\nGeneration: item, label and item photo, local engine, ${RUNS} runs after one cold run`);
    console.table(rows);
  } finally {
    await server.stop();
  }
}
