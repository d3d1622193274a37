// One measured load run with autocannon, reduced to the figures we report.
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadSpec {
  name: string;
  url: string;
  connections: number;
  durationSeconds: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    requests: spec.requests,
    headers: spec.headers,
  });
  return {
    name: spec.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function printResults(title: string, results: LoadResult[]): void {
  console.log(`\n${title}`);
  console.table(
    results.map((result) => ({
      scenario: result.name,
      'req/s': result.requestsPerSecond,
      'p50 ms': result.p50Ms,
      'p99 ms': result.p99Ms,
      'non-2xx': result.non2xx,
      errors: result.errors,
    })),
  );
}
