// The `openai` listing engine: a vision model behind any OpenAI-compatible chat-completions server (OpenAI,
// Gemini, OpenRouter, Ollama, vLLM) writes the listing from the photos and the local engine's evidence.
// The local engine always runs first: its evidence goes into the prompt, its listing is what the seller gets
// whenever the model cannot be reached, refuses, or stays invalid after one repair request. write() never
// throws for a provider problem.
import type { EngineFallback } from '@snaplist/contract';
import OpenAI, { APIError, BadRequestError } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { OpenAiConfig } from '../../../config';
import type { EngineListing, ListingEngine, ListingRequest, TokenUsage } from '../listing-engine';
import { isRefusal } from '../local/text/writer/refusal';
import { applyGuardrails, isRefusalReply } from './guardrails';
import { choosePhotos, labelPhotoNumbers, toSentPhoto } from './photos';
import { buildMessages, type ResponseFormat, repairMessage } from './prompt';
import { listingJsonSchema, type ModelListing, parseModelReply } from './reply-schema';
import { Semaphore } from './semaphore';

/** What the engine logs through: a pino logger fits. Never given photo data or prompt text. */
export interface EngineLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface OpenAiListingEngineOptions {
  config: OpenAiConfig;
  /** Runs first for its evidence, and stands in when the model's answer cannot be used. */
  local: ListingEngine;
  log: EngineLog;
  /**
   * The most one listing may spend with the model, queueing, retries and the repair request included: past
   * it the offline listing is used, so a slow or dead provider never outlasts the seller's wait.
   */
  deadlineMs: number;
}

/** Local servers (Ollama, vLLM) ignore the key, but the client will not send a request without one. */
const PLACEHOLDER_API_KEY = 'not-needed';
/** Where a server refuses a response format (400), the next one down is tried. */
const WEAKER_FORMAT: Record<ResponseFormat, ResponseFormat | null> = {
  json_schema: 'json_object',
  json_object: 'text',
  text: null,
};
/** Provider error messages go to the log cut short, and without any image data they might echo. */
const MAX_LOGGED_MESSAGE = 200;

/** The messages for a response format: the prompt spells out the schema where the server does not enforce it. */
type Conversation = (format: ResponseFormat) => ChatCompletionMessageParam[];

type ModelAnswer =
  | { kind: 'listing'; listing: ModelListing }
  | { kind: 'refused' }
  | { kind: 'invalid'; content: string; problems: string };

export class OpenAiListingEngine implements ListingEngine {
  readonly name = 'openai';
  private readonly config: OpenAiConfig;
  private readonly local: ListingEngine;
  private readonly log: EngineLog;
  private readonly client: OpenAI;
  private readonly inFlight: Semaphore;
  private readonly deadlineMs: number;
  /** Starts as configured; lowered for good once a server refuses a format and accepts a weaker one. */
  private responseFormat: ResponseFormat;

  constructor(options: OpenAiListingEngineOptions) {
    this.config = options.config;
    this.local = options.local;
    this.log = options.log;
    this.deadlineMs = options.deadlineMs;
    this.responseFormat = options.config.responseFormat;
    this.inFlight = new Semaphore(options.config.concurrency);
    // Every option the client would otherwise read from the environment is given here: configuration
    // comes from OpenAiConfig alone.
    this.client = new OpenAI({
      baseURL: options.config.baseUrl,
      apiKey: options.config.apiKey ?? PLACEHOLDER_API_KEY,
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: options.config.timeoutMs,
      maxRetries: options.config.maxRetries,
      // Fallbacks are logged here, through the app's logger; the client would write to the console.
      logLevel: 'off',
    });
  }

  async write(request: ListingRequest): Promise<EngineListing> {
    // The local engine's own errors propagate: without its listing there is nothing to fall back on.
    const local = await this.local.write(request);
    const usage = new UsageTally();
    const deadline = AbortSignal.timeout(this.deadlineMs);
    try {
      return await this.writeWithModel(request, local, usage, deadline);
    } catch (error) {
      // The client's own retries are spent by now. Anything else that breaks between the request and a
      // checked reply (a body that is not a chat completion, say) is the provider's problem too, and the
      // seller still gets a listing; the log says what it was.
      return this.fallback(local, usage, 'unavailable', describeError(error));
    }
  }

  warmUp(): Promise<void> {
    return this.local.warmUp();
  }

  close(): Promise<void> {
    return this.local.close();
  }

