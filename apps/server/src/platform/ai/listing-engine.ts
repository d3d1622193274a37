// The listing-engine port: photos and the seller's settings in, the listing it wrote out. The `local` engine
// (offline, CPU only) is the default; a vision-model engine plugs in behind the same interface.
import type {
  Currency,
  EngineFallback,
  GenerationSettings,
  Language,
  ListingContent,
  PriceRange,
} from '@snaplist/contract';
import type { WriterInput } from './local/text/writer/writer-input';

export interface EnginePhoto {
  /** 1-based, in the seller's order: "photo 2" in evidence means this number. */
  number: number;
  /** The normalised photo: EXIF orientation applied, metadata stripped, long side capped. */
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface ListingRequest {
  photos: EnginePhoto[];
  settings: GenerationSettings;
  language: Language;
  currency: Currency;
}

/**
 * A listing as an engine wrote it, before it is stored: the generation job keeps it as a generated listing.
 * Empty title and description when the seller turned them off; brand and size readings too weak to state are
 * in `suggestions`, asked of the seller on the listing page, never in the text.
 */
export interface EngineListing extends ListingContent {
  suggestedPriceRange: PriceRange | null;
  /** The engine whose text this is: `local`, or `openai` for a vision model. */
  engine: string;
  /** The model that wrote it, for a vision-model engine. */
  model: string | null;
  /** Tokens the provider counted for this listing, repair request included; null when nothing was asked. */
  usage: TokenUsage | null;
  /** Set when the vision model's answer could not be used and the local engine's listing stands in. */
  fallback: EngineFallback | null;
  /**
   * What the local writer wrote the text from, kept so a seller's answer to a suggestion rewrites the text the
   * same way (decision 047); null when a vision model wrote it.
   */
  writerInput: WriterInput | null;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ListingEngine {
  readonly name: string;
  write(request: ListingRequest): Promise<EngineListing>;
  /** Loads models ahead of the first listing, so a seller never waits for a cold start. */
  warmUp(): Promise<void>;
  /** Releases workers and models; the engine is unusable afterwards. */
  close(): Promise<void>;
}
