// The seller's answer to a suggestion, over real HTTP: POST /api/listings/:id/suggestions on listings the
// local engine left with open questions, with and without the writer's facts kept beside them.
import {
  type AnswerSuggestionRequest,
  type FieldSuggestion,
  GenerationSettingsSchema,
  type Language,
  type Listing,
  ListingSchema,
  MARKETPLACES,
  marketplaceVariants,
  routes,
  SuggestionMessages,
} from '@snaplist/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../platform/ai/local/facts';
import { writeListing } from '../../platform/ai/local/text/writer/write-listing';
import {
  createInventoryListing,
  type EngineWrittenFields,
  expectOk,
  readOpenApiDocument,
  type TestUser,
  writeAsGenerated,
  writeAsLocallyWritten,
} from '../../testing';
import { newSeller, server, useListingsServer } from '../../testing/listings-test-server';
import { ListingsRepository } from './listings.repository';

useListingsServer();

let seller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [{ user: seller }, { user: stranger }] = await Promise.all([newSeller(), newSeller()]);
});

const ZARA: FieldSuggestion = {
  field: 'brand',
  value: 'Zara',
  evidence: [{ source: 'label_text', photo: 2, text: 'ZAR4', rule: 'brand.fuzzy_match', confidence: 0.55 }],
};
const SIZE_M: FieldSuggestion = {
  field: 'size',
  value: 'M',
  evidence: [{ source: 'label_text', photo: 2, text: 'M', rule: 'size.lone_letter', confidence: 0.5 }],
};

/** A generated listing with no brand or size, and the engine's two questions about them. */
async function listingWithQuestions(fields: EngineWrittenFields = {}): Promise<Listing> {
  const made = await createInventoryListing(server.baseUrl, seller, {
    title: 'Blue Straight Leg Jeans',
    description: 'Blue straight leg jeans. Five pockets.',
    tags: ['jeans', 'blue jeans'],
    brand: null,
  });
  await writeAsGenerated(server.app.db, made.listingId, {
    brand: null,
    size: null,
    evidence: { title: [{ source: 'template', rule: 'title.en' }] },
    suggestions: [ZARA, SIZE_M],
    ...fields,
  });
  return read(made.listingId);
}

async function read(listingId: string, user = seller): Promise<Listing> {
  return expectOk(await server.call(routes.getListing, { token: user.token, params: { id: listingId } }));
}

function answer(listingId: string, body: AnswerSuggestionRequest, user = seller) {
  return server.call(routes.answerSuggestion, { token: user.token, params: { id: listingId }, body });
}