  private async writeWithModel(
    request: ListingRequest,
    local: EngineListing,
    usage: UsageTally,
    deadline: AbortSignal,
  ): Promise<EngineListing> {
    const chosen = choosePhotos(request.photos, labelPhotoNumbers(local.evidence));
    const photos = await Promise.all(chosen.map(toSentPhoto));
    const conversation: Conversation = (format) =>
      buildMessages({
        settings: request.settings,
        language: request.language,
        currency: request.currency,
        local,
        photos,
        responseFormat: format,
      });

    let answer = readAnswer(await this.complete(conversation, usage, deadline));
    if (answer.kind === 'invalid') {
      const { content, problems } = answer;
      const repair: Conversation = (format) => [
        ...conversation(format),
        { role: 'assistant', content },
        repairMessage(problems),
      ];
      answer = readAnswer(await this.complete(repair, usage, deadline));
    }
    if (answer.kind === 'refused') return this.fallback(local, usage, 'refused');
    if (answer.kind === 'invalid') return this.fallback(local, usage, 'invalid_output');

    const guarded = applyGuardrails({
      reply: answer.listing,
      settings: request.settings,
      language: request.language,
      currency: request.currency,
      local,
      sentPhotos: new Set(photos.map((photo) => photo.number)),
    });
    return {
      ...guarded,
      engine: this.name,
      model: this.config.model,
      usage: usage.total(),
      fallback: null,
      // The model's text is not the local writer's: a seller's later answer only puts the value in the title.
      writerInput: null,
    };
  }

  /**
   * One chat completion, within the concurrency cap, with the client's retries and backoff. A 400 to a
   * response format (servers without structured outputs) sends the same request again one format down;
   * the weaker format is kept for later requests once the server accepts it.
   */
  private async complete(
    conversation: Conversation,
    usage: UsageTally,
    deadline: AbortSignal,
  ): Promise<ChatCompletion> {
    let format = this.responseFormat;
    for (;;) {
      try {
        const completion = await this.inFlight.run(() =>
          this.client.chat.completions.create(this.params(conversation(format), format), {
            signal: deadline,
          }),
        );
        usage.add(completion);
        if (format !== this.responseFormat) {
          this.log.info(
            { from: this.responseFormat, to: format, model: this.config.model },
            'vision model server refused a response format; using a weaker one from now on',
          );
          this.responseFormat = format;
        }
        return completion;
      } catch (error) {
        const weaker = WEAKER_FORMAT[format];
        if (!(error instanceof BadRequestError) || weaker === null) throw error;
        format = weaker;
      }
    }
  }

  private params(
    messages: ChatCompletionMessageParam[],
    format: ResponseFormat,
  ): ChatCompletionCreateParamsNonStreaming {
    const params: ChatCompletionCreateParamsNonStreaming = { model: this.config.model, messages };
    if (format === 'json_schema') {
      params.response_format = {
        type: 'json_schema',
        json_schema: { name: 'listing', strict: true, schema: listingJsonSchema() },
      };
    } else if (format === 'json_object') {
      params.response_format = { type: 'json_object' };
    }
    return params;
  }

  private fallback(
    local: EngineListing,
    usage: UsageTally,
    reason: EngineFallback,
    details: Record<string, unknown> = {},
  ): EngineListing {
    this.log.warn(
      { reason, model: this.config.model, ...details },
      "vision model's listing not used; the local engine's listing stands in",
    );
    return { ...local, model: this.config.model, usage: usage.total(), fallback: reason };
  }
}

/** The model's reply as a listing, a refusal, or an invalid answer with what is wrong with it. */
function readAnswer(completion: ChatCompletion): ModelAnswer {
  const choice = completion.choices[0];
  const content = choice?.message.content ?? '';
  if (choice?.message.refusal || choice?.finish_reason === 'content_filter') return { kind: 'refused' };
  const parsed = parseModelReply(content);
  if (!parsed.ok) {
    // Plain prose that apologises is a refusal, not a formatting slip: a repair request would not help.
    if (isRefusal(content)) return { kind: 'refused' };
    return { kind: 'invalid', content, problems: parsed.problems };
  }
  return isRefusalReply(parsed.listing) ? { kind: 'refused' } : { kind: 'listing', listing: parsed.listing };
}

class UsageTally {
  private promptTokens = 0;
  private completionTokens = 0;
  private reported = false;

  add(completion: ChatCompletion): void {
    if (!completion.usage) return;
    this.reported = true;
    this.promptTokens += completion.usage.prompt_tokens ?? 0;
    this.completionTokens += completion.usage.completion_tokens ?? 0;
  }

  total(): TokenUsage | null {
    return this.reported
      ? { promptTokens: this.promptTokens, completionTokens: this.completionTokens }
      : null;
  }
}

/** Status, type and code of a provider error for the log; the message without anything like image data. */
function describeError(error: unknown): Record<string, unknown> {
  const errorType = error instanceof Error ? error.constructor.name : typeof error;
  const message = safeMessage(error instanceof Error ? error.message : String(error));
  if (!(error instanceof APIError)) return { status: null, errorType, message };
  return {
    status: error.status ?? null,
    errorType: error.type ?? errorType,
    code: error.code ?? null,
    message,
  };
}

function safeMessage(message: string): string {
  return message.replace(/data:[^\s"']+/g, '[data]').slice(0, MAX_LOGGED_MESSAGE);
}
