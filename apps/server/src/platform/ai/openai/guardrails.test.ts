import {
  type GenerationSettingsInput,
  GenerationSettingsSchema,
  MAX_DESCRIPTION_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
} from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import type { ListingDraft } from '../listing-engine';
import { applyGuardrails, cutDescription, type GuardrailInput, isRefusalReply } from './guardrails';
import { modelReply } from './model-reply.factory';
import type { ModelListing } from './reply-schema';

const LOCAL: ListingDraft = {
  title: 'Zara Blue Trousers',
  description: 'Trousers by Zara. Colour: blue.',
  tags: ['zara', 'trousers'],
  suggestedPriceRange: { currency: 'GBP', min: 900, max: 1600 },
  brand: 'Zara',
  size: null,
  colours: ['Blue'],
  category: 'Bottoms',
  condition: null,
  composition: [{ fibre: 'cotton', percent: 100 }],
  evidence: {
    title: [{ source: 'template', rule: 'title.en' }],
    description: [
      { source: 'seller_hint', rule: 'description.fit', text: 'true to size' },
      { source: 'template', rule: 'description.en' },
    ],
    tags: [{ source: 'template', rule: 'tags.en' }],
    price: [{ source: 'price_table', rule: 'price.bottoms.mid.unknown' }],
    brand: [{ source: 'label_text', photo: 2, text: 'ZARA', rule: 'brand.exact', confidence: 0.88 }],
    colours: [{ source: 'colour_analysis', photo: 1, rule: 'colour.kmeans_foreground' }],
    category: [{ source: 'item_shape', photo: 1, rule: 'shape.two_legs' }],
    composition: [{ source: 'label_text', photo: 2, text: '100% cotton', rule: 'composition.main' }],
  },
  variants: {},
  engine: 'local',
  model: null,
  usage: null,
  fallback: null,
};

const REPLY = modelReply();

function guard(
  reply: Partial<ModelListing>,
  options: { settings?: GenerationSettingsInput; local?: Partial<ListingDraft>; sent?: number[] } = {},
) {
  const input: GuardrailInput = {
    reply: { ...REPLY, ...reply },
    settings: GenerationSettingsSchema.parse(options.settings ?? {}),
    currency: 'GBP',
    local: { ...LOCAL, ...options.local },
    sentPhotos: new Set(options.sent ?? [1, 2]),
  };
  return applyGuardrails(input);
}

