// Photo to listing, end to end as the browser does it: create the generation, PUT three 12-megapixel JPEGs
// to their signed URLs, start it, and get the listing back. Reports latency and the server's peak memory.
import { createUser, renderPhoto12mp } from '@snaplist/server/testing';
import { startBenchServer } from '../server-process';

const RUNS = Number(process.env.BENCH_GENERATION_RUNS ?? 10);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export async function benchGeneration(): Promise<void> {
  const [item, label] = await Promise.all([renderPhoto12mp('item'), renderPhoto12mp('label')]);
  const photos = [item, label, item];
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
    const generateOnce = async (): Promise<number> => {
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

    const coldMs = await generateOnce();
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) timings.push(await generateOnce());
    timings.sort((a, b) => a - b);
    const megabytes = (photos.reduce((sum, photo) => sum + photo.length, 0) / 2 ** 20).toFixed(1);
    console.log(
      `\nGeneration: 3 photos of 12 MP (${megabytes} MB of JPEG), local engine, ${RUNS} runs after one cold run`,
    );
    console.table([
      {
        'cold ms': Math.round(coldMs),
        'p50 ms': Math.round(percentile(timings, 50)),
        'p95 ms': Math.round(percentile(timings, 95)),
        'max ms': Math.round(timings.at(-1) ?? 0),
        'server peak RSS MiB': server.peakMemoryMiB(),
      },
    ]);
  } finally {
    await server.stop();
  }
}
