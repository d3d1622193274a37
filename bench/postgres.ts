// The PostgreSQL the benchmarks that need one run against (BENCH_DATABASE_URL), each run in a schema of its
// own.
import { createTestSchema, type TestSchema } from '@snaplist/server/testing';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh schema for `benchmark`'s run (the caller drops it); without a database, an error that says so. */
export function createBenchSchema(benchmark: string): Promise<TestSchema> {
  return createTestSchema(DATABASE_URL).catch((error: unknown) => {
    throw new Error(`${benchmark} benchmark: no PostgreSQL at ${DATABASE_URL} (BENCH_DATABASE_URL)`, {
      cause: error,
    });
  });
}
