// `npm run bench`: every benchmark, each printing its figures. BENCH_SECONDS shortens or lengthens runs.
import os from 'node:os';
import { benchAccounts } from './suites/accounts';
import { benchGeneration } from './suites/generation';
import { benchListings } from './suites/listings';
import { benchScale } from './suites/scale';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

console.log(
  `Snaplist benchmarks on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
await benchAccounts(durationSeconds);
await benchListings(durationSeconds);
await benchGeneration();
await benchScale(durationSeconds);