describe('POST /api/listings/:id/suggestions', () => {
  it('shows the open questions on the listing', async () => {
    const listing = await listingWithQuestions();
    expect(listing.suggestions).toEqual([ZARA, SIZE_M]);
    expect(listing.brand).toBeNull();
  });

  it('yes to a brand: the brand on the seller’s word, leading the title, and that question gone', async () => {
    const listing = await listingWithQuestions();
    const response = await answer(listing.listingId, { field: 'brand', accept: true });
    expect(response.status, response.text).toBe(200);
    const answered = ListingSchema.parse(response.body);

    expect(answered.brand).toBe('Zara');
    expect(answered.title).toBe('Zara Blue Straight Leg Jeans');
    expect(answered.suggestions).toEqual([SIZE_M]);
    expect(answered.evidence.brand).toEqual([
      { source: 'seller_hint', rule: 'brand.confirmed', text: 'Zara' },
      ...ZARA.evidence,
    ]);
    expect(answered.evidence.title).toContainEqual({
      source: 'seller_hint',
      rule: 'brand.confirmed',
      text: 'Zara',
    });
    expect(answered.variants).toEqual(
      marketplaceVariants({
        title: 'Zara Blue Straight Leg Jeans',
        description: listing.description,
        tags: ['jeans', 'blue jeans'],
      }),
    );
    expect(answered.description).toBe(listing.description);
    expect(await read(listing.listingId)).toEqual(answered);

    const search = expectOk(
      await server.call(routes.searchListings, {
        token: seller.token,
        body: { searchString: 'zara straight', type: 'generations' },
      }),
    );
    expect(search.data.map((row) => row.listingId)).toContain(listing.listingId);
  });

  it('yes to a size: the size ends the title', async () => {
    const listing = await listingWithQuestions();
    await answer(listing.listingId, { field: 'brand', accept: true });
    const response = await answer(listing.listingId, { field: 'size', accept: true });
    expect(response.status, response.text).toBe(200);
    const answered = ListingSchema.parse(response.body);
    expect(answered.size).toBe('M');
    expect(answered.title).toBe('Zara Blue Straight Leg Jeans Size M');
    expect(answered.suggestions).toEqual([]);
    expect(answered.evidence.size?.[0]).toEqual({ source: 'seller_hint', rule: 'size.confirmed', text: 'M' });
    expect(answered.variants.ebay?.title).toBe('Zara Blue Straight Leg Jeans Size M');
  });

  it('no: only the question goes', async () => {
    const listing = await listingWithQuestions();
    const response = await answer(listing.listingId, { field: 'brand', accept: false });
    expect(response.status, response.text).toBe(200);
    const answered = ListingSchema.parse(response.body);
    const { suggestions: _before, updatedAt: _readAt, ...unchanged } = listing;
    expect(answered).toMatchObject(unchanged);
    expect(answered.suggestions).toEqual([SIZE_M]);
    expect(answered.brand).toBeNull();
  });

  it('keeps a title within 80 characters, with its size at the end, when the brand leads it', async () => {
    const title = 'Blue Straight Leg High Rise Stonewashed Five Pocket Cotton Denim Jeans Size M';
    const listing = await listingWithQuestions({
      title,
      size: 'M',
      suggestions: [{ ...ZARA, value: 'Abercrombie & Fitch' }],
    });
    const answered = ListingSchema.parse(
      (await answer(listing.listingId, { field: 'brand', accept: true })).body,
    );
    expect(answered.brand).toBe('Abercrombie & Fitch');
    expect(answered.title.length).toBeLessThanOrEqual(80);
    expect(answered.title).toMatch(/^Abercrombie & Fitch Blue Straight Leg .+ Size M$/);
    expect(title).toContain(answered.title.replace('Abercrombie & Fitch ', '').replace(' Size M', ''));
  });

  it('puts the brand and size where each language has them', async () => {
    const french = await listingWithQuestions({ title: 'Jean bleu droit', language: 'fr' });
    await answer(french.listingId, { field: 'brand', accept: true });
    const frenchTitle = expectOk(await answer(french.listingId, { field: 'size', accept: true })).title;
    expect(frenchTitle).toBe('Zara – jean bleu droit, taille M');

    const polish = await listingWithQuestions({ title: 'Niebieskie jeansy', language: 'pl' });
    await answer(polish.listingId, { field: 'brand', accept: true });
    expect(expectOk(await answer(polish.listingId, { field: 'size', accept: true })).title).toBe(
      'Zara niebieskie jeansy, rozm. M',
    );

    const german = await listingWithQuestions({ title: 'Blaue Jeans', language: 'de' });
    expect(expectOk(await answer(german.listingId, { field: 'brand', accept: true })).title).toBe(
      'Zara blaue Jeans',
    );
  });

  it('leaves the title alone when it already names the brand', async () => {
    const listing = await listingWithQuestions({ title: 'ZARA Blue Jeans' });
    const answered = expectOk(await answer(listing.listingId, { field: 'brand', accept: true }));
    expect(answered.title).toBe('ZARA Blue Jeans');
    expect(answered.brand).toBe('Zara');
  });

  it('answers 409 with a clear message for a field with no open question, and changes nothing', async () => {
    const listing = await listingWithQuestions({ suggestions: [SIZE_M] });
    const response = await answer(listing.listingId, { field: 'brand', accept: true });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'suggestion_answered', message: SuggestionMessages.noSuggestion });
    expect((await read(listing.listingId)).updatedAt).toBe(listing.updatedAt);
  });

  it('lets only one of two answers at once act on the same question', async () => {
    const listing = await listingWithQuestions();
    const responses = await Promise.all([
      answer(listing.listingId, { field: 'brand', accept: true }),
      answer(listing.listingId, { field: 'brand', accept: true }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await read(listing.listingId)).title).toBe('Zara Blue Straight Leg Jeans');
  });

  it("is a 404 for another seller's listing or one that does not exist, and leaves it as it was", async () => {
    const listing = await listingWithQuestions();
    const foreign = await answer(listing.listingId, { field: 'brand', accept: true }, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await answer('no-such-listing', { field: 'brand', accept: true })).status).toBe(404);
    expect((await read(listing.listingId)).suggestions).toEqual([ZARA, SIZE_M]);
  });

  it('refuses an answer about a field that cannot be suggested, or without a yes or no', async () => {
    const listing = await listingWithQuestions();
    // Raw: both answers are what the types forbid.
    const refused = (body: object) =>
      server.request('POST', `/api/listings/${listing.listingId}/suggestions`, { token: seller.token, body });
    expect((await refused({ field: 'colour', accept: true })).status).toBe(400);
    expect((await refused({ field: 'brand' })).status).toBe(400);
    expect(
      (await answer(listing.listingId, { field: 'brand', accept: true }, { ...seller, token: 'x' })).status,
    ).toBe(401);
  });

  it('lists the route in the OpenAPI document, and suggestions on the Listing schema', async () => {
    const document = await readOpenApiDocument(server.baseUrl);
    expect(document.paths['/api/listings/{id}/suggestions']?.post).toBeDefined();
    expect(Object.keys(document.components.schemas.Listing?.properties ?? {})).toContain('suggestions');
  });
});

