// The vision-model engine end to end: real HTTP to the fake OpenAI-compatible server, the real local engine
// (OCR included) on rendered fixture photos, and the official client with its own retries and timeouts.
import {
  type GenerationSettingsInput,
  GenerationSettingsSchema,
  type Language,
  MAX_TITLE_LENGTH,
} from '@snaplist/contract';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenAiConfig } from '../../../config';
import {
  DEFAULT_FAKE_LISTING,
  type FakeOpenAi,
  type FixtureSpec,
  flatLayFixtures,
  labelFixtures,
  renderFixture,
  startFakeOpenAi,
} from '../../../testing';
import type { EngineListing, EnginePhoto, ListingEngine, ListingRequest } from '../listing-engine';
import { LocalListingEngine } from '../local/local-engine';
import { createLabelReader } from '../local/ocr';
import { type EngineLog, OpenAiListingEngine } from './openai-engine';

const MODEL = 'test-vision-model';
const local = new LocalListingEngine(createLabelReader({ workers: 2 }));

/** Photo 1: blue jeans laid flat; photo 2: a woven ZARA label. */
let itemPhoto: EnginePhoto;
let labelPhoto: EnginePhoto;
/** What the local engine writes for the default request: the listing every fallback must equal. */
let localDraft: EngineListing;

async function asEnginePhoto(spec: FixtureSpec | undefined, number: number): Promise<EnginePhoto> {
  if (!spec) throw new Error('fixture missing');
  const jpeg = await sharp(await renderFixture(spec))
    .jpeg({ quality: 90 })
    .toBuffer();
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  return { number, jpeg, width, height };
}

function request(
  overrides: { settings?: GenerationSettingsInput; language?: Language; photos?: EnginePhoto[] } = {},
): ListingRequest {
  return {
    photos: overrides.photos ?? [itemPhoto, labelPhoto],
    settings: GenerationSettingsSchema.parse(overrides.settings ?? {}),
    language: overrides.language ?? 'en',
    currency: 'GBP',
  };
}

beforeAll(async () => {
  await local.warmUp();
  itemPhoto = await asEnginePhoto(
    flatLayFixtures.find((spec) => spec.name === 'jeans-blue-on-white'),
    1,
  );
  labelPhoto = await asEnginePhoto(
    labelFixtures.find((spec) => spec.name === 'woven-zara-m'),
    2,
  );
  localDraft = await local.write(request());
  // The tests below lean on what the local engine reads from these photos.
  expect(localDraft.brand).toBe('Zara');
}, 120_000);

afterAll(async () => {
  await local.close();
});

let fake: FakeOpenAi;
let log: RecordingLog;

beforeEach(async () => {
  fake = await startFakeOpenAi();
  log = new RecordingLog();
});

afterEach(async () => {
  await fake.close();
});

class RecordingLog implements EngineLog {
  readonly warnings: Array<{ object: object; message: string }> = [];
  readonly infos: Array<{ object: object; message: string }> = [];
  warn(object: object, message: string) {
    this.warnings.push({ object, message });
  }
  info(object: object, message: string) {
    this.infos.push({ object, message });
  }
}

function engine(
  overrides: Partial<OpenAiConfig> = {},
  deadlineMs = 60_000,
  localEngine: ListingEngine = local,
): OpenAiListingEngine {
  return new OpenAiListingEngine({
    deadlineMs,
    config: {
      engine: 'openai',
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test-key',
      model: MODEL,
      timeoutMs: 10_000,
      concurrency: 4,
      maxRetries: 0,
      responseFormat: 'json_schema',
      ...overrides,
    },
    local: localEngine,
    log,
  });
}

/** The chat-completion request the fake received, as the client sent it. */
function sentBody(index = 0): ChatCompletionCreateParamsNonStreaming {
  const recorded = fake.requests[index];
  if (!recorded) throw new Error(`no request #${index}`);
  return recorded.body as ChatCompletionCreateParamsNonStreaming;
}

