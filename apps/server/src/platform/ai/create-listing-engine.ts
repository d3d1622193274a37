// Chooses the listing engine from configuration: the offline `local` engine, or a vision model behind any
// OpenAI-compatible server, which still runs the local engine first for its evidence and as its fallback.
import type { Config } from '../../config';
import type { ListingEngine } from './listing-engine';
import { LocalListingEngine } from './local/local-engine';
import { createLabelReader } from './local/ocr';
import { type EngineLog, OpenAiListingEngine } from './openai/openai-engine';

const OFFLINE_WORK_RESERVE_MS = 20_000;
const MIN_MODEL_DEADLINE_MS = 5_000;

export function createListingEngine(config: Config, log: EngineLog): ListingEngine {
  const local = new LocalListingEngine(createLabelReader({ workers: config.ocrWorkers }));
  if (config.listingAi.engine === 'local') return local;
  return new OpenAiListingEngine({
    config: config.listingAi,
    local,
    log,
    // Within the seller's wait for the whole generation, leaving room for the label reading before and the
    // storing after, so a slow provider ends in the offline listing rather than "try again".
    deadlineMs: Math.max(MIN_MODEL_DEADLINE_MS, config.generation.timeoutMs - OFFLINE_WORK_RESERVE_MS),
  });
}
