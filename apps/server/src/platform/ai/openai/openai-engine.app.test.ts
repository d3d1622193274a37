// The whole app on LISTING_AI=openai, over HTTP, against a local chat-completions server: what leaves for the
// provider (the photos and the evidence, nothing about the seller), what the seller gets back when the model
// answers, and when it does not (always a listing, never an error page), and what is recorded per generation.
import { routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestJpeg,
  createUser,
  DEFAULT_FAKE_LISTING,
  expectOk,
  type FakeOpenAi,
  generateListing,
  labelFixtures,
  type RecordedRequest,
  renderFixture,
  startFakeOpenAi,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../testing';

const API_KEY = 'sk-test-provider-key';
let provider: FakeOpenAi;
let server: TestServer;
let seller: TestUser;

beforeAll(async () => {
  provider = await startFakeOpenAi({ apiKey: API_KEY });
  server = await startTestServer({
    LISTING_AI: 'openai',
    OPENAI_BASE_URL: provider.baseUrl,
    OPENAI_API_KEY: API_KEY,
    OPENAI_MODEL: 'vision-test-1',
    OPENAI_TIMEOUT_SECONDS: '5',
    OPENAI_MAX_RETRIES: '1',
  });
  seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
});

async function photos() {
  const label = labelFixtures[0];
  if (!label) throw new Error('no label fixture');
  return [
    { bytes: await createTestJpeg({ colour: '#1f3a93', width: 900, height: 1200 }) },
    { bytes: await renderFixture(label) },
  ];
}

function imagesIn(request: RecordedRequest): string[] {
  return JSON.stringify(request.body).match(/data:image\/jpeg;base64,[A-Za-z0-9+/=]+/g) ?? [];
}

/** The JSON of what is already known, in the user message's first text part. */
function knownFacts(request: RecordedRequest) {
  const body = request.body as { messages: Array<{ role: string; content: unknown }> };
  const user = body.messages.find((message) => message.role === 'user');
  const parts = (user?.content ?? []) as Array<{ type: string; text?: string }>;
  const text = parts[0]?.text ?? '';
  return JSON.parse(text.slice(text.indexOf('{'))) as {
    sellerHints: { size: string | null };
    labelTextReadByOcr: Array<{ photo: number; lines: string[] }>;
  };
}

describe('listings written by a vision model (LISTING_AI=openai)', () => {
  it('sends the photos and the evidence, nothing about the seller, and shows which model wrote the listing', async () => {
    const sent = provider.requests.length;
    const listing = expectOk(
      await generateListing(server, seller.token, await photos(), { generationSettings: { size: 'XL' } }),
    );
    expect(listing).toMatchObject({ engine: 'openai', engineModel: 'vision-test-1', engineFallback: null });
    expect(listing.title).toBe('Blue Denim Straight Leg Jeans');
    // The seller's size wins over whatever the model says.
    expect(listing.size).toBe('XL');

    const [request] = provider.requests.slice(sent);
    if (!request) throw new Error('the provider was never asked');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(imagesIn(request)).toHaveLength(2);
    const text = JSON.stringify(request.body);
    const known = knownFacts(request);
    expect(known.sellerHints.size).toBe('XL');
    // What OCR read on the label (photo 2) goes along, for the model to confirm or correct.
    expect(known.labelTextReadByOcr).toEqual([
      { photo: 2, lines: expect.arrayContaining([expect.any(String)]) },
    ]);
    const everything = `${text} ${JSON.stringify(request.headers)}`;
    for (const secret of [
      seller.email,
      seller.token,
      seller.password,
      seller.email.split('@')[0] as string,
    ]) {
      expect(everything).not.toContain(secret);
    }

    const read = await server.call(routes.getListing, {
      token: seller.token,
      params: { id: listing.listingId },
    });
    expect(read.body).toMatchObject({ engine: 'openai', engineModel: 'vision-test-1' });
    const generation = await server.app.db
      .selectFrom('generations')
      .select([
        'engine',
        'engine_model',
        'engine_fallback',
        'engine_latency_ms',
        'prompt_tokens',
        'completion_tokens',
      ])
      .where('listing_id', '=', listing.listingId)
      .executeTakeFirstOrThrow();
    expect(generation).toMatchObject({
      engine: 'openai',
      engine_model: 'vision-test-1',
      engine_fallback: null,
      prompt_tokens: 1200,
      completion_tokens: 150,
    });
    expect(generation.engine_latency_ms).toBeGreaterThan(0);
  }, 60_000);

  it('gives the seller the offline listing, flagged, when the provider keeps failing', async () => {
    provider.reply({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const listing = expectOk(await generateListing(server, seller.token, await photos()));
    expect(listing).toMatchObject({
      engine: 'local',
      engineModel: 'vision-test-1',
      engineFallback: 'unavailable',
    });
    expect(listing.title.length).toBeGreaterThan(0);
    expect(listing.title).not.toBe('Blue Denim Straight Leg Jeans');
  }, 60_000);

  it('never posts a refusal: the offline listing stands in', async () => {
    provider.reply({
      kind: 'listing',
      listing: { ...DEFAULT_FAKE_LISTING, title: "I'm sorry, but I can't help with identifying this item." },
    });
    const listing = expectOk(await generateListing(server, seller.token, await photos()));
    expect(listing).toMatchObject({ engine: 'local', engineFallback: 'refused' });
    expect(listing.title).not.toMatch(/sorry|can't/i);
  }, 60_000);
});