/** Every text part of a request's messages, joined. */
function promptText(body: ChatCompletionCreateParamsNonStreaming): string {
  return body.messages
    .flatMap((message) =>
      typeof message.content === 'string'
        ? [message.content]
        : (message.content ?? []).flatMap((part) => ('text' in part ? [part.text] : [])),
    )
    .join('\n');
}

function imageUrls(body: ChatCompletionCreateParamsNonStreaming): string[] {
  return body.messages.flatMap((message) =>
    typeof message.content === 'string' || !message.content
      ? []
      : message.content.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : [])),
  );
}

/** The local engine's listing as a fallback: its own text, the model that was asked, the reason. */
function expectLocalFallback(draft: EngineListing, fallback: EngineListing['fallback']) {
  expect(draft.fallback).toBe(fallback);
  expect(draft.engine).toBe('local');
  expect(draft.model).toBe(MODEL);
  expect(draft.title).toBe(localDraft.title);
  expect(draft.description).toBe(localDraft.description);
  expect(draft.evidence).toEqual(localDraft.evidence);
  expect(log.warnings.map((warning) => warning.object)).toEqual([
    expect.objectContaining({ reason: fallback }),
  ]);
}

const READ_LABEL = {
  ...DEFAULT_FAKE_LISTING,
  title: 'Zara Blue Straight Leg Jeans Size M',
  tags: ['zara', 'jeans', 'blue jeans'],
  brand: 'Zara',
  brandReading: { photo: 2, text: 'ZARA' },
  size: 'M',
  sizeReading: { photo: 2, text: 'M' },
};

describe('OpenAiListingEngine: a valid reply', () => {
  it('becomes the listing, with the model, its usage, vision evidence and marketplace variants', async () => {
    fake.reply({ kind: 'listing', listing: READ_LABEL });
    const draft = await engine().write(request());

    expect(draft).toMatchObject({
      engine: 'openai',
      model: MODEL,
      fallback: null,
      usage: { promptTokens: 1200, completionTokens: 150 },
      title: 'Zara Blue Straight Leg Jeans Size M',
      description: DEFAULT_FAKE_LISTING.description,
      tags: ['zara', 'jeans', 'blue jeans'],
      suggestedPriceRange: { currency: 'GBP', min: 1200, max: 2000 },
      brand: 'Zara',
      size: 'M',
      colours: ['Blue'],
      category: 'Bottoms',
      condition: 'Very good',
    });
    // After the local engine's own reading of the size, when it has one.
    expect(draft.evidence.size?.at(-1)).toEqual({
      source: 'vision_model',
      rule: 'vision_model.size',
      photo: 2,
      text: 'M',
    });
    expect(draft.evidence.brand).toEqual([
      ...(localDraft.evidence.brand ?? []),
      { source: 'vision_model', rule: 'vision_model.brand', photo: 2, text: 'ZARA' },
    ]);
    expect(draft.evidence.title).toContainEqual({ source: 'vision_model', rule: 'vision_model.title' });
    expect(draft.evidence.condition).toEqual([{ source: 'vision_model', rule: 'vision_model.condition' }]);
    expect(draft.variants.etsy?.title).toBe(draft.title);
    expect(draft.variants.depop?.description).toContain('#zara');
    expect(fake.requests).toHaveLength(1);
    expect(log.warnings).toEqual([]);
  });

  it('asks for strict structured output described by the JSON schema', async () => {
    await engine().write(request());
    const format = sentBody().response_format;
    expect(format?.type).toBe('json_schema');
    if (format?.type !== 'json_schema') return;
    expect(format.json_schema).toMatchObject({ name: 'listing', strict: true });
    expect(format.json_schema.schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(format.json_schema.schema?.properties ?? {})).toContain('brandReading');
  });

  it('sends every photo as a JPEG data URL, the label text, the language, and nothing private', async () => {
    await engine().write(request({ language: 'fr', settings: { descriptionShippingDays: 2 } }));
    const recorded = fake.requests[0];
    expect(recorded?.method).toBe('POST');
    expect(recorded?.path).toBe('/v1/chat/completions');
    expect(recorded?.headers.authorization).toBe('Bearer sk-test-key');

    const body = sentBody();
    const urls = imageUrls(body);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
    const prompt = promptText(body);
    expect(prompt).toContain('Photo 1:');
    expect(prompt).toContain('Photo 2:');
    expect(prompt).toContain('"ZARA"');
    expect(prompt).toContain('in French');
    expect(prompt).toContain('"shippingDays": 2');
    // Only what a chat completion needs: no user field, no metadata, nothing about the account.
    expect(Object.keys(body).sort()).toEqual(['messages', 'model', 'response_format']);
    expect(body.model).toBe(MODEL);
  });

  it('sends a placeholder key when none is configured, and reads nothing from the environment', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-from-the-environment');
    vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:9/v1');
    vi.stubEnv('OPENAI_ORG_ID', 'org-from-the-environment');
    vi.stubEnv('OPENAI_PROJECT_ID', 'proj-from-the-environment');
    try {
      const draft = await engine({ apiKey: undefined }).write(request({ photos: [itemPhoto] }));
      expect(draft.fallback).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
    expect(fake.requests).toHaveLength(1);
    const headers = fake.requests[0]?.headers ?? {};
    expect(headers.authorization).toBe('Bearer not-needed');
    expect(headers['openai-organization']).toBeUndefined();
    expect(headers['openai-project']).toBeUndefined();
  });
});

