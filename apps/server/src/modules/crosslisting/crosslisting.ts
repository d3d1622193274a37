// The crosslisting module put together, the same way in the API process and in a worker: the configured
// marketplaces' adapters, the token cipher, the publishing queue (in process, or BullMQ with REDIS_URL), the
// jobs it runs, and the sales sync.
import type { Config } from '../../config';
import {
  createMarketplaceAdapters,
  type MarketplaceAdapters,
} from '../../platform/marketplaces/create-marketplace-adapters';
import { createTokenCipher, marketplaceTokenKey } from '../../platform/marketplaces/token-cipher';
import { createPublishingQueue } from '../../platform/queue/create-publishing-queue';
import type { PublishingJob, PublishingQueue } from '../../platform/queue/publishing-queue';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import { ConnectionsService } from './connections.service';
import { MarketplaceAccounts } from './marketplace-accounts';
import { PublishingJobs } from './publishing.jobs';
import { type PublishingRepositories, PublishingService } from './publishing.service';
import { SalesSync } from './sales-sync';

export interface Crosslisting {
  connections: ConnectionsService;
  publishing: PublishingService;
  jobs: PublishingJobs;
  salesSync: SalesSync;
  queue: PublishingQueue;
  /** Whether any marketplace app is configured: without one there is nothing to sync. */
  anyMarketplace: boolean;
}

export interface CrosslistingOptions extends PublishingRepositories {
  transaction: <T>(work: (repositories: PublishingRepositories) => Promise<T>) => Promise<T>;
  storage: PhotoStorage;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  now: () => Date;
  /** The adapters to use instead of those the configuration names (the adapters' own tests). */
  adapters?: MarketplaceAdapters;
  /** Redis key prefix instead of REDIS_PREFIX; tests give each run its own. */
  redisPrefix?: string;
}

export async function createCrosslisting(
  config: Config,
  options: CrosslistingOptions,
): Promise<Crosslisting> {
  const { log, now } = options;
  const adapters = options.adapters ?? createMarketplaceAdapters(config.marketplaces);
  const cipher = createTokenCipher(marketplaceTokenKey(config));
  const accounts = new MarketplaceAccounts({
    connections: options.connections,
    adapters,
    cipher,
    now,
  });
  // The jobs enqueue follow-ups (an end after a late sale) on the queue that runs them.
  let queue: PublishingQueue | undefined;
  const enqueue = async (job: PublishingJob) => {
    if (!queue) throw new Error('The publishing queue is not ready');
    await queue.enqueue(job);
  };
  const jobs = new PublishingJobs({ ...options, accounts, enqueue });
  queue = await createPublishingQueue(
    config,
    {
      run: (job, context) => jobs.run(job, context),
      onFinalFailure: (job, error) => jobs.onFinalFailure(job, error),
    },
    { prefix: options.redisPrefix, log },
  );
  const publishing = new PublishingService({ ...options, accounts, enqueue });
  return {
    connections: new ConnectionsService({
      connections: options.connections,
      accounts,
      cipher,
      publicUrl: config.publicUrl,
      log,
      now,
    }),
    publishing,
    jobs,
    salesSync: new SalesSync({ ...options, accounts, publishing }),
    queue,
    anyMarketplace: Object.keys(adapters).length > 0,
  };
}