describe('applyGuardrails: brand and size', () => {
  it('keeps a brand the local evidence found, with both the label and the model as evidence', () => {
    const listing = guard({});
    expect(listing.brand).toBe('Zara');
    expect(listing.evidence.brand).toEqual([
      ...(LOCAL.evidence.brand ?? []),
      { source: 'vision_model', rule: 'vision_model.brand', photo: 2, text: 'ZARA' },
    ]);
  });

  it('drops a brand nothing supports, uses the local one and rewrites the title around it', () => {
    const listing = guard({
      brand: 'Gucci',
      brandReading: null,
      title: 'Gucci Straight Leg Jeans',
      description: 'Gucci jeans in blue. Straight leg.',
      tags: ['gucci jeans', 'jeans', 'Gucci'],
    });
    expect(listing.brand).toBe('Zara');
    expect(listing.title).toBe('Zara Straight Leg Jeans');
    expect(listing.description).toBe('Straight leg.');
    expect(listing.tags).toEqual(['jeans']);
    expect(JSON.stringify(listing)).not.toMatch(/gucci/i);
  });

  it('does not take a reading on a photo the model was not sent, or one that does not contain the value', () => {
    const local = { brand: null, evidence: { ...LOCAL.evidence, brand: [] } };
    const elsewhere = guard({ brand: 'Gucci', brandReading: { photo: 5, text: 'GUCCI' } }, { local });
    expect(elsewhere.brand).toBeNull();
    const unrelated = guard({ brand: 'Gucci', brandReading: { photo: 1, text: 'MADE IN ITALY' } }, { local });
    expect(unrelated.brand).toBeNull();
    expect(unrelated.evidence.brand).toBeUndefined();
  });

  it('keeps a brand the model read on a photo it was sent, with that reading as evidence', () => {
    const local = { brand: null, evidence: { ...LOCAL.evidence, brand: [] } };
    const listing = guard(
      { brand: 'Acme', brandReading: { photo: 1, text: 'ACME Denim Co.' }, title: 'Acme Jeans' },
      { local },
    );
    expect(listing.brand).toBe('Acme');
    expect(listing.title).toBe('Acme Jeans');
    expect(listing.evidence.brand).toEqual([
      { source: 'vision_model', rule: 'vision_model.brand', photo: 1, text: 'ACME Denim Co.' },
    ]);
  });

  it("lets the seller's brand and size win over what the model read", () => {
    const listing = guard(
      {
        brand: 'Wrangler',
        brandReading: { photo: 2, text: 'WRANGLER' },
        size: 'XL',
        sizeReading: { photo: 2, text: 'XL' },
        title: 'Wrangler Jeans Size XL',
        tags: ['wrangler', 'jeans', 'xl'],
      },
      {
        settings: { brand: "Levi's", size: 'W32 L34' },
        local: {
          brand: "Levi's",
          size: 'W32 L34',
          evidence: {
            ...LOCAL.evidence,
            brand: [{ source: 'seller_hint', text: "Levi's", rule: 'brand.seller_hint_known' }],
            size: [{ source: 'seller_hint', text: 'W32 L34', rule: 'size.seller_hint' }],
          },
        },
      },
    );
    expect([listing.brand, listing.size]).toEqual(["Levi's", 'W32 L34']);
    expect(listing.title).toBe("Levi's Jeans");
    expect(listing.tags).toEqual(['jeans']);
    expect(listing.evidence.brand?.[0]?.source).toBe('seller_hint');
  });

  it('drops an unsupported size together with the size word before it', () => {
    const listing = guard({ size: 'XL', sizeReading: null, title: 'Zara Straight Leg Jeans Size XL' });
    expect(listing.size).toBeNull();
    expect(listing.title).toBe('Zara Straight Leg Jeans');
  });
});