describe('OpenAiListingEngine: invalid output', () => {
  it('uses a good reply to the one repair request, and sums the usage of both', async () => {
    fake.reply(
      {
        kind: 'content',
        content: '{"title": "Blue jeans", "tags": [',
        usage: { prompt_tokens: 1000, completion_tokens: 40 },
      },
      { kind: 'listing', listing: READ_LABEL, usage: { prompt_tokens: 1100, completion_tokens: 160 } },
    );
    const draft = await engine().write(request());

    expect(draft.fallback).toBeNull();
    expect(draft.engine).toBe('openai');
    expect(draft.title).toBe(READ_LABEL.title);
    expect(draft.usage).toEqual({ promptTokens: 2100, completionTokens: 200 });
    expect(fake.requests).toHaveLength(2);
    const repair = sentBody(1).messages;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: '{"title": "Blue jeans", "tags": [' });
    expect(promptText(sentBody(1))).toContain('The reply holds no complete JSON object.');
  });

  it('names the schema problems in the repair request', async () => {
    const { title: _title, ...withoutTitle } = READ_LABEL;
    fake.reply({ kind: 'listing', listing: withoutTitle }, { kind: 'listing', listing: READ_LABEL });
    const draft = await engine().write(request());
    expect(draft.title).toBe(READ_LABEL.title);
    expect(String(sentBody(1).messages.at(-1)?.content)).toMatch(/expected string.*\n.*→ at title/);
  });

  it("falls back to the local listing after a second invalid reply, with 'invalid_output'", async () => {
    fake.reply(
      { kind: 'content', content: 'Blue jeans, nice' },
      { kind: 'content', content: '{"title": 3}' },
    );
    const draft = await engine().write(request());

    expectLocalFallback(draft, 'invalid_output');
    expect(draft.usage).toEqual({ promptTokens: 2400, completionTokens: 300 });
    expect(fake.requests).toHaveLength(2);
  });
});

describe('OpenAiListingEngine: refusals', () => {
  it("falls back to the local listing when the model refuses, with 'refused'", async () => {
    fake.reply({ kind: 'refusal', refusal: "I'm sorry, I can't help with that." });
    const draft = await engine().write(request());
    expectLocalFallback(draft, 'refused');
    expect(fake.requests).toHaveLength(1);
  });

  it('never takes an apology for a title, and does not ask for a repair', async () => {
    fake.reply({
      kind: 'listing',
      listing: { ...DEFAULT_FAKE_LISTING, title: "I'm sorry, but I can't identify this item." },
    });
    const draft = await engine().write(request());
    expectLocalFallback(draft, 'refused');
    expect(draft.title).not.toMatch(/sorry/i);
    expect(fake.requests).toHaveLength(1);
  });

  it("treats finish_reason 'content_filter' as a refusal", async () => {
    fake.reply({ kind: 'listing', listing: DEFAULT_FAKE_LISTING, finishReason: 'content_filter' });
    expectLocalFallback(await engine().write(request()), 'refused');
  });
});

