// `npm run bench`: every benchmark, each printing its figures; `npm run bench -- generation scale` runs only
// the suites named. BENCH_SECONDS shortens or lengthens runs.
import os from 'node:os';
import { benchAccounts } from './suites/accounts';
import { benchBackgroundRemoval } from './suites/background-removal';
import { benchEtsyQuota } from './suites/etsy-quota';
import { benchGeneration } from './suites/generation';
import { benchListings } from './suites/listings';
import { benchScale } from './suites/scale';
import { benchWeb } from './suites/web';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

const suites: Record<string, () => Promise<void>> = {
  accounts: () => benchAccounts(durationSeconds),
  listings: () => benchListings(durationSeconds),
  generation: () => benchGeneration(),
  scale: () => benchScale(durationSeconds),
  web: () => benchWeb(),
  'background-removal': () => benchBackgroundRemoval(),
  'etsy-quota': () => benchEtsyQuota(),
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in suites));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are: ${Object.keys(suites).join(', ')}`);
  process.exit(1);
}

console.log(
  `Snaplist benchmarks on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
for (const [name, run] of Object.entries(suites)) {
  if (requested.length === 0 || requested.includes(name)) await run();
}
