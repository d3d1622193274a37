// Chooses the listing engine from configuration: the offline `local` engine, or a vision model behind any
// OpenAI-compatible server, which still runs the local engine first for its evidence and as its fallback.
import type { Config } from '../../config';
import type { ListingEngine } from './listing-engine';
import { LocalListingEngine } from './local/local-engine';
import { createTesseractReader } from './local/ocr';
import { type EngineLog, OpenAiListingEngine } from './openai/openai-engine';

export function createListingEngine(config: Config, log: EngineLog): ListingEngine {
  const local = new LocalListingEngine(createTesseractReader({ workers: config.ocrWorkers }));
  if (config.listingAi.engine === 'local') return local;
  return new OpenAiListingEngine({ config: config.listingAi, local, log });
}
