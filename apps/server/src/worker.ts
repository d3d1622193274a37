// A generation worker process (`npm run worker`): with REDIS_URL set, the API processes enqueue generation
// jobs and any number of these run them, against the same database and photo storage. It warms the listing
// engine, then takes up to GENERATION_CONCURRENCY jobs at once until SIGTERM, which lets running jobs finish.
// It also runs the crosslisting jobs (publish, update, end) and, with a marketplace configured, the sales sync.
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { sweepAndLog } from './modules/housekeeping/sweeper';
import { createListingEngine } from './platform/ai/create-listing-engine';
import { startGenerationWorker } from './platform/queue/bullmq-generation-queue';
import { type HousekeepingWorker, startHousekeepingWorker } from './platform/queue/bullmq-housekeeping';
import {
  type PublishingWorker,
  startPublishingWorker,
  startSalesSyncWorker,
} from './platform/queue/bullmq-publishing-queue';
import { PUBLISHING_CONCURRENCY } from './platform/queue/create-publishing-queue';
import { assertRedisReachable } from './platform/redis/redis-connection';
import {
  assertLocalStorageShareable,
  assertStorageReachable,
  createPhotoStorage,
} from './platform/storage/create-photo-storage';
import {
  createGenerationProcessor,
  createPlans,
  createStorageIdentity,
  createSweeper,
  openCrosslisting,
} from './services';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ name: 'snaplist-worker', level: config.logLevel });
  if (!config.redisUrl) {
    throw new Error(
      'REDIS_URL is not set: a worker takes generation jobs from Redis. Without REDIS_URL the API runs them itself.',
    );
  }
  // Each backend is checked before the slow engine warm-up, so a bad setting fails within seconds.
  assertLocalStorageShareable(config);
  await assertRedisReachable(config.redisUrl);
  const now = () => new Date();
  const database = await openDatabase(config);
  const storage = createPhotoStorage(config, now);
  const engine = createListingEngine(config, log);
  const closeBackends = async () => {
    await engine.close();
    await database.db.destroy();
  };
  let worker: Awaited<ReturnType<typeof startGenerationWorker>>;
  let housekeeping: HousekeepingWorker;
  // Crosslisting (decision 033): its jobs, the queue they enqueue follow-ups on, and the sales sync.
  const crosslistingWorkers: PublishingWorker[] = [];
  let closeCrosslisting = async () => {};
  try {
    await database.ping();
    await assertStorageReachable(config, storage);
    // On another DATA_DIR than the database's it would find no uploaded photo: it refuses (decision 051).
    const identity = createStorageIdentity(database.db, storage, now);
    const mismatch = await identity.mismatch();
    if (mismatch !== null) throw new Error(`${mismatch} This worker's DATA_DIR is ${config.dataDir}.`);
    const warming = Date.now();
    await engine.warmUp();
    log.info({ ms: Date.now() - warming }, 'listing engine warmed up');
    const { db } = database;
    // Only its refund is used here: a job that fails for good gives the seller's charge back.
    const plans = createPlans(config, db, config.payments.provider, now);
    const processor = createGenerationProcessor({
      db,
      storage,
      engine,
      refund: (generationId) => plans.refundGeneration(generationId),
      now,
    });
    worker = await startGenerationWorker({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      concurrency: config.generation.concurrency,
      // Longer than the API waits for the whole job: such an attempt is stuck, not slow.
      attemptTimeoutMs: config.generation.timeoutMs,
      process: (generationId) => processor.process(generationId),
      onFinalFailure: (generationId, error) => processor.fail(generationId, error),
      log,
    });
    const sweeper = createSweeper({
      db,
      storage,
      unattachedPhotoGraceMs: config.housekeeping.unattachedPhotoGraceMs,
      now,
    });
    housekeeping = await startHousekeepingWorker({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      intervalMs: config.housekeeping.intervalMs,
      sweep: () => sweepAndLog(sweeper, log),
      log,
    });
    const crosslisting = await openCrosslisting(config, { db, storage, log, now });
    closeCrosslisting = async () => {
      for (const running of crosslistingWorkers) await running.close();
      await crosslisting.queue.close();
    };
    crosslistingWorkers.push(
      await startPublishingWorker({
        redisUrl: config.redisUrl,
        prefix: config.redisPrefix,
        concurrency: PUBLISHING_CONCURRENCY,
        attempts: config.marketplaces.jobAttempts,
        retryBaseMs: config.marketplaces.retryBaseMs,
        run: (job, context) => crosslisting.jobs.run(job, context),
        onFinalFailure: (job, error) => crosslisting.jobs.onFinalFailure(job, error),
        log,
      }),
    );
    if (crosslisting.anyMarketplace) {
      crosslistingWorkers.push(
        await startSalesSyncWorker({
          redisUrl: config.redisUrl,
          prefix: config.redisPrefix,
          intervalMs: config.marketplaces.syncIntervalMs,
          sync: async () => void (await crosslisting.salesSync.syncAll()),
          log,
        }),
      );
    }
  } catch (error) {
    await closeCrosslisting().catch(() => {});
    await closeBackends().catch(() => {});
    throw error;
  }
  log.info(
    { concurrency: config.generation.concurrency, database: database.adapter, storage: storage.adapter },
    'generation worker is taking jobs',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second signal: stop now. Running jobs stall and another worker runs them again.
      log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'finishing running jobs, then stopping');
    await worker.close();
    await housekeeping.close();
    await closeCrosslisting();
    await closeBackends();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `The worker could not start: ${describe(error)}`,
  );
  process.exit(1);
});

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
}