describe('POST /api/listings/:id/suggestions on a listing the local writer wrote from its facts', () => {
  const GAP: FieldSuggestion = {
    field: 'brand',
    value: 'Gap',
    evidence: [{ source: 'label_text', photo: 2, text: 'GAP', rule: 'brand.logo_line', confidence: 0.6 }],
  };
  const settings = GenerationSettingsSchema.parse({});

  /** Blue polyester shorts, as the photos showed them: no brand or size stated, both asked. */
  function blueShorts(overrides: Partial<ItemFacts> = {}): ItemFacts {
    return {
      brand: null,
      size: null,
      composition: {
        value: [{ fibre: 'polyester', percent: 100 }],
        evidence: [{ source: 'label_text', photo: 2, rule: 'composition.line' }],
      },
      care: {
        value: ['machine wash 30', 'do not tumble dry'],
        evidence: [{ source: 'label_text', photo: 2, rule: 'care.words' }],
      },
      colours: {
        value: ['Blue'],
        evidence: [{ source: 'colour_analysis', photo: 1, rule: 'colour.dominant' }],
      },
      category: null,
      itemType: {
        value: 'shorts',
        evidence: [{ source: 'item_shape', photo: 1, rule: 'item_type.outline' }],
      },
      condition: null,
      preOwned: true,
      fit: 'true to size',
      openToOffers: true,
      shippingDays: null,
      suggestions: [GAP, SIZE_M],
      ...overrides,
    };
  }

  /** The fact as the seller's yes leaves it: their word first, then the reading behind the question. */
  function confirmed(suggestion: FieldSuggestion) {
    const yes = {
      source: 'seller_hint' as const,
      rule: `${suggestion.field}.confirmed`,
      text: suggestion.value,
    };
    return { value: suggestion.value, evidence: [yes, ...suggestion.evidence] };
  }

  async function locallyWritten(facts: ItemFacts, language: Language = 'en'): Promise<Listing> {
    const made = await createInventoryListing(server.baseUrl, seller);
    await writeAsLocallyWritten(server.app.db, made.listingId, { facts, language });
    return read(made.listingId);
  }

  it('yes to a brand: title, tags, description, price and its reason, and every marketplace version', async () => {
    const listing = await locallyWritten(blueShorts());
    expect(listing.title).toBe('Shorts Blue');

    const answered = expectOk(await answer(listing.listingId, { field: 'brand', accept: true }));
    const expected = writeListing(blueShorts({ brand: confirmed(GAP) }), settings, 'en', 'GBP');
    expect(answered.brand).toBe('Gap');
    expect(answered.title).toBe('Gap Shorts Blue');
    expect(answered.tags).toEqual(expected.tags);
    expect(answered.tags[0]).toBe('gap');
    expect(answered.description).toBe(expected.description);
    expect(answered.description).toMatch(/^Blue shorts by Gap\. /);
    // A known brand moves the price: its tier replaces the unknown brand's, in the range and in its reason.
    expect(answered.suggestedPriceRange).toEqual(expected.suggestedPriceRange);
    expect(answered.suggestedPriceRange).not.toEqual(listing.suggestedPriceRange);
    expect(answered.evidence.price).toEqual(expected.evidence.price);
    expect(answered.evidence.price?.[0]?.rule).not.toBe(listing.evidence.price?.[0]?.rule);
    expect(answered.evidence.title).toEqual(expected.evidence.title);
    expect(answered.evidence.title).toContainEqual({
      source: 'seller_hint',
      rule: 'brand.confirmed',
      text: 'Gap',
    });
    expect(answered.variants).toEqual(expected.variants);
    for (const marketplace of MARKETPLACES) {
      const variant = answered.variants[marketplace];
      expect(variant?.title, marketplace).toMatch(/Gap/);
      expect(variant?.description, marketplace).toContain('by Gap');
      expect(variant?.tags, marketplace).toContain('gap');
    }
    expect(answered.variants.ebay?.title).toBe('Gap Shorts Blue Polyester');
    expect(answered.variants.depop?.title).toBe('Blue shorts by Gap');
    expect(answered.suggestions).toEqual([SIZE_M]);
    expect(await read(listing.listingId)).toEqual(answered);
  });

  it('yes to a size, then to a brand: the listing the writer writes from both facts', async () => {
    const listing = await locallyWritten(blueShorts());
    const sized = expectOk(await answer(listing.listingId, { field: 'size', accept: true }));
    expect(sized.title).toBe('Shorts Blue Size M');
    expect(sized.description).toContain('Size M.');
    expect(sized.tags).toContain('size m');
    expect(sized.variants.vinted?.title).toBe('Blue shorts, size M');

    const answered = expectOk(await answer(listing.listingId, { field: 'brand', accept: true }));
    const expected = writeListing(
      blueShorts({ brand: confirmed(GAP), size: confirmed(SIZE_M) }),
      settings,
      'en',
      'GBP',
    );
    expect(answered).toMatchObject({
      brand: 'Gap',
      size: 'M',
      title: 'Gap Shorts Blue Size M',
      description: expected.description,
      tags: expected.tags,
      suggestedPriceRange: expected.suggestedPriceRange,
      variants: expected.variants,
      suggestions: [],
    });
    expect(answered.variants.ebay?.title).toBe('Gap Shorts Size M Blue Polyester');
  });

  it('keeps the care the label gave and writes no other', async () => {
    const listing = await locallyWritten(blueShorts());
    const answered = expectOk(await answer(listing.listingId, { field: 'brand', accept: true }));
    expect(answered.description).toContain('Care label: machine wash at 30°C, do not tumble dry.');
    expect(answered.description).not.toMatch(/wash cool|dry flat/i);
  });

  it('writes the yes in the listing’s language, with its agreement', async () => {
    const listing = await locallyWritten(blueShorts(), 'fr');
    expect(listing.title).toBe('Short bleu');
    const answered = expectOk(await answer(listing.listingId, { field: 'brand', accept: true }));
    expect(answered.title).toBe('Gap – short bleu');
    expect(answered.description).toMatch(/^Short bleu de la marque Gap\. /);
    expect(answered.variants.depop?.title).toBe('Short bleu de la marque Gap');
  });

  it('leaves a text the seller changed by hand as they wrote it, and rewrites the rest', async () => {
    const listing = await locallyWritten(blueShorts());
    const handTitle = 'Vintage blue running shorts';
    const owned = await server.app.db
      .selectFrom('listings')
      .select('owner_id')
      .where('id', '=', listing.listingId)
      .executeTakeFirstOrThrow();
    await new ListingsRepository(server.app.db).updateOwned(listing.listingId, owned.owner_id, {
      title: handTitle,
      brand: null,
      description: listing.description,
      tags: listing.tags,
      sku: null,
    });

    const answered = expectOk(await answer(listing.listingId, { field: 'brand', accept: true }));
    expect(answered.title).toBe(handTitle);
    expect(answered.evidence.title).toEqual(listing.evidence.title);
    expect(answered.description).toMatch(/^Blue shorts by Gap\. /);
    expect(answered.tags[0]).toBe('gap');
  });
});