describe('OpenAiListingEngine: guardrails', () => {
  /** The model names a brand that no photo or hint gives. */
  function replyWithInventedBrand(listing: Partial<typeof DEFAULT_FAKE_LISTING>) {
    fake.reply({
      kind: 'listing',
      listing: { ...DEFAULT_FAKE_LISTING, brand: 'Gucci', brandReading: null, ...listing },
    });
  }

  it('cuts an over-long title at a word within the limit', async () => {
    const title = `Zara ${Array.from({ length: 30 }, (_, index) => `detail${index}`).join(' ')}`;
    fake.reply({ kind: 'listing', listing: { ...READ_LABEL, title } });
    const draft = await engine().write(request());
    expect(draft.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(draft.title.length).toBeGreaterThan(MAX_TITLE_LENGTH - 15);
    expect(title.startsWith(draft.title)).toBe(true);
    expect(title[draft.title.length]).toBe(' ');
    expect(draft.variants.ebay?.title.length).toBeLessThanOrEqual(80);
  });

  it('drops an invented brand and keeps it out of the title, tags and description', async () => {
    replyWithInventedBrand({
      title: 'Gucci Blue Denim Jeans',
      description: 'Gucci jeans in blue denim. Straight leg with five pockets.',
      tags: ['gucci', 'jeans', 'gucci jeans', 'denim'],
    });
    const draft = await engine().write(request({ photos: [itemPhoto] }));
    expect(draft.engine).toBe('openai');
    expect(draft.brand).toBeNull();
    expect(draft.title).toBe('Blue Denim Jeans');
    expect(draft.tags).toEqual(['jeans', 'denim']);
    expect(draft.description).toBe('Straight leg with five pockets.');
    expect(draft.evidence.brand).toBeUndefined();
    expect(JSON.stringify(draft.variants)).not.toMatch(/gucci/i);
  });

  it('replaces a hype title by the offline one even once the invented brand is swapped out', async () => {
    replyWithInventedBrand({
      title: 'Gucci Amazing Designer Luxury Vintage Retro Statement Piece Must Have Rare Find Jeans',
      description: 'Blue straight leg jeans. An authentic luxury must-have! Five pockets.',
      tags: ['jeans', 'designer', 'luxury jeans', 'blue jeans'],
    });
    const draft = await engine().write(request());
    expect(draft.engine).toBe('openai');
    expect(draft.brand).toBe('Zara');
    expect(draft.title).toBe(localDraft.title);
    expect(draft.description).toBe('Blue straight leg jeans. Five pockets.');
    expect(draft.tags).toEqual(['jeans', 'blue jeans']);
    expect(JSON.stringify(draft.variants)).not.toMatch(/amazing|designer|luxury|vintage|rare|authentic/i);
  });

  it("passes the local engine's open questions through, and drops one the model answered from a photo", async () => {
    // The item photo alone: the local engine states no brand, and asks about one.
    const suggestion = {
      field: 'brand' as const,
      value: 'Acme Denim',
      evidence: [
        { source: 'label_text' as const, photo: 1, text: 'ACME DEN', rule: 'brand.weak', confidence: 0.5 },
      ],
    };
    const withQuestion: ListingEngine = {
      name: 'local',
      write: async (asked) => ({ ...(await local.write(asked)), suggestions: [suggestion] }),
      warmUp: () => local.warmUp(),
      close: async () => {},
    };
    const readBrand = {
      ...DEFAULT_FAKE_LISTING,
      brand: 'Acme Denim',
      brandReading: { photo: 1, text: 'ACME DENIM CO.' },
      title: 'Acme Denim Blue Jeans',
    };
    fake.reply({ kind: 'listing', listing: DEFAULT_FAKE_LISTING }, { kind: 'listing', listing: readBrand });
    const asked = engine({}, 60_000, withQuestion);
    const unanswered = await asked.write(request({ photos: [itemPhoto] }));
    expect(unanswered.brand).toBeNull();
    expect(unanswered.suggestions).toEqual([suggestion]);
    const answered = await asked.write(request({ photos: [itemPhoto] }));
    expect(answered.brand).toBe('Acme Denim');
    expect(answered.suggestions).toEqual([]);
  });

  it('keeps a brand the model read on a photo it was sent, with its reading as evidence', async () => {
    fake.reply({
      kind: 'listing',
      listing: {
        ...DEFAULT_FAKE_LISTING,
        brand: 'Acme Denim',
        brandReading: { photo: 1, text: 'ACME DENIM CO.' },
        title: 'Acme Denim Blue Jeans',
      },
    });
    const draft = await engine().write(request({ photos: [itemPhoto] }));
    expect(draft.brand).toBe('Acme Denim');
    expect(draft.title).toBe('Acme Denim Blue Jeans');
    expect(draft.evidence.brand).toEqual([
      { source: 'vision_model', rule: 'vision_model.brand', photo: 1, text: 'ACME DENIM CO.' },
    ]);
  });

  it("lets the seller's brand hint win over the brand the model gave", async () => {
    fake.reply({
      kind: 'listing',
      listing: {
        ...DEFAULT_FAKE_LISTING,
        brand: 'Wrangler',
        brandReading: { photo: 2, text: 'WRANGLER' },
        title: 'Wrangler Blue Jeans',
        tags: ['wrangler', 'jeans'],
      },
    });
    const draft = await engine().write(request({ settings: { brand: 'Mango' } }));
    expect(draft.brand).toBe('Mango');
    expect(draft.title).toBe('Mango Blue Jeans');
    expect(draft.tags).toEqual(['jeans']);
    expect(draft.evidence.brand?.map((entry) => entry.source)).toEqual(['seller_hint']);
    expect(promptText(sentBody())).toContain('"brand": "Mango"');
  });

  it("uses the local engine's price range when the model's is not believable", async () => {
    fake.reply({ kind: 'listing', listing: { ...DEFAULT_FAKE_LISTING, price: { min: 400, max: 450 } } });
    const draft = await engine().write(request());
    expect(draft.engine).toBe('openai');
    expect(draft.suggestedPriceRange).toEqual(localDraft.suggestedPriceRange);
    expect(draft.evidence.price).toEqual(localDraft.evidence.price);
  });

  it('leaves switched-off fields empty and tells the model they are off', async () => {
    fake.reply({ kind: 'listing', listing: READ_LABEL });
    const draft = await engine().write(
      request({ settings: { title: false, tags: false, suggestedPrice: false } }),
    );
    expect(draft).toMatchObject({ title: '', tags: [], suggestedPriceRange: null, engine: 'openai' });
    expect(draft.description).toBe(READ_LABEL.description);
    expect(promptText(sentBody())).toContain('"switchedOff": [\n    "title",\n    "tags",\n    "price"\n  ]');
  });
});

describe('OpenAiListingEngine: an unreachable provider', () => {
  it('uses the reply after a 429 that the client retried', async () => {
    fake.reply({ kind: 'status', status: 429 }, { kind: 'listing', listing: READ_LABEL });
    const draft = await engine({ maxRetries: 2 }).write(request());
    expect(draft.fallback).toBeNull();
    expect(draft.title).toBe(READ_LABEL.title);
    expect(fake.requests).toHaveLength(2);
  });

  it("falls back with 'unavailable' when the server does not answer in time", async () => {
    fake.reply({ kind: 'delay', ms: 5_000 });
    const draft = await engine({ timeoutMs: 300, maxRetries: 0 }).write(request());
    expectLocalFallback(draft, 'unavailable');
    expect(draft.usage).toBeNull();
  });

  it("falls back with 'unavailable' at the deadline, however many retries are left", async () => {
    fake.reply(...Array.from({ length: 6 }, () => ({ kind: 'delay' as const, ms: 5_000 })));
    const draft = await engine({ timeoutMs: 400, maxRetries: 5 }, 700).write(request());
    expectLocalFallback(draft, 'unavailable');
    // One attempt timed out, and the retry was cut short by the deadline: not six attempts.
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });

  it("falls back with 'unavailable' when every attempt gets a 500, after the client's retries", async () => {
    fake.reply({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const draft = await engine({ maxRetries: 1 }).write(request());
    expectLocalFallback(draft, 'unavailable');
    expect(fake.requests).toHaveLength(2);
    expect(log.warnings[0]?.object).toMatchObject({ reason: 'unavailable', status: 500 });
    // The log says what happened, never what was sent.
    expect(JSON.stringify(log.warnings)).not.toMatch(/base64|ZARA|You write listings/);
  });

  it("falls back with 'unavailable' when the key is refused, without retrying", async () => {
    await fake.close();
    fake = await startFakeOpenAi({ apiKey: 'sk-right-key' });
    const draft = await engine({ apiKey: 'sk-wrong-key', maxRetries: 2 }).write(request());
    expectLocalFallback(draft, 'unavailable');
    expect(fake.requests).toHaveLength(1);
    expect(log.warnings[0]?.object).toMatchObject({ status: 401 });
  });

  it("falls back with 'unavailable' when nothing listens at the address", async () => {
    const baseUrl = fake.baseUrl;
    await fake.close();
    const draft = await engine({ baseUrl, maxRetries: 0 }).write(request());
    expectLocalFallback(draft, 'unavailable');
    fake = await startFakeOpenAi();
  });
});

describe('OpenAiListingEngine: response formats', () => {
  it('retries a json_schema request the server refuses as json_object, and keeps to it afterwards', async () => {
    fake.reply({ kind: 'status', status: 400 }, { kind: 'listing', listing: READ_LABEL });
    const openAi = engine();
    const first = await openAi.write(request());
    expect(first.fallback).toBeNull();
    expect(first.title).toBe(READ_LABEL.title);
    expect(fake.requests.map((_recorded, index) => sentBody(index).response_format?.type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    // Without structured outputs the prompt itself carries the schema.
    expect(promptText(sentBody(0))).not.toContain('"additionalProperties":false');
    expect(promptText(sentBody(1))).toContain('"additionalProperties":false');
    expect(log.infos).toEqual([
      expect.objectContaining({ object: { from: 'json_schema', to: 'json_object', model: MODEL } }),
    ]);

    await openAi.write(request());
    expect(sentBody(2).response_format?.type).toBe('json_object');
  });

  it('goes down to a plain-text instruction when json_object is refused too', async () => {
    fake.reply({ kind: 'status', status: 400 }, { kind: 'status', status: 400 });
    const draft = await engine().write(request());
    expect(draft.fallback).toBeNull();
    expect(fake.requests).toHaveLength(3);
    expect(sentBody(2).response_format).toBeUndefined();
    expect(promptText(sentBody(2))).toContain('matching this JSON Schema');
  });

  it('reads a reply wrapped in ```json fences in text mode', async () => {
    fake.reply({
      kind: 'content',
      content: `Here you go:\n\`\`\`json\n${JSON.stringify(READ_LABEL)}\n\`\`\``,
    });
    const draft = await engine({ responseFormat: 'text' }).write(request());
    expect(draft.title).toBe(READ_LABEL.title);
    expect(sentBody().response_format).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
  });
});

describe('OpenAiListingEngine: concurrency', () => {
  it('keeps at most config.concurrency requests in flight', async () => {
    // Long enough that, uncapped, the second request would arrive while the first is still waiting.
    fake.reply({ kind: 'delay', ms: 1_000 }, { kind: 'delay', ms: 1_000 });
    const openAi = engine({ concurrency: 1 });
    const drafts = await Promise.all([openAi.write(request()), openAi.write(request())]);
    expect(drafts.map((draft) => draft.fallback)).toEqual([null, null]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.maxConcurrent()).toBe(1);
  });
});