describe('applyGuardrails: limits and switched-off fields', () => {
  it('cuts an over-long title at a word within the limit', () => {
    const title = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const listing = guard({ title });
    expect(listing.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title.startsWith(listing.title)).toBe(true);
    expect(title[listing.title.length]).toBe(' ');
  });

  it('trims tags, removes "#" and duplicates, drops apologies and keeps at most MAX_TAGS', () => {
    const many = Array.from({ length: MAX_TAGS + 5 }, (_, index) => `tag ${index}`);
    const listing = guard({
      tags: [
        '#Jeans',
        'jeans',
        '  Blue   denim ',
        'sorry, I cannot tag this',
        'x'.repeat(MAX_TAG_LENGTH + 5),
        ...many,
      ],
    });
    expect(listing.tags.slice(0, 2)).toEqual(['Jeans', 'Blue denim']);
    expect(listing.tags).toHaveLength(MAX_TAGS);
    expect(listing.tags.every((tag) => tag.length <= MAX_TAG_LENGTH && !/sorry/i.test(tag))).toBe(true);
  });

  it('cuts an over-long description at the last sentence that fits', () => {
    const sentence = 'A soft and well kept pair of jeans. ';
    const listing = guard({
      description: sentence.repeat(Math.ceil(MAX_DESCRIPTION_LENGTH / sentence.length) + 5),
    });
    expect(listing.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(listing.description.endsWith('jeans.')).toBe(true);
  });

  it('leaves switched-off fields empty whatever the model wrote', () => {
    const listing = guard({}, { settings: { title: false, tags: false, suggestedPrice: false } });
    expect(listing.title).toBe('');
    expect(listing.tags).toEqual([]);
    expect(listing.suggestedPriceRange).toBeNull();
    expect(listing.description).toBe(REPLY.description);
    expect(listing.evidence.title).toEqual([]);
    expect(listing.variants.ebay).toEqual({ title: '', description: REPLY.description, tags: [] });
  });

  it("falls back to the local engine's text for a field the checks emptied", () => {
    const listing = guard({ brand: 'Gucci', brandReading: null, tags: ['gucci'], description: 'By Gucci.' });
    expect(listing.tags).toEqual(LOCAL.tags);
    expect(listing.description).toBe(LOCAL.description);
    expect(listing.evidence.tags).toEqual(LOCAL.evidence.tags);
  });
});

describe('applyGuardrails: prices and enums', () => {
  it('turns a believable range into minor units', () => {
    expect(guard({}).suggestedPriceRange).toEqual({ currency: 'GBP', min: 1200, max: 1850 });
    expect(guard({}).evidence.price).toEqual([{ source: 'vision_model', rule: 'vision_model.price' }]);
  });

  it.each([
    ['missing', null],
    ['zero', { min: 0, max: 10 }],
    ['upside down', { min: 20, max: 10 }],
    ['too wide', { min: 5, max: 40 }],
    ['above the cap', { min: 900_000, max: 1_100_000 }],
    ['far above the table', { min: 90, max: 120 }],
    ['far below the table', { min: 1, max: 2 }],
  ])("uses the local engine's range for a price that is %s", (_name, price) => {
    const listing = guard({ price });
    expect(listing.suggestedPriceRange).toEqual(LOCAL.suggestedPriceRange);
    expect(listing.evidence.price).toEqual(LOCAL.evidence.price);
  });

  it("keeps the local engine's colours, category and condition where the model gave none", () => {
    const listing = guard({ colours: [], category: null, condition: null });
    expect([listing.colours, listing.category, listing.condition]).toEqual([LOCAL.colours, 'Bottoms', null]);
    expect(listing.evidence.colours).toEqual(LOCAL.evidence.colours);
  });

  it('takes the model colours (at most two), category and condition, with vision evidence', () => {
    const listing = guard({ colours: ['Navy', 'White', 'Red'], category: 'Casual Wear', condition: 'Good' });
    expect([listing.colours, listing.category, listing.condition]).toEqual([
      ['Navy', 'White'],
      'Casual Wear',
      'Good',
    ]);
    expect(listing.evidence.condition).toEqual([{ source: 'vision_model', rule: 'vision_model.condition' }]);
  });

  it("keeps the seller's condition, and never calls a used item new", () => {
    const hinted = guard(
      { condition: 'Good' },
      {
        settings: { condition: 'new_with_tags' },
        local: {
          condition: 'New with tags',
          evidence: {
            ...LOCAL.evidence,
            condition: [{ source: 'seller_hint', rule: 'condition.new_with_tags' }],
          },
        },
      },
    );
    expect(hinted.condition).toBe('New with tags');
    expect(hinted.evidence.condition?.[0]?.source).toBe('seller_hint');
    expect(guard({ condition: 'New with tags' }, { settings: { condition: 'used' } }).condition).toBeNull();
  });
});

describe('isRefusalReply', () => {
  it('flags an apology in the title or the description', () => {
    expect(isRefusalReply({ ...REPLY, title: "I'm sorry, but I can't help with that." })).toBe(true);
    expect(isRefusalReply({ ...REPLY, description: 'As an AI language model I cannot judge clothes.' })).toBe(
      true,
    );
    expect(isRefusalReply(REPLY)).toBe(false);
  });
});

describe('cutDescription', () => {
  it('cuts at a word when no sentence ends in the second half', () => {
    expect(cutDescription('one two three four five six', 12)).toBe('one two');
  });
});
